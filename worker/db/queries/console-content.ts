/**
 * The back office's content queries (docs/back-office.md "Content"; tables of migrations 0011, 0026 and 0041): the
 * site's announcements (banners, notices, popups, promotions) with their images and versions in other languages,
 * help entries per language, preview tokens, and promotion applications. Reads return plain rows; writes return
 * unrun statements so the service puts each change and its audit row in one `db.batch` (one transaction). Every
 * statement is scoped by merchant code. Times are epoch ms.
 */

/** An announcement with its images (JSON array of URLs in sequence order) and versions (JSON object language → text). */
export interface ContentAnnouncementRow {
  id: number;
  slug: string;
  type: 'A' | 'PL' | 'B' | 'PU' | 'PR';
  title: string;
  content: string;
  label: string;
  execution: 'A' | 'B' | 'F';
  group_name: string;
  promotion_type: string;
  linkage_type: '' | 'P' | 'URL' | 'G';
  linkage: string;
  applicable: number;
  start_date: number;
  end_date: number | null;
  sort_order: number;
  published: number;
  updated_at: number;
  images: string;
  translations: string;
}

const ANNOUNCEMENT_COLUMNS = `a.id, a.slug, a.type, a.title, a.content, a.label, a.execution, a.group_name, a.promotion_type, a.linkage_type,
  a.linkage, a.applicable, a.start_date, a.end_date, a.sort_order, a.published, a.updated_at,
  (SELECT json_group_array(url) FROM (SELECT url FROM announcement_images WHERE announcement_id = a.id ORDER BY sequence)) AS images,
  (SELECT json_group_object(language, json_object('title', title, 'content', content, 'label', label))
     FROM announcement_translations WHERE announcement_id = a.id) AS translations`;

/** The merchant's announcements of `types`, in the site's order (sort_order, then newest start), at most 1000. */
export async function selectContentAnnouncements(db: D1Database, merchantCode: string, types: readonly string[]): Promise<ContentAnnouncementRow[]> {
  const { results } = await db.prepare(
    `SELECT ${ANNOUNCEMENT_COLUMNS} FROM announcements a
      WHERE a.merchant_code = ? AND a.type IN (SELECT value FROM json_each(?))
      ORDER BY a.sort_order, a.start_date DESC, a.id DESC LIMIT 1000`,
  ).bind(merchantCode, JSON.stringify(types)).all<ContentAnnouncementRow>();
  return results;
}

/** One announcement of the merchant by id, of one of `types`, or null (another site's is null too). */
export async function selectContentAnnouncement(
  db: D1Database, merchantCode: string, id: number, types: readonly string[],
): Promise<ContentAnnouncementRow | null> {
  return db.prepare(
    `SELECT ${ANNOUNCEMENT_COLUMNS} FROM announcements a
      WHERE a.id = ? AND a.merchant_code = ? AND a.type IN (SELECT value FROM json_each(?))`,
  ).bind(id, merchantCode, JSON.stringify(types)).first<ContentAnnouncementRow>();
}

/** The id of the merchant's announcement `slug`, or null. */
export async function announcementIdBySlug(db: D1Database, merchantCode: string, slug: string): Promise<number | null> {
  const row = await db.prepare(`SELECT id FROM announcements WHERE merchant_code = ? AND slug = ?`).bind(merchantCode, slug).first<{ id: number }>();
  return row?.id ?? null;
}

