import { z } from 'zod';
import { defineCall } from '../call';
import { money, wireMoney } from '../money';
import { EXECUTIONS } from '../content-kinds';
import { LANGUAGES } from '../languageCodes';

/**
 * The back office's Content area (docs/back-office.md "Content"): the site's banners, notices, popups, promotions and
 * help items in every language, their schedule and publication, a preview in the site's own pages, artwork uploads,
 * and the players' promotion applications with their evidence images. Paths follow the console's data conventions
 * (src/console/registry.ts): `/console/api/content/<kind>` list and create, `…/<kind>/<id>` one, update (partial),
 * delete, `…/<kind>/<id>/<action>` actions. Built-in mode only (upstream mode: 404 `function.not.available`, the
 * platform serves the content there).
 */

/** The kinds of content the area edits, each a react-admin resource `content/<kind>`. */
export const CONTENT_KINDS = ['banners', 'notices', 'popups', 'promotions', 'help'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** The announcement kinds (all but help) and the announcement types each holds (accounts §3). */
export const KIND_TYPES = { banners: ['B'], notices: ['A', 'PL'], popups: ['PU'], promotions: ['PR'] } as const;
export type AnnouncementKind = keyof typeof KIND_TYPES;

const language = z.enum(LANGUAGES);
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'A slug is lower-case letters, digits and dashes');
const epoch = z.number().int().min(0).max(8_640_000_000_000);
/** A stored artwork address (what the upload answers). */
export const contentImageUrl = z.string().regex(/^\/media\/content\/[A-Za-z0-9_-]+\/[0-9a-f]{64}\.(png|jpg|webp|gif|svg)$/, 'An uploaded image');
/** A link of a URL banner: https://… or a path inside the site. */
const linkUrl = z.string().regex(/^(https:\/\/|\/(?!\/))[^\s<>"]{0,500}$/, 'A link is https://… or a path in the site');

/** One language's words of an announcement: plain title and label, rich (sanitised) body. */
export const announcementText = z.object({
  title: z.string().trim().min(1, 'A title is required').max(200),
  content: z.string().max(50_000).default(''),
  label: z.string().max(40).default(''),
});

/** Where a banner leads: nothing, a promotion (its id), a link, or a game. */
export const contentLinkage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('') }),
  z.object({ type: z.literal('P'), promotionId: z.number().int().min(1) }),
  z.object({ type: z.literal('URL'), url: linkUrl }),
  z.object({
    type: z.literal('G'),
    game: z.object({ roomId: z.string().max(40).optional(), nodeId: z.number().int().min(1), gameType: z.string().max(20), vendor: z.string().max(40) }),
  }),
]);

/** Where an item stands now: not published, published but before its start, showing, or past its end. */
export const contentState = z.enum(['draft', 'scheduled', 'live', 'ended']);

/** One banner, notice, popup or promotion as the area shows it. Times are epoch ms (end null: open-ended). */
export const consoleAnnouncement = z.object({
  id: z.number().int(),
  kind: z.enum(['banners', 'notices', 'popups', 'promotions']),
  slug: z.string(),
  type: z.enum(['A', 'PL', 'B', 'PU', 'PR']),
  published: z.boolean(),
  state: contentState,
  startDate: z.number().int(),
  endDate: z.number().int().nullable(),
  order: z.number().int(),
  execution: z.enum(EXECUTIONS),
  groupName: z.string(),
  promotionType: z.string(),
  applicable: z.boolean(),
  linkage: contentLinkage,
  images: z.array(z.string()),
  /** The site's default language: its words are the announcement's own, the others are versions. */
  defaultLanguage: z.string(),
  /** Every language with words, the default language's included. */
  texts: z.record(z.string(), announcementText),
  /** The default language's title (the list's column). */
  title: z.string(),
  updatedAt: z.number().int(),
});
export type ConsoleAnnouncement = z.output<typeof consoleAnnouncement>;

const texts = z.partialRecord(language, announcementText);

/**
 * A form's empty fields arrive as null (an empty number or date input): null is dropped — the field keeps its default
 * or its value — except where it means something (`endDate`: open-ended, `parent`: a section).
 */
const withoutNulls = <T extends z.ZodType>(schema: T, keep: readonly string[] = []) => z.preprocess((raw) => (
  raw && typeof raw === 'object' && !Array.isArray(raw)
    ? Object.fromEntries(Object.entries(raw).filter(([key, value]) => value !== null || keep.includes(key)))
    : raw), schema);

