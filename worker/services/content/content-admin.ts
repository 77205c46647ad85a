import type { z } from 'zod';
import {
  KIND_TYPES, type AnnouncementKind, type ConsoleAnnouncement, type announcementCreateBody, type announcementUpdateBody, type contentLinkage,
} from '../../../contract/calls/console-content';
import { ApiError } from '../../lib/envelope';
import { plainText, sanitizeRich } from '../../model/rich-text';
import {
  announcementDeleteStatement, announcementIdBySlug, announcementPublishStatement, announcementWriteStatements, countApplications,
  isMerchantPromotion, selectContentAnnouncement, selectContentAnnouncements, type AnnouncementFields, type ContentAnnouncementRow,
} from '../../db/queries/console-content';
import { recordAudit } from '../operators/audit';

/**
 * The back office's banners, notices, popups and promotions (docs/back-office.md "Content"; accounts §2–§4): read,
 * create, edit (words per language, schedule, links, images), publish, unpublish and delete one site's
 * announcements, each change with its audit row (`content.create|update|publish|unpublish|delete`, before and after)
 * in the same batch. Words are cleaned as the content import cleans them (worker/model/rich-text.ts: titles and
 * labels plain text, bodies sanitised rich HTML), so the player API answers them unchanged. An announcement's own
 * columns hold the site's default language; other languages are versions (migration 0026). Plain arguments.
 */

/** Who changes content, for the audit row. */
export interface ContentActor { merchantCode: string; operatorId: number | null; operator: string; address: string }
/** The site whose content is edited: its code and default language (upper-case code). */
export interface ContentSite { code: string; defaultLanguage: string }

type Linkage = z.output<typeof contentLinkage>;
type CreateBody = z.output<typeof announcementCreateBody>;
type UpdateBody = z.output<typeof announcementUpdateBody>;

/** Where an item stands at `now`: draft (unpublished), scheduled (before its start), live, ended (past its end). */
export function contentState(published: boolean, startDate: number, endDate: number | null, now: number): ConsoleAnnouncement['state'] {
  if (!published) return 'draft';
  if (endDate !== null && endDate <= now) return 'ended';
  return startDate > now ? 'scheduled' : 'live';
}

function linkageOf(row: Pick<ContentAnnouncementRow, 'linkage_type' | 'linkage'>): Linkage {
  if (row.linkage_type === 'P' && /^\d+$/.test(row.linkage)) return { type: 'P', promotionId: Number(row.linkage) };
  if (row.linkage_type === 'URL') return { type: 'URL', url: row.linkage };
  if (row.linkage_type === 'G') {
    try {
      const game = JSON.parse(row.linkage) as { roomId?: string; nodeId: number; gameType: string; vendor: string };
      return { type: 'G', game };
    } catch {
      return { type: '' };
    }
  }
  return { type: '' };
}

/** The item of a stored row (kind from its type). */
export function announcementItemOf(row: ContentAnnouncementRow, site: ContentSite, now: number): ConsoleAnnouncement {
  const kind = (Object.keys(KIND_TYPES) as AnnouncementKind[]).find((k) => (KIND_TYPES[k] as readonly string[]).includes(row.type)) ?? 'notices';
  const versions = JSON.parse(row.translations || '{}') as Record<string, { title: string; content: string; label: string }>;
  const published = row.published === 1;
  return {
    id: row.id, kind, slug: row.slug, type: row.type, published, state: contentState(published, row.start_date, row.end_date, now),
    startDate: row.start_date, endDate: row.end_date, order: row.sort_order, execution: row.execution, groupName: row.group_name,
    promotionType: row.promotion_type, applicable: row.applicable === 1, linkage: linkageOf(row),
    images: (JSON.parse(row.images || '[]') as (string | null)[]).filter((u): u is string => typeof u === 'string'),
    defaultLanguage: site.defaultLanguage,
    texts: { ...versions, [site.defaultLanguage]: { title: row.title, content: row.content, label: row.label } },
    title: row.title, updatedAt: row.updated_at,
  };
}

/** List options of the data conventions (src/console/registry.ts). */
export interface ContentListOptions { page: number; perPage: number; sort?: string | undefined; order: 'ASC' | 'DESC'; q?: string | undefined; state?: string | undefined }

const SORTABLE = new Set(['id', 'slug', 'title', 'startDate', 'endDate', 'order', 'state', 'updatedAt', 'type']);

