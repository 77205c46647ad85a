import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money } from '../money';
import { blank, languageQuery } from './catalogue-schemas';
import {
  announcementItem, announcementListQuery, announcementListValue, contractDecisionBody, contractRequestsValue, feedbackBody, helpEntry, REMARK_MAX,
} from './content-schemas';

const announcementList = {
  method: 'GET',
  moduleId: 'COMM3',
  auth: 'optional',
  query: announcementListQuery,
  value: announcementListValue,
} as const;

/**
 * The jackpot answer (platform-contract.md §7.6 VIS_getJackpot; body not found, PlayDeck's): see
 * contentCalls.jackpot. `amount` is in DECIMAL currency units on the wire, integer minor units inside (money()).
 */
export const jackpotValue = z.object({
  amount: money(),
  currency: z.string(),
  currencySymbol: z.string(),
});

/** One contract action (platform-contract.md §3 "acting on them"); the answer is the offer's new status. */
function contractAction(name: string, path: string, moduleId: 'SIGNCONDIV3' | 'DAILYSALCONT3' | 'HOURSAL3' | 'RTSALARY3', what: string) {
  return defineCall({
    name,
    method: 'POST',
    path,
    moduleId,
    auth: 'member',
    body: contractDecisionBody,
    value: z.object({ id: z.number().int(), status: z.enum(['accepted', 'declined']) }),
    summary: `Accept or decline a pending ${what} contract (platform-contract.md §3 contract requests; body chosen by PlayDeck).`,
  });
}

/**
 * The operator's content (accounts-and-communication §2 Announcement popup, Home announcement bar and banners,
 * Promotions list, Help centre, Feedback screen, Agent contract prompts; platform-contract.md §2, §3).
 */