/** Creating a banner, notice, popup or promotion: the default language's words are required. Unpublished unless said. */
export const announcementCreateBody = withoutNulls(z.object({
  slug: slug.optional(),
  type: z.enum(['A', 'PL', 'B', 'PU', 'PR']).optional(),
  published: z.boolean().default(false),
  startDate: epoch.optional(),
  endDate: epoch.nullable().default(null),
  order: z.number().int().min(-100_000).max(100_000).default(0),
  execution: z.enum(EXECUTIONS).default('A'),
  groupName: z.string().regex(/^[A-Za-z0-9_]{0,40}$/).default(''),
  promotionType: z.string().max(40).default(''),
  applicable: z.boolean().default(false),
  linkage: contentLinkage.default({ type: '' }),
  images: z.array(contentImageUrl).max(10).default([]),
  texts,
  reason: z.string().max(500).optional(),
}), ['endDate']);
/** Editing one: any field; `texts` replaces the set of languages (a language left out loses its version). */
export const announcementUpdateBody = withoutNulls(z.object({
  slug: slug.optional(),
  type: z.enum(['A', 'PL', 'B', 'PU', 'PR']).optional(),
  published: z.boolean().optional(),
  startDate: epoch.optional(),
  endDate: epoch.nullable().optional(),
  order: z.number().int().min(-100_000).max(100_000).optional(),
  execution: z.enum(EXECUTIONS).optional(),
  groupName: z.string().regex(/^[A-Za-z0-9_]{0,40}$/).optional(),
  promotionType: z.string().max(40).optional(),
  applicable: z.boolean().optional(),
  linkage: contentLinkage.optional(),
  images: z.array(contentImageUrl).max(10).optional(),
  texts: texts.optional(),
  reason: z.string().max(500).optional(),
}).loose(), ['endDate']);

/** One help item (a section, or an item of a section) in every language it has; `id` is its slug. */
export const consoleHelpItem = z.object({
  id: z.string(),
  kind: z.literal('help'),
  slug: z.string(),
  /** The section's slug for an item, null for a section. */
  parent: z.string().nullable(),
  tag: z.string(),
  order: z.number().int(),
  published: z.boolean(),
  state: contentState,
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  title: z.string(),
});
export type ConsoleHelpItem = z.output<typeof consoleHelpItem>;

const helpTexts = z.partialRecord(language, z.object({ title: z.string().trim().min(1, 'A title is required').max(200), content: z.string().max(50_000).default('') }));
export const helpCreateBody = withoutNulls(z.object({
  slug: slug.optional(),
  parent: slug.nullable().default(null),
  tag: z.string().regex(/^[A-Za-z0-9_-]{0,40}$/).default(''),
  order: z.number().int().min(-100_000).max(100_000).default(0),
  published: z.boolean().default(false),
  texts: helpTexts,
  reason: z.string().max(500).optional(),
}), ['parent']);
export const helpUpdateBody = withoutNulls(z.object({
  parent: slug.nullable().optional(),
  tag: z.string().regex(/^[A-Za-z0-9_-]{0,40}$/).optional(),
  order: z.number().int().min(-100_000).max(100_000).optional(),
  published: z.boolean().optional(),
  texts: helpTexts.optional(),
  reason: z.string().max(500).optional(),
}).loose(), ['parent']);

/** List query (data conventions): page, perPage, sort, order, and a free-text `q` on slug and title. */
export const contentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.string().max(40).optional(),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
  q: z.string().trim().max(100).optional(),
  state: contentState.optional(),
});

/** Body of publish, unpublish and delete: the reason for the audit log. */
export const contentActionBody = z.object({ reason: z.string().max(500).optional() });
/** Body of a preview: the language to see it in (default: the site's default). */
export const contentPreviewBody = z.object({ language: language.optional() });
/** A preview: the site page to open (same host), valid until `expiresAt` (epoch ms). */
export const contentPreview = z.object({ url: z.string(), expiresAt: z.number().int(), language: z.string() });

/** An uploaded artwork: its address and the widths of the smaller copies stored beside it. */
export const contentUpload = z.object({ url: z.string(), type: z.string(), width: z.number().int(), height: z.number().int(), variants: z.array(z.number().int()) });

/** One promotion application as the area lists it; `images` count the evidence images (read one by index). */
export const consoleApplication = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotion: z.string(),
  account: z.string(),
  remark: z.string(),
  status: z.string(),
  createdAt: z.number().int(),
  images: z.number().int(),
});

/** Approving an application: the reward's amount (decimal currency units on the wire, minor units inside) and an optional note. */
export const consoleApplicationApproveBody = z.object({
  amount: money(wireMoney.pipe(z.number().positive().max(10_000_000))),
  reason: z.string().trim().max(200).default(''),
});
/** Rejecting an application: why (kept in the audit row). */
export const consoleApplicationRejectBody = z.object({ reason: z.string().trim().min(1).max(200) });

const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
const anyItem = z.union([consoleAnnouncement, consoleHelpItem]);