/** Whether `id` is a promotion (type PR) of the merchant. */
export async function isMerchantPromotion(db: D1Database, merchantCode: string, id: number): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS ok FROM announcements WHERE id = ? AND merchant_code = ? AND type = 'PR'`).bind(id, merchantCode).first();
  return row !== null;
}

/** The announcement's stored fields (default-language words included), as the service hands them in. */
export interface AnnouncementFields {
  slug: string;
  type: string;
  title: string;
  content: string;
  label: string;
  execution: string;
  groupName: string;
  promotionType: string;
  linkageType: string;
  linkage: string;
  applicable: boolean;
  startDate: number;
  endDate: number | null;
  order: number;
  published: boolean;
}

/**
 * Statements that write announcement `slug` of the merchant as `fields` (insert, or update when `id` is given), and
 * replace its images and its versions in other languages; run them in one batch. `now` is its updated_at.
 */
export function announcementWriteStatements(
  db: D1Database, merchantCode: string, id: number | null, fields: AnnouncementFields,
  images: readonly string[], translations: readonly { language: string; title: string; content: string; label: string }[], now: number,
): D1PreparedStatement[] {
  const f = fields;
  const values = [f.slug, f.type, f.title, f.content, f.execution, f.groupName, f.promotionType, f.label, f.linkageType, f.linkage,
    f.applicable ? 1 : 0, f.startDate, f.endDate, f.order, f.published ? 1 : 0, now];
  const write = id === null
    ? db.prepare(`INSERT INTO announcements (merchant_code, slug, type, title, content, execution, group_name, promotion_type, label, linkage_type,
        linkage, applicable, start_date, end_date, sort_order, published, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .bind(merchantCode, ...values)
    : db.prepare(`UPDATE announcements SET slug = ?, type = ?, title = ?, content = ?, execution = ?, group_name = ?, promotion_type = ?, label = ?,
        linkage_type = ?, linkage = ?, applicable = ?, start_date = ?, end_date = ?, sort_order = ?, published = ?, updated_at = ?
        WHERE id = ? AND merchant_code = ?`)
      .bind(...values, id, merchantCode);
  const idOf = `(SELECT id FROM announcements WHERE merchant_code = ?1 AND slug = ?2)`;
  return [
    write,
    db.prepare(`DELETE FROM announcement_images WHERE announcement_id = ${idOf}`).bind(merchantCode, f.slug),
    ...images.map((url, i) => db.prepare(`INSERT INTO announcement_images (announcement_id, sequence, url) SELECT ${idOf}, ?3, ?4`)
      .bind(merchantCode, f.slug, i + 1, url)),
    db.prepare(`DELETE FROM announcement_translations WHERE announcement_id = ${idOf}`).bind(merchantCode, f.slug),
    ...translations.map((t) => db.prepare(`INSERT INTO announcement_translations (announcement_id, language, title, content, label)
        SELECT ${idOf}, ?3, ?4, ?5, ?6`).bind(merchantCode, f.slug, t.language, t.title, t.content, t.label)),
  ];
}

/** Publishes or unpublishes announcement `id` of the merchant (updated_at `now`). */
export function announcementPublishStatement(db: D1Database, merchantCode: string, id: number, published: boolean, now: number): D1PreparedStatement {
  return db.prepare(`UPDATE announcements SET published = ?, updated_at = ? WHERE id = ? AND merchant_code = ?`).bind(published ? 1 : 0, now, id, merchantCode);
}

/** Deletes announcement `id` of the merchant (its images, versions and read marks go with it). */
export function announcementDeleteStatement(db: D1Database, merchantCode: string, id: number): D1PreparedStatement {
  return db.prepare(`DELETE FROM announcements WHERE id = ? AND merchant_code = ?`).bind(id, merchantCode);
}