export const contentCalls = {
  /**
   * GET banners and announcements (§2, COMM3): `types` (comma list of A, PL, B, PU, PR; default B,PL,PU),
   * `platform=M`, `merchantCode`, `token` (the session token or ""; PlayDeck reads Authorization), `groupName`
   * (m_home, m_youtube, m_local, …), `execution` (A/B/F), `linkageType` → `value { banners (B), player (A, PL),
   * popup (PU), promotion (PR), hot }`, each published item in its time window, in the operator's order;
   * promotions also while "coming soon". `read` per member. Titles, contents and labels in the caller's language
   * (`Language` header, else the `language` cookie), each item's default-language text where it has no version in
   * that language. 400 `request_param_err`.
   */
  announcementList: defineCall({
    ...announcementList,
    name: 'announcementList',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    summary: 'Banners, notices, popups and promotions (platform-contract.md §2 banners and announcements).',
  }),
  /** The newer build's path of the same call (CCSFE_, platform-contract.md §2). */
  announcementListCcs: defineCall({
    ...announcementList,
    name: 'announcementListCcs',
    path: '/wps/relay/CCSFE_getListAnnouncements',
    summary: 'Banners, notices, popups and promotions, newer path (platform-contract.md §2).',
  }),
  /**
   * POST mark announcement read (§3, COMM3) `{ announcementId, read: true }` → null. Needs a session (401
   * `customer.not.login`); trial members may read announcements. 404 `announcement_not_found`.
   */
  markAnnouncementRead: defineCall({
    name: 'markAnnouncementRead',
    method: 'POST',
    path: '/wps/relay/MCSFE_markAnnouncementAsRead',
    moduleId: 'COMM3',
    auth: 'member',
    body: z.object({
      announcementId: z.union([z.number(), z.string().regex(/^\d{1,10}$/).transform(Number)]).pipe(z.number().int().min(1)),
      read: z.literal(true),
    }),
    value: z.null(),
    summary: 'Mark an announcement read (platform-contract.md §3).',
  }),
  /**
   * GET help centre (§3, COMM3, no token) `device=MOBILE`, `lang` → the entries `{ id, title, tag, content,
   * children[] }` of the player's language, else the site's EN entries (fallback). 400 `request_param_err`.
   */
  helpCentre: defineCall({
    name: 'helpCentre',
    method: 'GET',
    path: '/wps/system/helpCenter',
    moduleId: 'COMM3',
    auth: 'none',
    query: z.object({ device: z.preprocess(blank, z.enum(['MOBILE', 'WEB']).optional()), lang: languageQuery }),
    value: z.array(helpEntry),
    summary: 'Help-centre entries in the player language, EN as fallback (platform-contract.md §3).',
  }),
  /**
   * PUT feedback (§3, FEEDBACK3) `{ content (20–200), sender, type (0,1,2,3,4,6), captcha }` → null. The built-in
   * API needs a session (accounts §6: visitors go to /m/login) and takes the sender from it; the captcha is the
   * browser's current challenge. 401 `customer.not.login`, 400 `request_param_err`, 400 `captcha_invalid`, 429
   * `TOO_MANY_REQUEST` past 5 a member per hour.
   */
  feedback: defineCall({
    name: 'feedback',
    method: 'PUT',
    path: '/wps/feedback',
    moduleId: 'FEEDBACK3',
    auth: 'optional',
    body: feedbackBody,
    value: z.null(),
    summary: 'Send feedback (platform-contract.md §3; accounts §3 Feedback).',
  }),
  /**
   * GET contract requests (§3, COMM3) → `{ dailysalreqtype, divtypereq, divtypecompperiodreq, contracthoursalreq,
   * realtimesalreqtype }` (non-empty = pending: the offer id) and PlayDeck's `offers[]` with the terms. Empty for a
   * member who is no agent (types 0, 4, 40, 41, 42) or when AGENTPOLICY3 is off. 401 without a session.
   */
  contractRequests: defineCall({
    name: 'contractRequests',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    moduleId: 'COMM3',
    auth: 'member',
    value: contractRequestsValue,
    summary: "The agent's pending contract requests (platform-contract.md §3 contract requests).",
  }),
  processDividendReq: contractAction('processDividendReq', '/wps/relay/MCS2_processDividendReq', 'SIGNCONDIV3', 'dividend'),
  processDailySalContract: contractAction('processDailySalContract', '/wps/relay/MCS2_processDailySalContract', 'DAILYSALCONT3', 'daily-salary'),
  processContractHourSalary: contractAction('processContractHourSalary', '/wps/relay/MCS2_processContractHourSalary', 'HOURSAL3', 'hourly-salary'),
  processRealTimeSalaryContract: contractAction(
    'processRealTimeSalaryContract', '/wps/relay/MCSFE_processRealTimeSalaryContract', 'RTSALARY3', 'real-time salary',
  ),
  /**
   * POST apply to a promotion (PlayDeck extension, capability `promotion-apply`; the platform's apply call is
   * not found): multipart `promotionId`, `remark` (≤ 140), `images` (0–3 files, png or jpg by content, ≤ 5 MB
   * each) → `{ status: 'applying' }`. Needs a real member (401; trial 403 `free_reject`). 404
   * `promotion_not_found`, 400 `promotion_not_applicable` / `promotion_closed`, 409 `already_applied`, 400
   * `image_invalid` / `image_too_large` / `too_many_images`.
   */
  promotionApply: defineCall({
    name: 'promotionApply',
    method: 'POST',
    path: `${EXTENSION_PREFIX}/promotion/apply`,
    moduleId: 'REWCEN3',
    auth: 'member',
    extension: true,
    multipart: true,
    body: z.object({
      promotionId: z.string().regex(/^\d{1,10}$/, 'Expected a promotion id').transform(Number),
      remark: z.preprocess((v) => v ?? '', z.string().max(REMARK_MAX, 'At most 140 characters')),
    }),
    value: z.object({ status: z.literal('applying') }),
    summary: 'Apply to a promotion with a remark and up to 3 images (PlayDeck extension).',
  }),
  /**
   * GET /wps/relay/MCSFE_getMerchantAvailablePromotions (REWCEN3, sent without a token; platform-contract.md §7.6;
   * body not found, PlayDeck's): the site's promotions running now (published, started, not ended), in the
   * operator's order, as announcement items (`type` PR). `read` is false (the call carries no session).
   */
  merchantPromotions: defineCall({
    name: 'merchantPromotions',
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    moduleId: 'REWCEN3',
    auth: 'none',
    value: z.array(announcementItem),
    summary: 'The site\'s promotions running now (platform-contract.md §7.6).',
  }),
  /**
   * GET /wps/relay/PROMOFE_getPromotionAnnouncementCategory (§7.6; no module id; body not found, PlayDeck's): the
   * categories of the site's listed promotions (running or coming soon) — `[{ category, count }]`, `category` the
   * operator's promotion type, in the order the promotions list shows them; [] when the site lists none.
   */
  promotionCategories: defineCall({
    name: 'promotionCategories',
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    auth: 'optional',
    value: z.array(z.object({ category: z.string(), count: z.number().int().positive() })),
    summary: 'Categories of the site\'s promotions (platform-contract.md §7.6).',
  }),
  /**
   * GET /wps/relay/PROMOFE_getPromoAnnounceV2 (§7.6; the client sends `types=PR&platform=M` and the list's
   * filters; no module id): the same query and answer as the announcement list (`value.promotion` holds the
   * promotions, running and coming soon, with the member's `read` and application status). A visitor gets the
   * list too, unread.
   */
  promoAnnounceV2: defineCall({
    ...announcementList,
    moduleId: undefined,
    name: 'promoAnnounceV2',
    path: '/wps/relay/PROMOFE_getPromoAnnounceV2',
    summary: 'Promotion announcements, newer promotions service (platform-contract.md §7.6).',
  }),
  /**
   * GET /wps/relay/VIS_getJackpot (COMM3, platform-contract.md §2 "jackpot", §7.6): the jackpot the home banner
   * shows (rules/jackpot.ts): `amount`, in DECIMAL currency units, is the site's built-in jackpot pool — what the
   * built-in demo games' stakes have really funded (docs/honest-money.md, Jackpot); 0 until anything has, and the
   * banner is hidden then. With the site's `currency` and `currencySymbol`.
   */
  jackpot: defineCall({
    name: 'jackpot',
    method: 'GET',
    path: '/wps/relay/VIS_getJackpot',
    moduleId: 'COMM3',
    auth: 'optional',
    value: jackpotValue,
    summary: 'The jackpot the home banner shows (platform-contract.md §2, §7.6).',
  }),
  /**
   * GET /wps/relay/GCSGAME_getGameMatchV2 (§5 "hot sports matches", §7.6; no module id): PlayDeck has no sports
   * feed, so `value` is [] (the client's hot-match row stays hidden).
   */
  gameMatches: defineCall({
    name: 'gameMatches',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getGameMatchV2',
    auth: 'optional',
    value: z.array(z.object({})).max(0),
    summary: 'Hot sports matches: none, PlayDeck has no sports feed (platform-contract.md §7.6).',
  }),
};