/** Sorts, filters (`q` on slug and titles, `state`) and pages items of the site. */
export function pageOf<T extends { slug: string; title: string; state: string }>(items: T[], options: ContentListOptions): { items: T[]; total: number } {
  const q = options.q?.toLowerCase();
  let list = items.filter((i) => (!q || i.slug.includes(q) || i.title.toLowerCase().includes(q)) && (!options.state || i.state === options.state));
  if (options.sort && SORTABLE.has(options.sort)) {
    const key = options.sort as keyof T;
    const sign = options.order === 'DESC' ? -1 : 1;
    list = [...list].sort((a, b) => (a[key] === b[key] ? 0 : (a[key] ?? 0) > (b[key] ?? 0) ? sign : -sign));
  }
  const from = (options.page - 1) * options.perPage;
  return { items: list.slice(from, from + options.perPage), total: list.length };
}

/** The site's announcements of `kind` as the list shows them. */
export async function listAnnouncementItems(db: D1Database, site: ContentSite, kind: AnnouncementKind, options: ContentListOptions, now = Date.now()) {
  const rows = await selectContentAnnouncements(db, site.code, KIND_TYPES[kind]);
  return pageOf(rows.map((r) => announcementItemOf(r, site, now)), options);
}

/** One announcement of `kind` of the site; 404 `content_not_found` when it is none (another site's, another kind). */
export async function readAnnouncementItem(db: D1Database, site: ContentSite, kind: AnnouncementKind, id: number, now = Date.now()): Promise<ConsoleAnnouncement> {
  const row = await selectContentAnnouncement(db, site.code, id, KIND_TYPES[kind]);
  if (!row) throw new ApiError(404, 'content_not_found', 'No such item on this site');
  return announcementItemOf(row, site, now);
}

/** What an audit row keeps of an item (everything but the moving parts). */
const snapshot = (item: ConsoleAnnouncement) => ({ ...item, state: undefined, updatedAt: undefined, title: undefined });

/**
 * Cleans and checks the fields of an item to write: default-language words required (400
 * `content_default_language_required`), titles that are empty once plain (400 `content_title_required`), the end after
 * the start (400 `content_schedule_invalid`), the type one of the kind's (400 `content_type_invalid`), a promotion
 * link to a promotion of the site (400 `content_linkage_invalid`), a video banner linking its URL.
 */
async function cleaned(db: D1Database, site: ContentSite, kind: AnnouncementKind, next: ConsoleAnnouncement) {
  if (!(KIND_TYPES[kind] as readonly string[]).includes(next.type)) throw new ApiError(400, 'content_type_invalid', `A ${kind} item has type ${KIND_TYPES[kind].join(' or ')}`);
  const own = next.texts[site.defaultLanguage];
  if (!own) throw new ApiError(400, 'content_default_language_required', `The site's default language (${site.defaultLanguage}) needs a title`);
  const texts = Object.entries(next.texts).map(([language, t]) => ({
    language, title: plainText(t.title), content: sanitizeRich(t.content), label: plainText(t.label),
  }));
  if (texts.some((t) => t.title === '')) throw new ApiError(400, 'content_title_required', 'Every language needs a title');
  if (next.endDate !== null && next.endDate <= next.startDate) throw new ApiError(400, 'content_schedule_invalid', 'The end must be after the start');
  const l = next.linkage;
  if (l.type === 'P' && !(await isMerchantPromotion(db, site.code, l.promotionId))) throw new ApiError(400, 'content_linkage_invalid', 'No such promotion on this site');
  if (next.groupName === 'm_youtube' && l.type !== 'URL') throw new ApiError(400, 'content_linkage_invalid', 'A video banner links its watch URL');
  const def = texts.find((t) => t.language === site.defaultLanguage)!;
  const fields: AnnouncementFields = {
    slug: next.slug, type: next.type, title: def.title, content: def.content, label: def.label, execution: next.execution,
    groupName: next.groupName, promotionType: plainText(next.promotionType), linkageType: l.type,
    linkage: l.type === 'P' ? String(l.promotionId) : l.type === 'URL' ? l.url : l.type === 'G' ? JSON.stringify(l.game) : '',
    applicable: next.type === 'PR' && next.applicable, startDate: next.startDate, endDate: next.endDate, order: next.order, published: next.published,
  };
  return { fields, translations: texts.filter((t) => t.language !== site.defaultLanguage) };
}

