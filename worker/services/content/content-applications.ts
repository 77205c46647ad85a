import type { z } from 'zod';
import type { consoleApplication } from '../../../contract/calls/console-content';
import { ApiError } from '../../lib/envelope';
import { selectApplication, selectApplications, type ContentApplicationRow } from '../../db/queries/console-content';
import { MEDIA_KEY, type MediaBucket } from '../media/media';

/**
 * Players' promotion applications in the back office (docs/back-office.md "Content"; accounts §5 Activity apply):
 * the list with the promotion, the player's account, the remark and status, and the evidence images the player
 * attached (stored under `apply/…` in the media bucket, which `GET /media/…` never serves). The images reach only
 * operators whose role has `content.evidence` (owner, admin, finance, content), through the console, uncached.
 */

type Application = z.output<typeof consoleApplication>;

const keysOf = (row: ContentApplicationRow): string[] => {
  try {
    const keys: unknown = JSON.parse(row.image_keys);
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string' && MEDIA_KEY.test(k) && k.startsWith('apply/')) : [];
  } catch {
    return [];
  }
};

const itemOf = (row: ContentApplicationRow): Application => ({
  id: row.id, promotionId: row.promotion_id, promotion: row.promotion, account: row.account, remark: row.remark, status: row.status,
  createdAt: row.created_at, images: keysOf(row).length,
});

/** The site's applications (one status or all), newest first, page `page` of `perPage`. */
export async function listApplications(db: D1Database, merchantCode: string, status: string | null, page: number, perPage: number) {
  const { rows, total } = await selectApplications(db, merchantCode, status, perPage, (page - 1) * perPage);
  return { items: rows.map(itemOf), total };
}

/** One application of the site as the console lists it, or null (none, or another site's). */
export async function readApplication(db: D1Database, merchantCode: string, id: number): Promise<Application | null> {
  const row = await selectApplication(db, merchantCode, id);
  return row ? itemOf(row) : null;
}

/**
 * Evidence image `n` (0-based) of application `id` of the site: its bytes and stored type. 404 `not_found` when the
 * application is another site's or has no such image, or the file is gone.
 */
export async function applicationImage(
  db: D1Database, bucket: MediaBucket, merchantCode: string, id: number, n: number,
): Promise<{ body: ReadableStream; type: string }> {
  const row = await selectApplication(db, merchantCode, id);
  const key = row ? keysOf(row)[n] : undefined;
  const object = key ? await bucket.get(key) : null;
  if (!object) throw new ApiError(404, 'not_found', 'No such image');
  return { body: object.body, type: object.httpMetadata?.contentType ?? 'application/octet-stream' };
}
