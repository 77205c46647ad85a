import type { z } from 'zod';
import type { ConsoleHelpItem, helpCreateBody, helpUpdateBody } from '../../../contract/calls/console-content';
import { ApiError } from '../../lib/envelope';
import { plainText, sanitizeRich } from '../../model/rich-text';
import {
  countHelpChildren, helpDeleteStatement, helpPublishStatement, helpWriteStatements, selectHelpRows, type ContentHelpRow,
} from '../../db/queries/console-content';
import { recordAudit } from '../operators/audit';
import { pageOf, type ContentActor, type ContentListOptions, type ContentSite } from './content-admin';

/**
 * The back office's help items (docs/back-office.md "Content"; accounts §9 help centre): a help item is a slug with
 * one row per language (help_entries, migration 0011) — a section, or an item of a section (`parent`, the section's
 * slug). Its tag, order, parent and publication are the same in every language; titles are plain text and bodies
 * sanitised rich HTML, as the import writes them. Each change has its audit row (`content.*`, target `help/<slug>`)
 * in the same batch. The help centre answers a language without entries with EN (db/queries/help.ts listHelp).
 */

type CreateBody = z.output<typeof helpCreateBody>;
type UpdateBody = z.output<typeof helpUpdateBody>;

/** Groups a slug's rows into one item (shared fields from the default language's row, else the first). */
function helpItemOf(rows: ContentHelpRow[], site: ContentSite): ConsoleHelpItem {
  const main = rows.find((r) => r.language === site.defaultLanguage) ?? rows[0]!;
  const published = main.published === 1;
  return {
    id: main.slug, kind: 'help', slug: main.slug, parent: main.parent_slug, tag: main.tag, order: main.sort_order, published,
    state: published ? 'live' : 'draft',
    texts: Object.fromEntries(rows.map((r) => [r.language, { title: r.title, content: r.content }])),
    title: main.title,
  };
}

function grouped(rows: ContentHelpRow[], site: ContentSite): ConsoleHelpItem[] {
  const bySlug = new Map<string, ContentHelpRow[]>();
  for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
  return [...bySlug.values()].map((r) => helpItemOf(r, site));
}

/** The site's help items (sections and their items) as the list shows them. */
export async function listHelpItems(db: D1Database, site: ContentSite, options: ContentListOptions) {
  return pageOf(grouped(await selectHelpRows(db, site.code), site), options);
}

/** Help item `slug` of the site; 404 `content_not_found`. */
export async function readHelpItem(db: D1Database, site: ContentSite, slug: string): Promise<ConsoleHelpItem> {
  const rows = await selectHelpRows(db, site.code, slug);
  if (rows.length === 0) throw new ApiError(404, 'content_not_found', 'No such item on this site');
  return helpItemOf(rows, site);
}

/**
 * Checks and cleans an item to write: at least one language (400 `content_title_required` for an empty title), a
 * parent that is a section of the site in every language the item has (400 `content_parent_invalid`; an item of an
 * item is refused too), and no language removed from a section that has items (409 `content_in_use`).
 */
async function cleaned(db: D1Database, site: ContentSite, next: ConsoleHelpItem, before: ConsoleHelpItem | null) {
  const texts = Object.entries(next.texts).map(([language, t]) => ({ language, title: plainText(t.title), content: sanitizeRich(t.content) }));
  if (texts.length === 0 || texts.some((t) => t.title === '')) throw new ApiError(400, 'content_title_required', 'Every language needs a title');
  if (next.parent !== null) {
    const parent = next.parent === next.slug ? [] : await selectHelpRows(db, site.code, next.parent);
    const languages = new Set(parent.filter((r) => r.parent_slug === null).map((r) => r.language));
    if (texts.some((t) => !languages.has(t.language))) throw new ApiError(400, 'content_parent_invalid', 'The section must exist in every language of the item');
  }
  if (before && (next.parent !== null || texts.length < Object.keys(before.texts).length)) {
    const dropped = Object.keys(before.texts).some((l) => !texts.some((t) => t.language === l));
    if ((dropped || next.parent !== null) && before.parent === null && (await countHelpChildren(db, site.code, before.slug)) > 0) {
      throw new ApiError(409, 'content_in_use', 'This section has items: keep its languages and keep it a section');
    }
  }
  return texts;
}

