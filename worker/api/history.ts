import { CallRouter } from './call-router';
import { historyCalls } from '../../contract/calls/history';
import type { ValueOf } from '../../contract/call';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { findSlotRound, gameNameOf, listHistory } from '../db/queries/game-history';
import { findFairRound } from '../db/queries/demo-fair';
import { requireMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';

/**
 * Router for /wps/playdeck/history (PlayDeck extension, capability `game-history`; contract/calls/history.ts):
 * the member's game history of every kind (player-shell §2 /m/gameRecord). Money is currency units on the wire
 * (the answers are built in minor units and encoded by their schema: encodeValue).
 */
export const historyRouter = new CallRouter('/wps/playdeck/history')
  /**
   * GET /rounds?kind&startDate&endDate&page&size → items newest first and the period's totals (stake, win, net =
   * win − stake; free-play rounds count no money). Game providers' rounds are items with `provider`
   * (docs/game-providers.md "Provider rounds in the game record and reports"). 401 without a session; 400 `request_param_err` for a bad period.
   */
  .serve(historyCalls.gameHistory, memberOnly, async (c) => {
    const member = requireMember(c);
    const q = c.req.valid('query');
    const { items, totals } = await listHistory(c.env.DB, { memberId: member.memberId, kind: q.kind, status: q.status, from: q.startDate, to: q.endDate }, q.page, q.size);
    const value: ValueOf<typeof historyCalls.gameHistory> = {
      items: items.map((i) => ({
        kind: i.kind, id: i.id, nodeId: i.nodeId, gameName: i.gameName, stake: i.stakeMinor, winAmount: i.winMinor,
        refund: i.refundMinor, net: i.winMinor - i.stakeMinor, status: i.status, freePlay: i.freePlay, createdAt: i.createdAt,
        ...(i.provider !== undefined ? { provider: i.provider } : {}),
      })),
      totals: {
        count: totals.count, stake: totals.stakeMinor, winAmount: totals.winMinor,
        net: totals.winMinor - totals.stakeMinor,
      },
      page: q.page,
      totalPages: Math.ceil(totals.count / q.size),
    };
    return ok(c, encodeValue(historyCalls.gameHistory, value));
  })
  /**
   * GET /round?roundId → one demo round of the member: a slot round with its reels, a provably fair round with its
   * outcome and revealed seeds. 401 without a session; 404 `round_not_found` (also another member's round).
   */
  .serve(historyCalls.gameHistoryRound, memberOnly, async (c) => {
    const member = requireMember(c);
    const { roundId } = c.req.valid('query');
    const db = c.env.DB;
    const fair = await findFairRound(db, member.memberId, roundId);
    if (fair) {
      const value: ValueOf<typeof historyCalls.gameHistoryRound> = {
        roundId, kind: fair.kind, nodeId: fair.nodeId, gameName: await gameNameOf(db, fair.nodeId), stake: fair.stakeMinor,
        winAmount: fair.winMinor, freePlay: fair.freePlay, createdAt: fair.createdAt, outcome: fair.outcome, fair: fair.fair,
      };
      return ok(c, encodeValue(historyCalls.gameHistoryRound, value));
    }
    const slot = await findSlotRound(db, member.memberId, roundId);
    if (!slot) throw new ApiError(404, 'round_not_found', 'No such round of this member');
    const value: ValueOf<typeof historyCalls.gameHistoryRound> = {
      roundId, kind: 'slot', nodeId: slot.nodeId, gameName: await gameNameOf(db, slot.nodeId), stake: slot.stakeMinor,
      winAmount: slot.winMinor, freePlay: slot.freePlay, createdAt: slot.createdAt, reels: slot.reels,
    };
    return ok(c, encodeValue(historyCalls.gameHistoryRound, value));
  });
