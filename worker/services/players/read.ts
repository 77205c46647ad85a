import { ApiError } from '../../lib/envelope';
import { findSitePlayer, pageNotes, pageTargetAudit, searchPlayers, type PlayerRow, type PlayerSearch } from '../../db/queries/console-players';
import { memberAddresses, pageLogins } from '../../db/queries/member-logins';
import { pageApplications, pageChats, pageDeposits, pageLedger, pageWithdrawals, type LedgerFilter } from '../../db/queries/console-player-parts';
import { countPendingAdjustments } from '../../db/queries/balance-adjustments';
import { getBonusState } from '../../db/queries/ledger';
import { listHistory } from '../../db/queries/game-history';
import { pageInbox } from '../../db/queries/inbox';
import { listRewards } from '../../db/queries/rewards';

/**
 * Reading players in the back office (docs/back-office.md "Players"): the search and every part of a player's page,
 * always on the operator's site — a player of another site is `player_not_found` (404), never shown. Reuses the
 * player API's queries where they fit (game history, inbox, rewards, bonus state). Money is integer minor units,
 * times epoch ms; a page is `{ items, total }` with `page` from 1.
 */

/** A page request: 1-based page and its size. */
export interface Paging { page: number; perPage: number }

const offsetOf = (p: Paging) => (p.page - 1) * p.perPage;

/** Profile keys never shown to an operator (secrets and internal keys). */
const HIDDEN_PROFILE_KEYS = new Set(['paymentPasswordHash', 'iconKey']);

/** The profile as text values, secrets left out. */
function visibleProfile(profile: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(profile)) {
    if (HIDDEN_PROFILE_KEYS.has(key) || value === null || value === undefined) continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** A player as the search lists them (the summary of the contract's consolePlayerSummary). */
export function playerSummary(p: PlayerRow) {
  return {
    id: p.id, username: p.username, nickname: p.nickname, type: p.type, status: p.status, email: p.email, phone: p.phone,
    registerIp: p.registerIp, createdAt: p.createdAt, lastLoginAt: p.lastLoginAt, currency: p.currency, cash: p.cashMinor, bonus: p.bonusMinor,
  };
}

/** The search: a page of the site's players matching the filters (contract consolePlayersQuery). */
export async function findPlayers(db: D1Database, search: Omit<PlayerSearch, 'offset' | 'limit'> & Paging) {
  const { page, perPage, ...filters } = search;
  const { items, total } = await searchPlayers(db, { ...filters, offset: offsetOf({ page, perPage }), limit: perPage });
  return { items: items.map(playerSummary), total };
}

/** The player of the site, or 404 `player_not_found`. */
export async function sitePlayer(db: D1Database, merchantCode: string, id: number): Promise<PlayerRow> {
  const player = await findSitePlayer(db, merchantCode, id);
  if (!player) throw new ApiError(404, 'player_not_found', 'No such player on this site');
  return player;
}

/** The head of a player's page: profile, status, both balances with the bonus's wagering, addresses, pending adjustments. */
export async function playerRecord(db: D1Database, merchantCode: string, id: number) {
  const p = await sitePlayer(db, merchantCode, id);
  const [bonus, addresses, pendingAdjustments] = await Promise.all([getBonusState(db, id), memberAddresses(db, id), countPendingAdjustments(db, id)]);
  return {
    ...playerSummary(p), cash: bonus.cashMinor, bonus: bonus.bonusMinor, phoneVerified: p.phoneVerified, registerMethod: p.registerMethod,
    language: p.language, referrerId: p.referrerId, profile: visibleProfile(p.profile), wageringRequired: bonus.wageringRequiredMinor,
    wageringDone: bonus.wageringDoneMinor, addresses, pendingAdjustments,
  };
}

/** The parts of a player's page, each a page of `{ items, total }` for a player of the site. */
export const playerParts = {
  async ledger(db: D1Database, merchantCode: string, id: number, f: Paging & Omit<LedgerFilter, 'offset' | 'limit'>) {
    await sitePlayer(db, merchantCode, id);
    const { items, total } = await pageLedger(db, id, { kinds: f.kinds, from: f.from, to: f.to, offset: offsetOf(f), limit: f.perPage });
    return {
      items: items.map((e) => ({
        id: e.id, kind: e.kind, cash: e.cashMinor, bonus: e.bonusMinor, cashAfter: e.cashAfterMinor, bonusAfter: e.bonusAfterMinor,
        reference: e.reference, createdAt: e.createdAt,
      })),
      total,
    };
  },
  async deposits(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    const { items, total } = await pageDeposits(db, id, offsetOf(p), p.perPage);
    return { items: items.map(({ amountMinor, ...d }) => ({ ...d, amount: amountMinor })), total };
  },
  async withdrawals(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    const { items, total } = await pageWithdrawals(db, id, offsetOf(p), p.perPage);
    return { items: items.map(({ amountMinor, ...w }) => ({ ...w, amount: amountMinor })), total };
  },
  /**
   * Lottery orders, demo rounds and game providers' rounds of all time (the player API's game history,
   * worker/db/queries/game-history.ts); a provider's round has `provider` (its name) and an id marked `provider:`.
   */
  async games(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    const { items, totals } = await listHistory(db, { memberId: id, kind: 'all', status: 'all', from: 0, to: Number.MAX_SAFE_INTEGER }, p.page - 1, p.perPage);
    return {
      items: items.map((g) => ({
        id: `${g.provider !== undefined ? 'provider:' : ''}${g.kind}:${g.id}`, kind: g.kind, roundId: g.id, gameName: g.gameName, stake: g.stakeMinor,
        win: g.winMinor, refund: g.refundMinor, status: g.status, freePlay: g.freePlay, createdAt: g.createdAt, provider: g.provider ?? '',
      })),
      total: totals.count,
    };
  },
  /** The reward centre's rewards (every waiting one and the newest 30 claimed, as the player sees them). */
  async bonuses(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    const all = await listRewards(db, id);
    const items = all.slice(offsetOf(p), offsetOf(p) + p.perPage).map((r) => ({
      id: r.id, kind: r.kind, title: r.title, amount: r.amountMinor, status: r.status, createdAt: r.createdAt, claimedAt: r.claimedAt,
    }));
    return { items, total: all.length };
  },
  async promotions(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    return pageApplications(db, id, offsetOf(p), p.perPage);
  },
  /** The inbox as the player sees it (the player API's query, worker/db/queries/inbox.ts). */
  async messages(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    const { list, total } = await pageInbox(db, id, { pageNo: p.page, pageSize: p.perPage });
    return { items: list, total };
  },
  async chats(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    return pageChats(db, id, offsetOf(p), p.perPage);
  },
  async logins(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    return pageLogins(db, id, offsetOf(p), p.perPage);
  },
  async notes(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    return pageNotes(db, id, offsetOf(p), p.perPage);
  },
  /** The audit rows whose target is this player (`player:<id>`). */
  async audit(db: D1Database, merchantCode: string, id: number, p: Paging) {
    await sitePlayer(db, merchantCode, id);
    return pageTargetAudit(db, merchantCode, `player:${id}`, offsetOf(p), p.perPage);
  },
};
