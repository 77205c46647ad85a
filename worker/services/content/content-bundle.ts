import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, CONTRACT_KINDS, EXECUTIONS } from '../../../contract/content-kinds.ts';
import { plainText, sanitizeRich } from '../../model/rich-text.ts';
import { bundleBranding } from '../../model/branding.ts';

/**
 * The operator's content as one validated bundle (what `npm run operator -- content import` reads from a folder):
 * announcements (banners, notices, popups, promotions), help entries per language, contract offers and the site's
 * branding. `contentImportSql` turns it into statements that are safe to run again (upserts by slug) and that
 * write nothing until the whole bundle has validated. Rich HTML is sanitised here, as the API sanitises it.
 */

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'A slug is lower-case letters, digits and dashes');
const epoch = z.number().int().min(0);

/** A game linkage of a G banner. */
const gameLinkage = z.object({
  roomId: z.string().max(40).optional(), nodeId: z.number().int().min(1), gameType: z.string().max(20), vendor: z.string().max(40),
});

/** One announcement of the bundle; images are media URLs (/media/…) already stored. */
export const bundleAnnouncement = z.object({
  slug,
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string().trim().min(1, 'A title is required').max(200),
  content: z.string().max(50_000).default(''),
  execution: z.enum(EXECUTIONS).default('A'),
  groupName: z.string().regex(/^[A-Za-z0-9_]{0,40}$/).default(''),
  promotionType: z.string().max(40).default(''),
  label: z.string().max(40).default(''),
  linkage: z.union([
    z.object({ type: z.literal('P'), promotion: slug }),
    z.object({ type: z.literal('URL'), url: z.string().regex(/^(https:\/\/|\/)[^\s<>"]{0,500}$/, 'A link is https://… or a path in the site') }),
    z.object({ type: z.literal('G'), game: gameLinkage }),
  ]).optional(),
  applicable: z.boolean().default(false),
  startDate: epoch,
  endDate: epoch.nullable().default(null),
  order: z.number().int().default(0),
  published: z.boolean().default(true),
  images: z.array(z.string().regex(/^\/media\/content\/[A-Za-z0-9_-]+\/[0-9a-f]{64}\.(png|jpg|webp|gif|svg)$/)).max(10).default([]),
}).refine((a) => a.endDate === null || a.endDate > a.startDate, { message: 'The end must be after the start', path: ['endDate'] })
  .refine((a) => a.groupName !== 'm_youtube' || a.linkage?.type === 'URL', { message: 'A video banner links its watch URL', path: ['linkage'] });

/** One help entry (a section, or a child naming its section by slug). */
export const bundleHelp = z.object({
  language: z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/),
  slug,
  parent: slug.optional(),
  tag: z.string().regex(/^[A-Za-z0-9_-]{0,40}$/).default(''),
  title: z.string().trim().min(1).max(200),
  content: z.string().max(50_000).default(''),
  order: z.number().int().default(0),
});

/** A contract offer for an agent of the site (by user name). */
export const bundleContract = z.object({
  slug, agent: z.string().min(1).max(64), kind: z.enum(CONTRACT_KINDS), terms: z.string().min(1).max(20_000),
});

/** A whole content bundle for one merchant. */
export const contentBundle = z.object({
  announcements: z.array(bundleAnnouncement).default([]),
  help: z.array(bundleHelp).default([]),
  contracts: z.array(bundleContract).default([]),
  branding: bundleBranding.optional(),
}).superRefine((bundle, ctx) => {
  const seen = new Set<string>();
  for (const a of bundle.announcements) {
    if (seen.has(a.slug)) ctx.addIssue({ code: 'custom', message: `Two announcements named ${a.slug}`, path: ['announcements'] });
    seen.add(a.slug);
  }
  const promotions = new Set(bundle.announcements.filter((a) => a.type === 'PR').map((a) => a.slug));
  for (const a of bundle.announcements) {
    if (a.linkage?.type === 'P' && !promotions.has(a.linkage.promotion)) {
      ctx.addIssue({ code: 'custom', message: `${a.slug} links to promotion ${a.linkage.promotion}, which is not in the folder`, path: ['announcements'] });
    }
  }
  const sections = new Set(bundle.help.filter((h) => !h.parent).map((h) => `${h.language}/${h.slug}`));
  for (const h of bundle.help) {
    if (h.parent && !sections.has(`${h.language}/${h.parent}`)) {
      ctx.addIssue({ code: 'custom', message: `help ${h.language}/${h.slug} names section ${h.parent}, which is not in the folder`, path: ['help'] });
    }
  }
});

/** A validated content bundle. */
export type ContentBundle = z.output<typeof contentBundle>;

/** SQL string literal (single quotes doubled). */
export function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function sqlValue(value: string | number | null): string {
  return value === null ? 'NULL' : typeof value === 'number' ? String(value) : sqlText(value);
}

/**
 * Statements that bring `merchantCode`'s content to `bundle`: upserts by slug (a second run changes nothing),
 * images replaced per announcement, help children after their sections, promotions before the banners linking to
 * them. Contract offers keep an agent's answer (only the terms follow the folder). Run them as one D1 batch.
 */
export function contentImportSql(merchantCode: string, bundle: ContentBundle, now: number): string[] {
  const m = sqlText(merchantCode);
  const out: string[] = [];
  const ordered = [...bundle.announcements].sort((a, b) => Number(b.type === 'PR') - Number(a.type === 'PR'));
  for (const a of ordered) {
    const idOf = (s: string) => `(SELECT id FROM announcements WHERE merchant_code = ${m} AND slug = ${sqlText(s)})`;
    const linkageType = a.linkage?.type ?? '';
    const linkage = a.linkage === undefined ? "''"
      : a.linkage.type === 'P' ? `CAST(${idOf(a.linkage.promotion)} AS TEXT)`
        : a.linkage.type === 'URL' ? sqlText(a.linkage.url) : sqlText(JSON.stringify(a.linkage.game));
    const values = [m, sqlText(a.slug), sqlText(a.type), sqlText(plainText(a.title)), sqlText(sanitizeRich(a.content)), sqlText(a.execution),
      sqlText(a.groupName), sqlText(a.promotionType), sqlText(plainText(a.label)), sqlText(linkageType), linkage, String(Number(a.applicable)),
      String(a.startDate), sqlValue(a.endDate), String(a.order), String(Number(a.published)), String(now)];
    out.push(
      `INSERT INTO announcements (merchant_code, slug, type, title, content, execution, group_name, promotion_type, label, linkage_type,
         linkage, applicable, start_date, end_date, sort_order, published, updated_at) VALUES (${values.join(', ')})
       ON CONFLICT (merchant_code, slug) DO UPDATE SET type = excluded.type, title = excluded.title, content = excluded.content,
         execution = excluded.execution, group_name = excluded.group_name, promotion_type = excluded.promotion_type,
         label = excluded.label, linkage_type = excluded.linkage_type, linkage = excluded.linkage, applicable = excluded.applicable,
         start_date = excluded.start_date, end_date = excluded.end_date, sort_order = excluded.sort_order,
         published = excluded.published, updated_at = excluded.updated_at`,
      `DELETE FROM announcement_images WHERE announcement_id = ${idOf(a.slug)}`,
    );
    a.images.forEach((url, i) => {
      out.push(`INSERT INTO announcement_images (announcement_id, sequence, url) SELECT ${idOf(a.slug)}, ${i + 1}, ${sqlText(url)}`);
    });
  }
  const help = [...bundle.help].sort((a, b) => Number(a.parent !== undefined) - Number(b.parent !== undefined));
  for (const h of help) {
    const parent = h.parent ? `(SELECT id FROM help_entries WHERE merchant_code = ${m} AND language = ${sqlText(h.language)} AND slug = ${sqlText(h.parent)})` : 'NULL';
    out.push(
      `INSERT INTO help_entries (merchant_code, language, slug, parent_id, tag, title, content, sort_order)
       VALUES (${m}, ${sqlText(h.language)}, ${sqlText(h.slug)}, ${parent}, ${sqlText(h.tag)}, ${sqlText(plainText(h.title))},
               ${sqlText(sanitizeRich(h.content))}, ${h.order})
       ON CONFLICT (merchant_code, language, slug) DO UPDATE SET parent_id = excluded.parent_id, tag = excluded.tag,
         title = excluded.title, content = excluded.content, sort_order = excluded.sort_order, published = 1`,
    );
  }
  for (const offer of bundle.contracts) {
    out.push(
      `INSERT INTO agent_contract_offers (merchant_code, member_id, kind, slug, terms, created_at)
       SELECT ${m}, id, ${sqlText(offer.kind)}, ${sqlText(offer.slug)}, ${sqlText(sanitizeRich(offer.terms))}, ${now}
         FROM members WHERE merchant_code = ${m} AND username = ${sqlText(offer.agent)}
       ON CONFLICT (merchant_code, slug) DO UPDATE SET terms = excluded.terms`,
    );
  }
  if (bundle.branding) {
    const branding = { ...bundle.branding, footer: bundle.branding.footer === undefined ? undefined : plainText(bundle.branding.footer) };
    out.push(`UPDATE merchants SET branding = ${sqlText(JSON.stringify(branding))} WHERE code = ${m}`);
  }
  return out;
}

/** Publishes or unpublishes one announcement by slug. */
export function publishSql(merchantCode: string, slugName: string, published: boolean): string {
  return `UPDATE announcements SET published = ${published ? 1 : 0} WHERE merchant_code = ${sqlText(merchantCode)} AND slug = ${sqlText(slugName)}`;
}
