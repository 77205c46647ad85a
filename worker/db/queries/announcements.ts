import type { Announcement, AnnouncementType } from '../../../contract/calls/content-schemas';
import { plainText, sanitizeRich } from '../../model/rich-text';

/** A stored announcement row (migration 0011). */
interface AnnouncementRow {
  id: number;
  type: AnnouncementType;
  title: string;
  content: string;
  execution: 'A' | 'B' | 'F';
  group_name: string;
  promotion_type: string;
  label: string;
  linkage_type: '' | 'P' | 'URL' | 'G';
  linkage: string;
  applicable: number;
  start_date: number;
  end_date: number | null;
  images: string | null;
  read_at: number | null;
  application_status: string | null;
}

/** Filters of the announcement list (platform-contract.md §2). */
export interface AnnouncementFilter {
  types: AnnouncementType[];
  groupName?: string | undefined;
  execution?: 'A' | 'B' | 'F' | undefined;
  linkageType?: 'P' | 'URL' | 'G' | undefined;
  /**
   * A content preview (docs/back-office.md "Content"): this announcement of the merchant is listed as saved,
   * published or not, whatever its schedule, if it is of the requested types and filters.
   */
  previewId?: number | undefined;
}

/** Game linkage fields of a G banner (stored as JSON in `linkage`). */
interface GameLinkage { roomId?: string; nodeId?: number; gameType?: string; vendor?: string }

/**
 * The published announcements of a merchant matching `filter`, in the operator's order (sort_order; then running before coming, newest start
 * first): within their window [start, end), promotions also before their start ("coming soon"). With a member,
 * `read` and the member's application status are joined. Title, content and label are those of `language` (a code
 * of contract/languageCodes.ts, any case) where the operator gave that language a version (migration 0025), else the
 * announcement's own, in the site's default language (per field: an empty translated body or label keeps the
 * default's). Content is sanitised again on the way out.
 */
export async function listAnnouncements(
  db: D1Database, merchantCode: string, filter: AnnouncementFilter, memberId: number | null, language: string, now = Date.now(),
): Promise<Announcement[]> {
  const types = filter.types;
  const where = [`a.merchant_code = ?`, `a.type IN (${types.map(() => '?').join(',')})`,
    `(a.id = ? OR (a.published = 1 AND (a.end_date IS NULL OR a.end_date > ?) AND (a.start_date <= ? OR a.type = 'PR')))`];
  const params: (string | number | null)[] = [memberId, memberId, language.toUpperCase(), merchantCode, ...types, filter.previewId ?? null, now, now];
  if (filter.groupName !== undefined) { where.push(`a.group_name = ?`); params.push(filter.groupName); }
  if (filter.execution !== undefined) { where.push(`a.execution = ?`); params.push(filter.execution); }
  if (filter.linkageType !== undefined) { where.push(`a.linkage_type = ?`); params.push(filter.linkageType); }
  params.push(now);
  const { results } = await db.prepare(
    `SELECT a.id, a.type, COALESCE(t.title, a.title) AS title, COALESCE(NULLIF(t.content, ''), a.content) AS content,
            a.execution, a.group_name, a.promotion_type, COALESCE(NULLIF(t.label, ''), a.label) AS label, a.linkage_type,
            a.linkage, a.applicable, a.start_date, a.end_date,
            (SELECT json_group_array(json_object('sequence', i.sequence, 'url', i.url))
               FROM (SELECT sequence, url FROM announcement_images WHERE announcement_id = a.id ORDER BY sequence) i) AS images,
            r.read_at, p.status AS application_status
       FROM announcements a
       LEFT JOIN announcement_reads r ON r.announcement_id = a.id AND r.member_id = ?
       LEFT JOIN promotion_applications p ON p.announcement_id = a.id AND p.member_id = ?
       LEFT JOIN announcement_translations t ON t.announcement_id = a.id AND t.language = ?
      WHERE ${where.join(' AND ')}
      ORDER BY a.sort_order, a.start_date > ?, a.start_date DESC, a.id DESC
      LIMIT 200`,
  ).bind(...params).all<AnnouncementRow>();
  return results.map((row) => toAnnouncement(row, now));
}