/** A slug for a new item: `<kind>-<time in base 36>-<random>`. */
function newSlug(kind: string, now: number): string {
  return `${kind.replace(/s$/, '')}-${now.toString(36)}-${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
}

/**
 * Creates an announcement of `kind` (unpublished unless `published`; start now unless given) and its audit row
 * `content.create`; answers the stored item. 409 `content_slug_taken`; the 400s of `cleaned`.
 */
export async function createAnnouncementItem(
  db: D1Database, site: ContentSite, kind: AnnouncementKind, body: CreateBody, actor: ContentActor, now = Date.now(),
): Promise<ConsoleAnnouncement> {
  const slug = body.slug ?? newSlug(kind, now);
  if (await announcementIdBySlug(db, site.code, slug)) throw new ApiError(409, 'content_slug_taken', 'Another item has this slug');
  const draft: ConsoleAnnouncement = {
    id: 0, kind, slug, type: body.type ?? KIND_TYPES[kind][0], published: body.published, state: 'draft', startDate: body.startDate ?? now,
    endDate: body.endDate, order: body.order, execution: body.execution, groupName: body.groupName, promotionType: body.promotionType,
    applicable: body.applicable, linkage: body.linkage, images: body.images, defaultLanguage: site.defaultLanguage,
    texts: body.texts as ConsoleAnnouncement['texts'], title: '', updatedAt: now,
  };
  const { fields, translations } = await cleaned(db, site, kind, draft);
  const writes = announcementWriteStatements(db, site.code, null, fields, draft.images, translations, now);
  await db.batch([...writes, recordAudit(db, {
    ...actor, action: 'content.create', target: `${kind}/${slug}`, before: null, after: snapshot({ ...draft, texts: textsOf(fields, translations, site.defaultLanguage) }), reason: body.reason, at: now,
  })]);
  const id = await announcementIdBySlug(db, site.code, slug);
  return readAnnouncementItem(db, site, kind, id ?? 0, now);
}

/** Every language's cleaned words, the default language's from the fields. */
const textsOf = (fields: AnnouncementFields, translations: { language: string; title: string; content: string; label: string }[], language: string) => ({
  ...Object.fromEntries(translations.map((t) => [t.language, { title: t.title, content: t.content, label: t.label }])),
  [language]: { title: fields.title, content: fields.content, label: fields.label },
});

/**
 * Edits announcement `id` with the fields given (`texts` replaces the set of languages; publication, schedule,
 * order, links, images) and writes `content.update` with the item before and after. 404 `content_not_found`,
 * 409 `content_slug_taken`, the 400s of `cleaned`.
 */
export async function updateAnnouncementItem(
  db: D1Database, site: ContentSite, kind: AnnouncementKind, id: number, body: UpdateBody, actor: ContentActor, now = Date.now(),
): Promise<ConsoleAnnouncement> {
  const before = await readAnnouncementItem(db, site, kind, id, now);
  const given = Object.fromEntries(Object.entries(body).filter(([key, v]) => v !== undefined && key in before && key !== 'id' && key !== 'kind'));
  const next = { ...before, ...given } as ConsoleAnnouncement;
  if (next.slug !== before.slug && await announcementIdBySlug(db, site.code, next.slug)) throw new ApiError(409, 'content_slug_taken', 'Another item has this slug');
  const { fields, translations } = await cleaned(db, site, kind, next);
  const writes = announcementWriteStatements(db, site.code, id, fields, next.images, translations, now);
  const after = { ...next, texts: textsOf(fields, translations, site.defaultLanguage) };
  await db.batch([...writes, recordAudit(db, {
    ...actor, action: 'content.update', target: `${kind}/${before.slug}`, before: snapshot(before), after: snapshot(after), reason: body.reason, at: now,
  })]);
  return readAnnouncementItem(db, site, kind, id, now);
}

/** Publishes (shown within its schedule) or unpublishes announcement `id`, audited `content.publish|unpublish`. 404 `content_not_found`. */
export async function setAnnouncementPublication(
  db: D1Database, site: ContentSite, kind: AnnouncementKind, id: number, published: boolean, actor: ContentActor, reason?: string, now = Date.now(),
): Promise<ConsoleAnnouncement> {
  const before = await readAnnouncementItem(db, site, kind, id, now);
  await db.batch([announcementPublishStatement(db, site.code, id, published, now), recordAudit(db, {
    ...actor, action: published ? 'content.publish' : 'content.unpublish', target: `${kind}/${before.slug}`,
    before: { published: before.published }, after: { published }, reason, at: now,
  })]);
  return readAnnouncementItem(db, site, kind, id, now);
}

/**
 * Deletes announcement `id` (its images, versions and read marks too), audited `content.delete` with the item as
 * before. 409 `content_in_use` for a promotion players applied to (their applications and evidence stay; unpublish
 * it instead); 404 `content_not_found`.
 */
export async function deleteAnnouncementItem(
  db: D1Database, site: ContentSite, kind: AnnouncementKind, id: number, actor: ContentActor, reason?: string, now = Date.now(),
): Promise<{ id: number }> {
  const before = await readAnnouncementItem(db, site, kind, id, now);
  if (before.type === 'PR' && (await countApplications(db, id)) > 0) {
    throw new ApiError(409, 'content_in_use', 'Players applied to this promotion; unpublish it instead');
  }
  await db.batch([announcementDeleteStatement(db, site.code, id), recordAudit(db, {
    ...actor, action: 'content.delete', target: `${kind}/${before.slug}`, before: snapshot(before), after: null, reason, at: now,
  })]);
  return { id };
}

