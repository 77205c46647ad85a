/** Winner-board queries: settled wins of real accounts on one site. */
import type { WinOrder, WinRow } from '../../model/lottery/model';

interface Row {
  account: string;
  game_name: string;
  game_type: string;
  node_id: number;
  win_minor: number;
  won_at: number;
}

const toWin = (r: Row): WinRow => ({
  account: r.account, gameName: r.game_name, gameType: r.game_type, nodeId: r.node_id, winMinor: r.win_minor, wonAt: r.won_at,
});

/**
 * Settled lottery orders that paid out, of real accounts (types 0, 1, 2: play money of trial accounts is no
 * win to show) on one site, optionally of one category.
 */
export async function listLotteryWins(db: D1Database, merchantCode: string, gameType: string | null, order: WinOrder, limit: number): Promise<WinRow[]> {
  const orderBy = order === 'newest' ? 'o.settled_at DESC, o.id DESC' : 'o.payout_minor DESC, o.settled_at DESC, o.id DESC';
  const { results } = await db
    .prepare(
      `SELECT m.account, g.game_name, g.game_type, o.node_id, o.payout_minor AS win_minor, o.settled_at AS won_at
       FROM lottery_orders o JOIN members m ON m.id = o.member_id JOIN games g ON g.node_id = o.node_id
       WHERE o.merchant_code = ?1 AND o.payout_minor > 0 AND o.status = 'settled' AND m.type IN (0, 1, 2)
         AND (?2 IS NULL OR g.game_type = ?2)
       ORDER BY ${orderBy} LIMIT ?3`,
    )
    .bind(merchantCode, gameType, limit)
    .all<Row>();
  return results.map(toWin);
}

/** Winning rounds of the built-in demo games (every kind; free-play rounds won nothing), same rules as `listLotteryWins`. */
export async function listSlotWins(db: D1Database, merchantCode: string, gameType: string | null, order: WinOrder, limit: number): Promise<WinRow[]> {
  const orderBy = order === 'newest' ? 'r.created_at DESC, r.id DESC' : 'r.win_minor DESC, r.created_at DESC, r.id DESC';
  const { results } = await db
    .prepare(
      `SELECT m.account, g.game_name, g.game_type, r.node_id, r.win_minor, r.created_at AS won_at
       FROM demo_rounds r JOIN members m ON m.id = r.member_id JOIN games g ON g.node_id = r.node_id
       WHERE m.merchant_code = ?1 AND r.win_minor > 0 AND r.free_play = 0 AND m.type IN (0, 1, 2)
         AND (?2 IS NULL OR g.game_type = ?2)
       ORDER BY ${orderBy} LIMIT ?3`,
    )
    .bind(merchantCode, gameType, limit)
    .all<Row>();
  return results.map(toWin);
}
