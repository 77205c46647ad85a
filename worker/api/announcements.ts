import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { CallRouter } from './call-router';
import { contentCalls } from '../../contract/calls/content';
import type { ValueOf } from '../../contract/call';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import {
  announcementExists, listAnnouncements, listPromotionCategories, markRead, type AnnouncementFilter,
} from '../db/queries/announcements';
import { announcementList } from '../services/content/announcements';
import { requireMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { requestLanguage, varyByLanguage } from '../middleware/language';
import { findJackpotPool } from '../db/queries/jackpot';

/**
 * GET handler of the announcement-list paths (platform-contract.md §2): the list of the requested types for the
 * host's site and the session's member, if any (services/content/announcements.ts announcementList, which the
 * edge's fills call too), grouped as the platform answers them. A visitor gets `read: false` everywhere, and an
 * answer caches may share. Titles, contents and labels are in the player's language (middleware/language.ts
 * requestLanguage: `Language` header, else the `language` cookie), each announcement falling back to its
 * default-language text where the operator gave that language none.
 */
async function answerAnnouncementList(c: Context<AppEnv>, query: AnnouncementFilter) {
  const member = c.get('member');
  const value: ValueOf<typeof contentCalls.announcementList> = await announcementList(
    c.env.DB, { merchantCode: c.var.merchant.code, filter: query, memberId: member?.memberId ?? null, language: requestLanguage(c) },
  );
  varyByLanguage(c);
  // Answers that depend on the session must not be shared by caches; visitors' lists may be.
  if (!member) c.header('Cache-Control', 'public, max-age=30');
  return ok(c, value);
}

/**
 * Announcement relays (platform-contract.md §2, §3; accounts §2 Announcement popup, Home announcement bar and
 * banners, Promotions list; §4 Marking read). Mounted at /wps/relay.
 */
export const announcementRouter = new CallRouter('/wps/relay')
  .serve(contentCalls.announcementList, (c) => answerAnnouncementList(c, c.req.valid('query')))
  .serve(contentCalls.announcementListCcs, (c) => answerAnnouncementList(c, c.req.valid('query')))
  /** POST `{ announcementId, read: true }` → null; 404 `announcement_not_found` for another site's or an unpublished one. */
  .serve(contentCalls.markAnnouncementRead, memberOnly, async (c) => {
    const { announcementId } = c.req.valid('json');
    const member = requireMember(c);
    if (!(await announcementExists(c.env.DB, c.var.merchant.code, announcementId))) {
      throw new ApiError(404, 'announcement_not_found', 'No such announcement');
    }
    await markRead(c.env.DB, announcementId, member.memberId);
    return ok(c, null);
  });

/**
 * Promotion relays (platform-contract.md §7.6), mounted at /wps/relay beside announcementRouter; the site's
 * promotions are its published PR announcements (migration 0011):
 * - GET /MCSFE_getMerchantAvailablePromotions (REWCEN3, sent without a token) → the promotions running now
 *   (started, not ended), in the operator's order, unread (a visitor's view), in the player's language like the
 *   announcement list; cacheable for 30 seconds.
 * - GET /PROMOFE_getPromotionAnnouncementCategory → `[{ category, count }]`: the promotion types of the listed
 *   promotions (running or coming soon) in the list's order; [] when there are none.
 * - GET /PROMOFE_getPromoAnnounceV2?types=PR&platform=M&… → the announcement list's answer for those types (the
 *   client reads `promotion`), with the member's read and application state when signed in. 400 `request_param_err`.
 */
export const promotionRelayRouter = new CallRouter('/wps/relay')
  .serve(contentCalls.merchantPromotions, async (c) => {
    const now = Date.now();
    const items = await listAnnouncements(c.env.DB, c.var.merchant.code, { types: ['PR'] }, null, requestLanguage(c), now);
    const value: ValueOf<typeof contentCalls.merchantPromotions> = items.filter((item) => item.startDate <= now);
    c.header('Cache-Control', 'public, max-age=30');
    varyByLanguage(c);
    return ok(c, value);
  })
  .serve(contentCalls.promotionCategories, async (c) => {
    const value: ValueOf<typeof contentCalls.promotionCategories> = await listPromotionCategories(c.env.DB, c.var.merchant.code);
    c.header('Cache-Control', 'public, max-age=30');
    return ok(c, value);
  })
  .serve(contentCalls.promoAnnounceV2, (c) => answerAnnouncementList(c, c.req.valid('query')));

/**
 * Home relays (platform-contract.md §7.6), mounted at /wps/relay:
 * - GET /VIS_getJackpot (COMM3) → `{ amount, currency, currencySymbol }`: the site's built-in jackpot pool in decimal
 *   currency units (db/queries/jackpot.ts: what the built-in demo games' stakes funded; 0 when nothing has, and the
 *   banner hides; docs/honest-money.md, Jackpot), with the site's currency. Cacheable for 30 s (a live figure).
 * - GET /GCSGAME_getGameMatchV2 → [] (PlayDeck has no sports feed: the client's hot-match row stays hidden).
 */
export const homeRelayRouter = new CallRouter('/wps/relay')
  .serve(contentCalls.jackpot, async (c) => {
    const merchant = c.var.merchant;
    const value: ValueOf<typeof contentCalls.jackpot> = {
      amount: (await findJackpotPool(c.env.DB, merchant.code)) ?? 0,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
    };
    c.header('Cache-Control', 'public, max-age=30');
    return ok(c, encodeValue(contentCalls.jackpot, value));
  })
  .serve(contentCalls.gameMatches, (c) => ok(c, [] satisfies ValueOf<typeof contentCalls.gameMatches>));
