import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, CONTRACT_KINDS, EXECUTIONS } from '../../contract/content-kinds.ts';
import { LANGUAGES } from '../../contract/languageCodes.ts';
import { bundleBranding } from './branding.ts';

/**
 * The operator's content as one validated bundle (what `npm run operator -- content import` reads from a folder):
 * announcements (banners, notices, popups, promotions) with their versions in other languages, help entries per
 * language, contract offers and the site's branding. `contentImportSql` (worker/db/queries/content-import.ts) turns it into statements that are safe to run
 * again (upserts by slug) and that write nothing until the whole bundle has validated. Rich HTML is sanitised, as
 * the API sanitises it.
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

/**
 * One announcement in another language (`announcements/<LANG>/<slug>.md`): the title, body and label players of
 * `language` read instead of the announcement's own (the site's default language). An empty body or label keeps
 * the default's; everything else (type, dates, images, linkage) is the announcement's.
 */
export const bundleTranslation = z.object({
  slug,
  language: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(LANGUAGES, { message: 'Not a supported language code' })),
  title: z.string().trim().min(1, 'A title is required').max(200),
  content: z.string().max(50_000).default(''),
  label: z.string().max(40).default(''),
});

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
  translations: z.array(bundleTranslation).default([]),
  help: z.array(bundleHelp).default([]),
  contracts: z.array(bundleContract).default([]),
  branding: bundleBranding.optional(),
}).superRefine((bundle, ctx) => {
  const seen = new Set<string>();
  for (const a of bundle.announcements) {
    if (seen.has(a.slug)) ctx.addIssue({ code: 'custom', message: `Two announcements named ${a.slug}`, path: ['announcements'] });
    seen.add(a.slug);
  }
  const translated = new Set<string>();
  for (const t of bundle.translations) {
    if (!seen.has(t.slug)) ctx.addIssue({ code: 'custom', message: `${t.language}/${t.slug} translates ${t.slug}, which is not in the folder`, path: ['translations'] });
    if (translated.has(`${t.language}/${t.slug}`)) ctx.addIssue({ code: 'custom', message: `Two ${t.language} versions of ${t.slug}`, path: ['translations'] });
    translated.add(`${t.language}/${t.slug}`);
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
