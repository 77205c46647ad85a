import { findContentPreview, insertContentPreview, type ContentPreviewRow } from '../../db/queries/console-content';
import { hashToken, newToken } from '../crypto/tokens';

/**
 * Previews of the operator's content in the site's own pages (docs/back-office.md "Content"): the back office asks
 * for one and gets the address of the real page (home for banners, notices and popups; the promotion's page; the
 * help centre) with `preview=<token>` and `lang=<language>`; the edge (worker/edge/pages/pages.ts) then fills that
 * page with the item as saved — published or not, before or after its schedule — for whoever holds the address,
 * until it expires (PREVIEW_MS). Tokens are 256-bit random, kept as their SHA-256 hash, valid on their own site only.
 * A preview page is never cached and never indexed.
 */

/** How long a preview address works: 15 minutes. */
export const PREVIEW_MS = 15 * 60 * 1000;
/** The query parameter that carries the token. */
export const PREVIEW_PARAM = 'preview';

/** What a preview shows: an announcement (id and type) or a help item (slug). */
export type PreviewTarget = { kind: 'announcement'; id: number; type: string } | { kind: 'help'; slug: string };

/** The page an item is seen on (path and query, without the preview's own parameters). */
function pageOf(target: PreviewTarget): string {
  if (target.kind === 'help') return '/m/help';
  return target.type === 'PR' ? `/m/activityDetail?id=${target.id}` : '/m/home';
}

/** Makes a preview of `target` on `merchantCode` in `language`; the address (same host) and its expiry (epoch ms). */
export async function createContentPreview(
  db: D1Database, merchantCode: string, target: PreviewTarget, language: string, now = Date.now(),
): Promise<{ url: string; expiresAt: number; language: string }> {
  const token = newToken();
  const expiresAt = now + PREVIEW_MS;
  await insertContentPreview(db, hashToken(token), {
    merchant_code: merchantCode, kind: target.kind, target: target.kind === 'help' ? target.slug : String(target.id), expires_at: expiresAt,
  }, now);
  const page = pageOf(target);
  const url = `${page}${page.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}&${PREVIEW_PARAM}=${token}`;
  return { url, expiresAt, language };
}

/** What a page request's preview token grants on `merchantCode` now, or null (absent, malformed, expired, another site's). */
export async function previewGrant(db: D1Database, merchantCode: string, token: string | null, now = Date.now()): Promise<ContentPreviewRow | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return findContentPreview(db, merchantCode, hashToken(token), now).catch(() => null);
}
