/** Queries of lottery games: `games` with their `lottery_games` configuration. */
import { parseGameOdds } from '../../model/lottery/odds';
import type { LotteryGame } from '../../model/lottery/model';
import type { Schedule } from '../../model/lottery/schedule';

interface LotteryGameRow {
  node_id: number;
  game_id: string;
  game_name: string;
  display_name: string;
  vassalage: string;
  game_type: string;
  game_group_id: string | null;
  lotto_mode: string | null;
  min_bet_minor: number;
  max_stake_minor: number;
  max_payout_minor: number;
  interval_ms: number;
  offset_ms: number;
  close_before_ms: number;
  odds: string;
  vendor_maintenance: number;
  support_play: number;
}

function toLotteryGame(row: LotteryGameRow): LotteryGame {
  return {
    nodeId: row.node_id,
    gameId: row.game_id,
    gameName: row.game_name,
    displayName: row.display_name,
    vassalage: row.vassalage,
    gameType: row.game_type,
    gameGroupId: row.game_group_id,
    lottoMode: row.lotto_mode,
    // A stake of 0 would be a free bet; the smallest stake is one minor unit even if the catalogue says 0.
    minStakeMinor: Math.max(1, row.min_bet_minor),
    maxStakeMinor: row.max_stake_minor,
    maxPayoutMinor: row.max_payout_minor,
    schedule: { intervalMs: row.interval_ms, offsetMs: row.offset_ms, closeBeforeMs: row.close_before_ms },
    odds: parseGameOdds(row.odds),
    vendorMaintenance: row.vendor_maintenance === 1,
    supportPlay: row.support_play,
  };
}

/** Enabled, configured lottery games of vendors the merchant offers for the game's type. */
const OFFERED = `SELECT g.node_id, g.game_id, g.game_name, v.display_name, g.vassalage, g.game_type, g.game_group_id,
    g.lotto_mode, g.min_bet_minor, lg.max_stake_minor, lg.max_payout_minor, lg.interval_ms, lg.offset_ms,
    lg.close_before_ms, lg.odds, v.maintenance AS vendor_maintenance, g.support_play
  FROM games g
  JOIN lottery_games lg ON lg.node_id = g.node_id AND lg.enabled = 1
  JOIN vendors v ON v.vassalage = g.vassalage
  JOIN merchant_vendors mv ON mv.vassalage = g.vassalage AND mv.game_type = g.game_type
    AND mv.merchant_code = ? AND mv.enabled = 1
  WHERE g.enabled = 1`;

/**
 * A lottery game the merchant offers, by node id or by the vendor game id the launcher carries (player-shell §2
 * /m/launchGame gameId); null when there is none. A game id shared by two vendors resolves to the lowest node id.
 */
export async function findLotteryGame(
  db: D1Database,
  merchantCode: string,
  key: { nodeId: number } | { gameId: string },
): Promise<LotteryGame | null> {
  const [where, value] = 'nodeId' in key ? ['g.node_id = ?', key.nodeId] : ['g.game_id = ?', key.gameId];
  const row = await db.prepare(`${OFFERED} AND ${where} ORDER BY g.node_id LIMIT 1`).bind(merchantCode, value).first<LotteryGameRow>();
  return row ? toLotteryGame(row) : null;
}

/** Every lottery game the merchant offers, optionally of one category (LOTT or ELOTT) or vendor, in catalogue order. */
export async function listLotteryGames(
  db: D1Database,
  merchantCode: string,
  filter: { gameType?: string | undefined; vassalage?: string | undefined } = {},
): Promise<LotteryGame[]> {
  let sql = OFFERED;
  const params: (string | number)[] = [merchantCode];
  if (filter.gameType !== undefined) {
    sql += ' AND g.game_type = ?';
    params.push(filter.gameType);
  }
  if (filter.vassalage !== undefined) {
    sql += ' AND g.vassalage = ?';
    params.push(filter.vassalage);
  }
  const { results } = await db.prepare(`${sql} ORDER BY g.game_type, g.sort_order, g.node_id`).bind(...params).all<LotteryGameRow>();
  return results.map(toLotteryGame);
}

/** Schedules of every enabled lottery game on any site: what the cron keeps draws ahead for. */
export async function listScheduledGames(db: D1Database): Promise<{ nodeId: number; schedule: Schedule }[]> {
  const { results } = await db
    .prepare(
      `SELECT lg.node_id, lg.interval_ms, lg.offset_ms, lg.close_before_ms
       FROM lottery_games lg JOIN games g ON g.node_id = lg.node_id
       WHERE lg.enabled = 1 AND g.enabled = 1 ORDER BY lg.node_id`,
    )
    .all<{ node_id: number; interval_ms: number; offset_ms: number; close_before_ms: number }>();
  return results.map((r) => ({
    nodeId: r.node_id,
    schedule: { intervalMs: r.interval_ms, offsetMs: r.offset_ms, closeBeforeMs: r.close_before_ms },
  }));
}