/** How many applications a promotion has. */
export async function countApplications(db: D1Database, promotionId: number): Promise<number> {
  const row = await db.prepare(`SELECT COUNT(*) AS n FROM promotion_applications WHERE announcement_id = ?`).bind(promotionId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** One help entry row (one language of one slug). */
export interface ContentHelpRow {
  id: number;
  language: string;
  slug: string;
  parent_slug: string | null;
  tag: string;
  title: string;
  content: string;
  sort_order: number;
  published: number;
}

/** The merchant's help entries (every language), or those of one slug. */
export async function selectHelpRows(db: D1Database, merchantCode: string, slug?: string): Promise<ContentHelpRow[]> {
  const { results } = await db.prepare(
    `SELECT h.id, h.language, h.slug, p.slug AS parent_slug, h.tag, h.title, h.content, h.sort_order, h.published
       FROM help_entries h LEFT JOIN help_entries p ON p.id = h.parent_id
      WHERE h.merchant_code = ?1 AND (?2 IS NULL OR h.slug = ?2) ORDER BY h.sort_order, h.slug, h.language`,
  ).bind(merchantCode, slug ?? null).all<ContentHelpRow>();
  return results;
}

/** A help item's fields shared by its languages. */
export interface HelpFields { slug: string; parent: string | null; tag: string; order: number; published: boolean }

/**
 * Statements that bring help item `slug` to `fields` in exactly `texts`' languages: a language's row is upserted
 * (its parent is the section `parent` in that language), the item's rows in other languages are deleted.
 */
export function helpWriteStatements(
  db: D1Database, merchantCode: string, fields: HelpFields, texts: readonly { language: string; title: string; content: string }[],
): D1PreparedStatement[] {
  const languages = JSON.stringify(texts.map((t) => t.language));
  return [
    db.prepare(`DELETE FROM help_entries WHERE merchant_code = ? AND slug = ? AND language NOT IN (SELECT value FROM json_each(?))`)
      .bind(merchantCode, fields.slug, languages),
    ...texts.map((t) => db.prepare(
      `INSERT INTO help_entries (merchant_code, language, slug, parent_id, tag, title, content, sort_order, published)
       VALUES (?1, ?2, ?3, (SELECT id FROM help_entries WHERE merchant_code = ?1 AND language = ?2 AND slug = ?4), ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (merchant_code, language, slug) DO UPDATE SET parent_id = excluded.parent_id, tag = excluded.tag,
         title = excluded.title, content = excluded.content, sort_order = excluded.sort_order, published = excluded.published`,
    ).bind(merchantCode, t.language, fields.slug, fields.parent, fields.tag, t.title, t.content, fields.order, fields.published ? 1 : 0)),
  ];
}

/** Publishes or unpublishes every language of help item `slug`. */
export function helpPublishStatement(db: D1Database, merchantCode: string, slug: string, published: boolean): D1PreparedStatement {
  return db.prepare(`UPDATE help_entries SET published = ? WHERE merchant_code = ? AND slug = ?`).bind(published ? 1 : 0, merchantCode, slug);
}

/** Deletes every language of help item `slug`. */
export function helpDeleteStatement(db: D1Database, merchantCode: string, slug: string): D1PreparedStatement {
  return db.prepare(`DELETE FROM help_entries WHERE merchant_code = ? AND slug = ?`).bind(merchantCode, slug);
}

/** How many help entries name `slug` as their section. */
export async function countHelpChildren(db: D1Database, merchantCode: string, slug: string): Promise<number> {
  const row = await db.prepare(`SELECT COUNT(*) AS n FROM help_entries c JOIN help_entries p ON p.id = c.parent_id
      WHERE p.merchant_code = ? AND p.slug = ?`).bind(merchantCode, slug).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A preview grant (migration 0041): what it shows, on which site, until when. */
export interface ContentPreviewRow { merchant_code: string; kind: 'announcement' | 'help'; target: string; expires_at: number }

/** Stores a preview grant under the token's hash (old grants of every site are cleared on the way). */
export async function insertContentPreview(db: D1Database, tokenHash: string, row: ContentPreviewRow, now: number): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM content_previews WHERE expires_at <= ?`).bind(now),
    db.prepare(`INSERT INTO content_previews (token_hash, merchant_code, kind, target, expires_at) VALUES (?, ?, ?, ?, ?)`)
      .bind(tokenHash, row.merchant_code, row.kind, row.target, row.expires_at),
  ]);
}

/** The live preview grant of a token hash on the merchant, or null. */
export async function findContentPreview(db: D1Database, merchantCode: string, tokenHash: string, now: number): Promise<ContentPreviewRow | null> {
  return db.prepare(`SELECT merchant_code, kind, target, expires_at FROM content_previews WHERE token_hash = ? AND merchant_code = ? AND expires_at > ?`)
    .bind(tokenHash, merchantCode, now).first<ContentPreviewRow>();
}

/** A promotion application as the back office lists it. */
export interface ContentApplicationRow {
  id: number; promotion_id: number; promotion: string; account: string; remark: string; status: string; created_at: number; image_keys: string;
}

const APPLICATION_SELECT = `SELECT pa.id, a.id AS promotion_id, a.title AS promotion, m.account, pa.remark, pa.status, pa.created_at, pa.image_keys
  FROM promotion_applications pa JOIN announcements a ON a.id = pa.announcement_id JOIN members m ON m.id = pa.member_id`;

/** The merchant's applications (of one status, or all), newest first: a page and the total. */
export async function selectApplications(
  db: D1Database, merchantCode: string, status: string | null, limit: number, offset: number,
): Promise<{ rows: ContentApplicationRow[]; total: number }> {
  const where = `WHERE a.merchant_code = ?1 AND (?2 IS NULL OR pa.status = ?2)`;
  const [page, count] = await db.batch([
    db.prepare(`${APPLICATION_SELECT} ${where} ORDER BY pa.id DESC LIMIT ?3 OFFSET ?4`).bind(merchantCode, status, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM promotion_applications pa JOIN announcements a ON a.id = pa.announcement_id ${where}`).bind(merchantCode, status),
  ]);
  return { rows: (page?.results ?? []) as unknown as ContentApplicationRow[], total: ((count?.results ?? [])[0] as { n: number } | undefined)?.n ?? 0 };
}

/** One application of the merchant, or null (another site's too). */
export async function selectApplication(db: D1Database, merchantCode: string, id: number): Promise<ContentApplicationRow | null> {
  return db.prepare(`${APPLICATION_SELECT} WHERE pa.id = ? AND a.merchant_code = ?`).bind(id, merchantCode).first<ContentApplicationRow>();
}
