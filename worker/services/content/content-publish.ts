import { KIND_TYPES, type AnnouncementKind } from '../../../contract/calls/console-content';
import { announcementIdBySlug, announcementPublishStatement, selectContentAnnouncement } from '../../db/queries/console-content';
import { recordAudit } from '../operators/audit';

/**
 * Publishes or unpublishes the site's announcement `slug` of any kind, with its audit row
 * (`content.publish|unpublish`, target `<kind>/<slug>`) in the same batch, as the back office's publish writes it
 * (content-admin.ts) — for the operator command `content publish|unpublish` (docs/operator-guide.md "Content"),
 * whose actor is `cli:<OS user>`. False when the site has no such announcement. Throws nothing of its own, so the
 * command line (Node's type stripping) can load it.
 */
export async function publishAnnouncementBySlug(
  db: D1Database, merchantCode: string, slug: string, published: boolean,
  actor: { merchantCode: string; operatorId: number | null; operator: string; address: string }, now = Date.now(),
): Promise<boolean> {
  const id = await announcementIdBySlug(db, merchantCode, slug);
  const row = id === null ? null : await selectContentAnnouncement(db, merchantCode, id, ['A', 'PL', 'B', 'PU', 'PR']);
  if (id === null || !row) return false;
  const kind = (Object.keys(KIND_TYPES) as AnnouncementKind[]).find((k) => (KIND_TYPES[k] as readonly string[]).includes(row.type)) ?? 'notices';
  await db.batch([announcementPublishStatement(db, merchantCode, id, published, now), recordAudit(db, {
    ...actor, action: published ? 'content.publish' : 'content.unpublish', target: `${kind}/${slug}`,
    before: { published: row.published === 1 }, after: { published }, at: now,
  })]);
  return true;
}