export const consoleContentCalls = {
  consoleContentList: defineCall({
    name: 'consoleContentList', method: 'GET', path: '/console/api/content/{kind}', auth: 'none', console: 'content.read',
    query: contentListQuery, value: list(anyItem),
    summary: "The site's banners, notices, popups, promotions or help items (docs/back-office.md \"Content\").",
  }),
  consoleContentOne: defineCall({
    name: 'consoleContentOne', method: 'GET', path: '/console/api/content/{kind}/{id}', auth: 'none', console: 'content.read',
    value: anyItem, summary: 'One item in every language; 404 `content_not_found` (another site\'s too).',
  }),
  consoleContentCreate: defineCall({
    name: 'consoleContentCreate', method: 'POST', path: '/console/api/content/{kind}', auth: 'none', console: 'content.write',
    body: z.union([announcementCreateBody, helpCreateBody]), value: anyItem,
    summary: 'Creates an item (rich HTML sanitised, audited `content.create`); 409 `content_slug_taken`.',
  }),
  consoleContentUpdate: defineCall({
    name: 'consoleContentUpdate', method: 'PUT', path: '/console/api/content/{kind}/{id}', auth: 'none', console: 'content.write',
    body: z.union([announcementUpdateBody, helpUpdateBody]), value: anyItem,
    summary: 'Edits an item: words per language, schedule, links, images (audited `content.update` with before and after).',
  }),
  consoleContentDelete: defineCall({
    name: 'consoleContentDelete', method: 'DELETE', path: '/console/api/content/{kind}/{id}', auth: 'none', console: 'content.write',
    body: contentActionBody, value: z.object({ id: z.union([z.number(), z.string()]) }),
    summary: 'Deletes an item (audited `content.delete`); 409 `content_in_use` for a promotion with applications or a section with items.',
  }),
  consoleContentPublish: defineCall({
    name: 'consoleContentPublish', method: 'POST', path: '/console/api/content/{kind}/{id}/publish', auth: 'none', console: 'content.write',
    body: contentActionBody, value: anyItem, summary: 'Publishes an item (shown within its schedule; audited `content.publish`).',
  }),
  consoleContentUnpublish: defineCall({
    name: 'consoleContentUnpublish', method: 'POST', path: '/console/api/content/{kind}/{id}/unpublish', auth: 'none', console: 'content.write',
    body: contentActionBody, value: anyItem, summary: 'Takes an item off the site (audited `content.unpublish`).',
  }),
  consoleContentPreview: defineCall({
    name: 'consoleContentPreview', method: 'POST', path: '/console/api/content/{kind}/{id}/preview', auth: 'none', console: 'content.read',
    body: contentPreviewBody, value: contentPreview,
    summary: 'A short-lived address of the site page showing the item as saved, published or not (docs/back-office.md "Content").',
  }),
  consoleContentSite: defineCall({
    name: 'consoleContentSite', method: 'GET', path: '/console/api/content/site', auth: 'none', console: 'content.read',
    value: z.object({ id: z.literal('site'), defaultLanguage: z.string(), languages: z.array(z.string()) }),
    summary: "The site's default language (its words are required) and the languages an item may have.",
  }),
  consoleContentUpload: defineCall({
    name: 'consoleContentUpload', method: 'POST', path: '/console/api/content/media', auth: 'none', console: 'content.write', multipart: true,
    value: contentUpload,
    summary: 'Uploads artwork (multipart `file`, and `w360`/`w720` copies) to the media bucket; 400 `image_invalid` / `image_too_large`.',
  }),
  consoleApplications: defineCall({
    name: 'consoleApplications', method: 'GET', path: '/console/api/content/applications', auth: 'none', console: 'content.evidence',
    query: contentListQuery.extend({ status: z.string().max(20).optional() }), value: list(consoleApplication),
    summary: "The site's promotion applications, newest first.",
  }),
  consoleApplicationApprove: defineCall({
    name: 'consoleApplicationApprove', method: 'POST', path: '/console/api/content/applications/{id}/approve', auth: 'none',
    console: 'content.evidence', body: consoleApplicationApproveBody, value: consoleApplication,
    summary: 'Approves an application waiting (applying): a reward of the amount waits in the player\'s reward centre (audited `promotion.approve`); 404 `promotion_application_not_found`, 409 `promotion_application_decided` (of two decisions at once, one is recorded).',
  }),
  consoleApplicationReject: defineCall({
    name: 'consoleApplicationReject', method: 'POST', path: '/console/api/content/applications/{id}/reject', auth: 'none',
    console: 'content.evidence', body: consoleApplicationRejectBody, value: consoleApplication,
    summary: 'Rejects an application waiting, with the reason (audited `promotion.reject`); 404, 409 as approve.',
  }),
  consoleApplicationImage: defineCall({
    name: 'consoleApplicationImage', method: 'GET', path: '/console/api/content/applications/{id}/images/{n}', auth: 'none',
    console: 'content.evidence', text: true, value: z.string(),
    summary: "One evidence image of an application (the image bytes, never cached, never public).",
  }),
} as const;
