/**
 * Game history (player-shell §2 /m/gameRecord): a member's lottery orders, demo rounds and game providers' rounds
 * (docs/game-providers.md "Provider rounds in the game record and reports") in one list. Minor units, epoch ms.
 */
import { MEMBER_PROVIDER_ROUNDS, providerGameJoin, providerKindSql } from './provider-rounds';

/** The kinds a history item can be: lottery orders and the demo games' rounds. */
export type HistoryKind = 'lottery' | 'slot' | 'table' | 'crash' | 'shooter';

/**
 * One line of the history: an order or a round. `stakeMinor` of an order or a provider round is what stayed staked
 * (refunds taken off). A provider round has `provider` (the provider's name), a kind from its catalogue game and the
 * id of its first wallet transaction (its own id space: it never opens as a demo round).
 */
export interface HistoryItem {
  kind: HistoryKind;
  id: number;
  nodeId: number;
  gameName: string;
  stakeMinor: number;
  winMinor: number;
  /** Stakes of cancelled lottery bets or rolled-back provider bets given back (0 for demo rounds). */
  refundMinor: number;
  status: 'open' | 'settled' | 'cancelled';
  freePlay: boolean;
  createdAt: number;
  /** The game provider's name, for a provider's round only. */
  provider?: string;
}

/** Sums over a period (free-play rounds count no money). */
export interface HistoryTotals {
  count: number;
  stakeMinor: number;
  winMinor: number;
}

/** What the history is filtered by: one kind or all, and the period [from, to] (epoch ms, inclusive). */
export interface HistoryFilter {
  memberId: number;
  kind: HistoryKind | 'all';
  status: HistoryItem['status'] | 'all';
  from: number;
  to: number;
}

// Every side of the union selects the same columns; ?1 member, ?2 from, ?3 to, ?4 kind or 'all', ?5 status or 'all'.
// A provider round belongs to the period of its first debit (MEMBER_PROVIDER_ROUNDS).
const UNION = `SELECT * FROM (
  SELECT 'lottery' AS kind, o.id, o.node_id, g.game_name, o.total_stake_minor - o.refund_minor AS stake_minor,
         o.payout_minor AS win_minor, o.refund_minor, o.status, 0 AS free_play, o.created_at, NULL AS provider
  FROM lottery_orders o JOIN games g ON g.node_id = o.node_id
  WHERE o.member_id = ?1 AND o.created_at BETWEEN ?2 AND ?3 AND (?4 = 'all' OR ?4 = 'lottery')
  UNION ALL
  SELECT r.kind, r.id, r.node_id, g.game_name, r.stake_minor, r.win_minor, 0, 'settled', r.free_play, r.created_at, NULL
  FROM demo_rounds r JOIN games g ON g.node_id = r.node_id
  WHERE r.member_id = ?1 AND r.created_at BETWEEN ?2 AND ?3 AND (?4 = 'all' OR ?4 = r.kind)
  UNION ALL
  SELECT ${providerKindSql('g')}, pr.id, COALESCE(g.node_id, 0), COALESCE(g.game_name, pr.game_code), pr.stake_minor, pr.win_minor,
         pr.refund_minor, pr.status, 0, pr.created_at, COALESCE(gp.name, pr.provider_code)
  FROM (${MEMBER_PROVIDER_ROUNDS}) pr ${providerGameJoin('pr', 'g')}
    LEFT JOIN game_providers gp ON gp.merchant_code = pr.merchant_code AND gp.code = pr.provider_code
  WHERE ?4 = 'all' OR ?4 = ${providerKindSql('g')}
) WHERE ?5 = 'all' OR status = ?5`;

interface Row {
  kind: HistoryKind;
  id: number;
  node_id: number;
  game_name: string;
  stake_minor: number;
  win_minor: number;
  refund_minor: number;
  status: HistoryItem['status'];
  free_play: number;
  created_at: number;
  provider: string | null;
}

/**
 * One page (0-based) of the history, newest first, and the totals of the whole period (stake and win of every
 * listed line; free-play rounds count no money). Game providers' rounds (except the built-in `playdeck` provider's,
 * listed from demo_rounds) are lines like the others: filtered by their game's kind and their status.
 */
export async function listHistory(db: D1Database, filter: HistoryFilter, page: number, size: number): Promise<{ items: HistoryItem[]; totals: HistoryTotals }> {
  const params = [filter.memberId, filter.from, filter.to, filter.kind, filter.status];
  const [rows, sums] = await db.batch([
    db.prepare(`SELECT * FROM (${UNION}) ORDER BY created_at DESC, kind, provider IS NOT NULL, id DESC LIMIT ?6 OFFSET ?7`).bind(...params, size, page * size),
    db.prepare(
      `SELECT COUNT(*) AS count, COALESCE(SUM(CASE WHEN free_play = 0 THEN stake_minor END), 0) AS stake_minor,
              COALESCE(SUM(CASE WHEN free_play = 0 THEN win_minor END), 0) AS win_minor FROM (${UNION})`,
    ).bind(...params),
  ]);
  const items = ((rows?.results ?? []) as Row[]).map((r) => ({
    kind: r.kind, id: r.id, nodeId: r.node_id, gameName: r.game_name, stakeMinor: r.stake_minor, winMinor: r.win_minor,
    refundMinor: r.refund_minor, status: r.status, freePlay: r.free_play === 1, createdAt: r.created_at,
    ...(r.provider !== null ? { provider: r.provider } : {}),
  }));
  const total = (sums?.results?.[0] ?? { count: 0, stake_minor: 0, win_minor: 0 }) as { count: number; stake_minor: number; win_minor: number };
  return { items, totals: { count: total.count, stakeMinor: total.stake_minor, winMinor: total.win_minor } };
}

/** A slot round of the member (reels), or null. */
export async function findSlotRound(db: D1Database, memberId: number, roundId: number): Promise<{ reels: string[]; nodeId: number; stakeMinor: number; winMinor: number; freePlay: boolean; createdAt: number } | null> {
  const row = await db
    .prepare(`SELECT node_id, stake_minor, win_minor, reels, free_play, created_at FROM demo_rounds WHERE id = ? AND member_id = ? AND kind = 'slot'`)
    .bind(roundId, memberId)
    .first<{ node_id: number; stake_minor: number; win_minor: number; reels: string; free_play: number; created_at: number }>();
  if (!row) return null;
  let reels: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.reels);
    if (Array.isArray(parsed)) reels = parsed.map(String);
  } catch {
    reels = [];
  }
  return { reels, nodeId: row.node_id, stakeMinor: row.stake_minor, winMinor: row.win_minor, freePlay: row.free_play === 1, createdAt: row.created_at };
}

/** The name of a game by node id ('' when unknown). */
export async function gameNameOf(db: D1Database, nodeId: number): Promise<string> {
  const row = await db.prepare(`SELECT game_name FROM games WHERE node_id = ?`).bind(nodeId).first<{ game_name: string }>();
  return row?.game_name ?? '';
}
