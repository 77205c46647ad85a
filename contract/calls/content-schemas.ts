import { z } from 'zod';
import { blank, merchantQuery } from './catalogue-schemas';
import { ANNOUNCEMENT_TYPES, CONTRACT_KINDS, EXECUTIONS } from '../content-kinds';

/**
 * Schema pieces of the operator's content (accounts-and-communication §3 "Announcement", "Help centre entry",
 * "Feedback"; platform-contract.md §2 banners and announcements, §3). Shared by the worker, the browser and the
 * operator's content import.
 */

export { ANNOUNCEMENT_TYPES, CONTRACT_KINDS, EXECUTIONS };
/** One announcement content type. */
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Linkage of a banner (platform-contract.md §2): P promotion id, URL a link, G a game; '' none. */
export const LINKAGE_TYPES = ['', 'P', 'URL', 'G'] as const;

/** Promotion status labels (accounts §4 "Activity statuses exist only as labels"). */
export const PROMOTION_STATUSES = ['applying', 'rejected', 'issued', 'claimed', 'process', 'joined', 'coming soon', 'close'] as const;

/** Feedback question types (accounts §3): other 0, deposit 1, withdraw 2, game 3, service 4, apply 6. */
export const FEEDBACK_TYPES = [0, 1, 2, 3, 4, 6] as const;

/** Feedback content length (accounts §5): 20 to 200 characters. */
export const FEEDBACK_MIN = 20;
/** Longest feedback content (the n/200 counter). */
export const FEEDBACK_MAX = 200;
/** Longest promotion-apply remark (accounts §5). */
export const REMARK_MAX = 140;
/** Most images on one application (accounts §5). */
export const APPLY_IMAGES_MAX = 3;
/** Largest application image, bytes (accounts §5: 5 MB). */
export const APPLY_IMAGE_BYTES_MAX = 5 * 1024 * 1024;

/** `types=B,PL,PU`: a comma list of content types, de-duplicated; absent = B,PL,PU (accounts §9). */
export const typesQuery = z.preprocess(
  blank,
  z.string().max(40).default('B,PL,PU')
    .transform((s) => [...new Set(s.split(',').map((t) => t.trim().toUpperCase()).filter(Boolean))])
    .pipe(z.array(z.enum(ANNOUNCEMENT_TYPES)).min(1, 'Expected content types')),
);

/** Query of the announcement list (platform-contract.md §2). */
export const announcementListQuery = z.object({
  types: typesQuery,
  platform: z.preprocess(blank, z.enum(['M', 'W']).optional()),
  merchantCode: merchantQuery,
  token: z.preprocess(blank, z.string().max(200).optional()),
  groupName: z.preprocess(blank, z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'Expected a group name').optional()),
  execution: z.preprocess(blank, z.enum(EXECUTIONS).optional()),
  linkageType: z.preprocess(blank, z.enum(['P', 'URL', 'G']).optional()),
});

/** One image of an announcement (accounts §3 announcementImages). */
export const announcementImage = z.object({ sequence: z.number().int(), url: z.string() });

/**
 * One announcement on the wire (accounts §3; platform-contract.md §2). Banners read `url` (the first image),
 * `linkage` and `groupName`; a game linkage also carries `roomId`, `nodeId`, `gameType`, `vendor`. `status` is
 * the promotion's label for this player ('' none); `read` is false for a visitor.
 */
export const announcementItem = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  content: z.string(),
  startDate: z.number().int(),
  endDate: z.number().int().nullable(),
  execution: z.enum(EXECUTIONS),
  groupName: z.string(),
  promotionType: z.string(),
  label: z.string(),
  linkageType: z.enum(LINKAGE_TYPES),
  linkage: z.string(),
  roomId: z.string().optional(),
  nodeId: z.number().int().optional(),
  gameType: z.string().optional(),
  vendor: z.string().optional(),
  url: z.string(),
  read: z.boolean(),
  applicable: z.boolean(),
  status: z.string(),
  announcementImages: z.array(announcementImage),
});

/** One announcement as the browser reads it. */
export type Announcement = z.output<typeof announcementItem>;

/** Answer of the announcement list: the groups of accounts §3 (banners, player notices, popups, promotions, hot). */
export const announcementListValue = z.object({
  banners: z.array(announcementItem),
  player: z.array(announcementItem),
  popup: z.array(announcementItem),
  promotion: z.array(announcementItem),
  hot: z.array(announcementItem),
});

/** The announcement list's groups. */
export type AnnouncementGroups = z.output<typeof announcementListValue>;

/** A help-centre child item (accounts §3). */
export const helpChild = z.object({ id: z.number().int(), title: z.string(), tag: z.string(), content: z.string() });
/** A help-centre entry with its children (accounts §3 "Help centre entry"). */
export const helpEntry = helpChild.extend({ children: z.array(helpChild) });
/** One help-centre entry as the browser reads it. */
export type HelpEntry = z.output<typeof helpEntry>;

/** Feedback body (accounts §3, §5): content 20–200 characters, sender, question type, captcha 1–16. */
export const feedbackBody = z.object({
  content: z.string().transform((s) => s.trim()).pipe(z.string().min(FEEDBACK_MIN, 'At least 20 characters').max(FEEDBACK_MAX, 'At most 200 characters')),
  sender: z.string().max(64).optional(),
  type: z.union([z.number(), z.string().regex(/^\d$/).transform(Number)])
    .pipe(z.number().int().refine((n) => (FEEDBACK_TYPES as readonly number[]).includes(n), 'Pick a question type')),
  captcha: z.string().trim().min(1, 'Enter a captcha').max(16),
});

/** One contract kind. */
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** A pending contract offer with its terms (sanitised HTML) — PlayDeck adds these to the consolidated answer. */
export const contractOffer = z.object({ id: z.number().int(), kind: z.enum(CONTRACT_KINDS), terms: z.string(), createdAt: z.number().int() });

/** Answer of contract requests (platform-contract.md §3): a non-empty field = a pending request (its offer id). */
export const contractRequestsValue = z.object({
  dailysalreqtype: z.string(),
  divtypereq: z.string(),
  divtypecompperiodreq: z.string(),
  contracthoursalreq: z.string(),
  realtimesalreqtype: z.string(),
  offers: z.array(contractOffer).optional(),
}).loose();

/** Body of the contract actions (fields "not found": PlayDeck chose the offer id and the agent's decision). */
export const contractDecisionBody = z.object({
  id: z.union([z.number(), z.string().regex(/^\d{1,10}$/).transform(Number)]).pipe(z.number().int().min(1)),
  agree: z.boolean(),
});