const snapshot = (item: ConsoleHelpItem) => ({ ...item, state: undefined, title: undefined });

/** Creates a help item (unpublished unless said), audited `content.create`. 409 `content_slug_taken`. */
export async function createHelpItem(db: D1Database, site: ContentSite, body: CreateBody, actor: ContentActor, now = Date.now()): Promise<ConsoleHelpItem> {
  const slug = body.slug ?? `help-${now.toString(36)}`;
  if ((await selectHelpRows(db, site.code, slug)).length > 0) throw new ApiError(409, 'content_slug_taken', 'Another item has this slug');
  const next: ConsoleHelpItem = {
    id: slug, kind: 'help', slug, parent: body.parent, tag: body.tag, order: body.order, published: body.published, state: 'draft',
    texts: body.texts as ConsoleHelpItem['texts'], title: '',
  };
  const texts = await cleaned(db, site, next, null);
  await db.batch([...helpWriteStatements(db, site.code, next, texts), recordAudit(db, {
    ...actor, action: 'content.create', target: `help/${slug}`, before: null,
    after: snapshot({ ...next, texts: Object.fromEntries(texts.map((t) => [t.language, { title: t.title, content: t.content }])) }), reason: body.reason, at: now,
  })]);
  return readHelpItem(db, site, slug);
}

/** Edits help item `slug` (`texts` replaces its languages), audited `content.update` with before and after. */
export async function updateHelpItem(
  db: D1Database, site: ContentSite, slug: string, body: UpdateBody, actor: ContentActor, now = Date.now(),
): Promise<ConsoleHelpItem> {
  const before = await readHelpItem(db, site, slug);
  const given = Object.fromEntries(Object.entries(body).filter(([key, v]) => v !== undefined && key in before && !['id', 'kind', 'slug'].includes(key)));
  const next = { ...before, ...given } as ConsoleHelpItem;
  const texts = await cleaned(db, site, next, before);
  const after = { ...next, texts: Object.fromEntries(texts.map((t) => [t.language, { title: t.title, content: t.content }])) };
  await db.batch([...helpWriteStatements(db, site.code, next, texts), recordAudit(db, {
    ...actor, action: 'content.update', target: `help/${slug}`, before: snapshot(before), after: snapshot(after), reason: body.reason, at: now,
  })]);
  return readHelpItem(db, site, slug);
}

/** Publishes or unpublishes help item `slug` in every language, audited. */
export async function setHelpPublication(
  db: D1Database, site: ContentSite, slug: string, published: boolean, actor: ContentActor, reason?: string, now = Date.now(),
): Promise<ConsoleHelpItem> {
  const before = await readHelpItem(db, site, slug);
  await db.batch([helpPublishStatement(db, site.code, slug, published), recordAudit(db, {
    ...actor, action: published ? 'content.publish' : 'content.unpublish', target: `help/${slug}`,
    before: { published: before.published }, after: { published }, reason, at: now,
  })]);
  return readHelpItem(db, site, slug);
}

/** Deletes help item `slug` in every language, audited; 409 `content_in_use` for a section that has items. */
export async function deleteHelpItem(db: D1Database, site: ContentSite, slug: string, actor: ContentActor, reason?: string, now = Date.now()) {
  const before = await readHelpItem(db, site, slug);
  if ((await countHelpChildren(db, site.code, slug)) > 0) throw new ApiError(409, 'content_in_use', 'This section has items; move or delete them first');
  await db.batch([helpDeleteStatement(db, site.code, slug), recordAudit(db, {
    ...actor, action: 'content.delete', target: `help/${slug}`, before: snapshot(before), after: null, reason, at: now,
  })]);
  return { id: slug };
}