function toAnnouncement(row: AnnouncementRow, now: number): Announcement {
  const images = (JSON.parse(row.images ?? '[]') as { sequence: number; url: string }[]).filter((i) => i.url);
  const item: Announcement = {
    id: row.id,
    type: row.type,
    title: plainText(row.title),
    content: sanitizeRich(row.content),
    startDate: row.start_date,
    endDate: row.end_date,
    execution: row.execution,
    groupName: row.group_name,
    promotionType: row.promotion_type,
    label: plainText(row.label),
    linkageType: row.linkage_type,
    linkage: row.linkage_type === 'G' ? '' : row.linkage,
    url: images[0]?.url ?? '',
    read: row.read_at !== null,
    applicable: row.applicable === 1,
    status: row.application_status ?? (row.start_date > now ? 'coming soon' : ''),
    announcementImages: images,
  };
  if (row.linkage_type === 'G') {
    const game = safeJson<GameLinkage>(row.linkage);
    if (game.roomId !== undefined) item.roomId = String(game.roomId);
    if (typeof game.nodeId === 'number') item.nodeId = game.nodeId;
    if (game.gameType !== undefined) item.gameType = String(game.gameType);
    if (game.vendor !== undefined) item.vendor = String(game.vendor);
  }
  return item;
}

function safeJson<T extends object>(text: string): Partial<T> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}

/** Whether a published announcement of the merchant exists (any type). */
export async function announcementExists(db: D1Database, merchantCode: string, id: number): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS ok FROM announcements WHERE id = ? AND merchant_code = ? AND published = 1`)
    .bind(id, merchantCode).first<{ ok: number }>();
  return row !== null;
}

/** Marks an announcement read for a member (idempotent: the first read time stays). */
export async function markRead(db: D1Database, announcementId: number, memberId: number, now = Date.now()): Promise<void> {
  await db.prepare(`INSERT INTO announcement_reads (announcement_id, member_id, read_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`)
    .bind(announcementId, memberId, now).run();
}

/** A promotion (type PR) of the merchant, for applying. */
export interface PromotionRow { id: number; applicable: number; start_date: number; end_date: number | null; published: number }

/** The merchant's promotion `id`, or null. */
export async function findPromotion(db: D1Database, merchantCode: string, id: number): Promise<PromotionRow | null> {
  return db.prepare(
    `SELECT id, applicable, start_date, end_date, published FROM announcements WHERE id = ? AND merchant_code = ? AND type = 'PR'`,
  ).bind(id, merchantCode).first<PromotionRow>();
}

/**
 * Records an application (status 'applying'); false when the member already applied (the unique key holds it, so
 * two racing requests record one).
 */
export async function insertApplication(
  db: D1Database, promotionId: number, memberId: number, remark: string, imageKeys: string[], now = Date.now(),
): Promise<boolean> {
  const result = await db.prepare(
    `INSERT INTO promotion_applications (announcement_id, member_id, remark, image_keys, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (announcement_id, member_id) DO NOTHING`,
  ).bind(promotionId, memberId, remark, JSON.stringify(imageKeys), now).run();
  return (result.meta.changes ?? 0) > 0;
}

/** Whether the member has applied to a promotion. */
export async function hasApplied(db: D1Database, promotionId: number, memberId: number): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS ok FROM promotion_applications WHERE announcement_id = ? AND member_id = ?`)
    .bind(promotionId, memberId).first<{ ok: number }>();
  return row !== null;
}

/**
 * The categories (promotion types) of a merchant's listed promotions — published, not ended, running or coming
 * soon, as the promotions list shows them — with how many promotions each has, in the list's order (a category's
 * place is that of its first promotion). Promotions without a type are left out.
 */
export async function listPromotionCategories(
  db: D1Database, merchantCode: string, now = Date.now(),
): Promise<{ category: string; count: number }[]> {
  const { results } = await db.prepare(
    `SELECT promotion_type AS category, COUNT(*) AS count, MIN(position) AS first
       FROM (SELECT promotion_type,
                    ROW_NUMBER() OVER (ORDER BY sort_order, start_date > ?2, start_date DESC, id DESC) AS position
               FROM announcements
              WHERE merchant_code = ?1 AND published = 1 AND type = 'PR' AND (end_date IS NULL OR end_date > ?2))
      WHERE promotion_type <> ''
      GROUP BY promotion_type
      ORDER BY first`,
  ).bind(merchantCode, now).all<{ category: string; count: number; first: number }>();
  return results.map((r) => ({ category: r.category, count: r.count }));
}
