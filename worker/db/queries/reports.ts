/**
 * The reports' statements (docs/back-office.md "Reports"; migration 0043_reports.sql): the raw figures of a site per
 * UTC day counted from the ledger and the game records, and the pre-aggregated daily rows the scheduled work keeps.
 * Money is integer minor units; time is UTC epoch milliseconds; a day is `YYYY-MM-DD` (rules/reports.ts).
 * Trial accounts (members.type 4) play with play money: they are left out of every figure.
 */
import { DAY_MS, dayOf, EMPTY_COUNTS, type DayCounts, type GameDay, type ReportDay } from '../../../rules/reports';
import { BUILT_IN_PROVIDER, providerGameJoin, providerKindSql } from './provider-rounds';

/** Ledger kinds that pay a reward: the bonus cost (with `bonus_forfeit`, which gives bonus money back). */
const REWARD_KINDS = `'welcome_bonus', 'sign_in', 'promotion', 'referral_reward'`;

type Row = Record<string, number>;
/** A report_daily row. */
interface DailyRow {
  day: string; registrations: number; first_depositors: number; deposit_count: number; deposit_minor: number; withdrawal_count: number;
  withdrawal_minor: number; bet_minor: number; win_minor: number; bonus_cost_minor: number; active_players: number;
}
/** A report_daily_games row. */
interface DailyGameRow { day: string; game_kind: string; vendor: string; rounds: number; bet_minor: number; win_minor: number; players: number }

/** `counts` of each day present in `rows` (a `d` column of UTC day numbers) merged into `into` by `fill`. */
function merge<T>(into: Map<number, T>, rows: Row[], make: () => T, fill: (target: T, row: Row) => void): void {
  for (const row of rows) {
    const d = Number(row.d);
    const target = into.get(d) ?? make();
    fill(target, row);
    into.set(d, target);
  }
}

/**
 * The counts of `merchantCode` per UTC day in [fromMs, toMs) (day boundaries), straight from the members, deposits,
 * withdrawals and ledger entries of those days (the time indexes of migration 0043). Days without any activity are
 * absent. Bets and wins add the cash and bonus parts (amount_minor + bonus_amount_minor, docs/honest-money.md);
 * refunds reduce bets; a first depositor is a member whose first credited deposit (by time, then id) is that day's.
 */
export async function rawDayCounts(db: D1Database, merchantCode: string, fromMs: number, toMs: number): Promise<Map<ReportDay, DayCounts>> {
  const [members, deposits, withdrawals, ledger] = await db.batch<Row>([
    db.prepare(
      `SELECT created_at / ${DAY_MS} AS d, COUNT(*) AS n FROM members
       WHERE merchant_code = ?1 AND created_at >= ?2 AND created_at < ?3 AND type <> 4 GROUP BY d`,
    ).bind(merchantCode, fromMs, toMs),
    db.prepare(
      `SELECT p.credited_at / ${DAY_MS} AS d, COUNT(*) AS n, SUM(p.amount_minor) AS minor,
         SUM(NOT EXISTS (SELECT 1 FROM deposits e WHERE e.member_id = p.member_id AND e.status = 'credited'
           AND (e.credited_at < p.credited_at OR (e.credited_at = p.credited_at AND e.id < p.id)))) AS first
       FROM deposits p WHERE p.status = 'credited' AND p.credited_at >= ?2 AND p.credited_at < ?3 AND p.merchant_code = ?1
       GROUP BY d`,
    ).bind(merchantCode, fromMs, toMs),
    db.prepare(
      `SELECT paid_at / ${DAY_MS} AS d, COUNT(*) AS n, SUM(amount_minor) AS minor FROM withdrawals
       WHERE status = 'paid' AND paid_at >= ?2 AND paid_at < ?3 AND merchant_code = ?1 GROUP BY d`,
    ).bind(merchantCode, fromMs, toMs),
    db.prepare(
      `SELECT e.created_at / ${DAY_MS} AS d,
         SUM(CASE WHEN e.kind IN ('bet', 'refund') THEN -(e.amount_minor + e.bonus_amount_minor) ELSE 0 END) AS bets,
         SUM(CASE WHEN e.kind = 'win' THEN e.amount_minor + e.bonus_amount_minor ELSE 0 END) AS wins,
         SUM(CASE WHEN e.kind IN (${REWARD_KINDS}, 'bonus_forfeit') THEN e.amount_minor + e.bonus_amount_minor ELSE 0 END) AS bonus,
         COUNT(DISTINCT CASE WHEN e.kind = 'bet' THEN e.member_id END) AS active
       FROM ledger_entries e INDEXED BY ledger_entries_by_time JOIN members m ON m.id = e.member_id
       WHERE e.created_at >= ?2 AND e.created_at < ?3 AND m.merchant_code = ?1 AND m.type <> 4
         AND e.kind IN ('bet', 'refund', 'win', ${REWARD_KINDS}, 'bonus_forfeit')
       GROUP BY d`,
    ).bind(merchantCode, fromMs, toMs),
  ]);
  const days = new Map<number, DayCounts>();
  const make = () => ({ ...EMPTY_COUNTS });
  merge(days, members!.results, make, (t, r) => { t.registrations = Number(r.n); });
  merge(days, deposits!.results, make, (t, r) => {
    t.depositCount = Number(r.n); t.depositMinor = Number(r.minor); t.firstDepositors = Number(r.first);
  });
  merge(days, withdrawals!.results, make, (t, r) => { t.withdrawalCount = Number(r.n); t.withdrawalMinor = Number(r.minor); });
  merge(days, ledger!.results, make, (t, r) => {
    t.betMinor = Number(r.bets); t.winMinor = Number(r.wins); t.bonusCostMinor = Number(r.bonus); t.activePlayers = Number(r.active);
  });
  return new Map([...days].map(([d, counts]) => [dayOf(d * DAY_MS), counts]));
}

/**
 * The game figures of `merchantCode` per UTC day, game kind and vendor in [fromMs, toMs), from the game records:
 * the built-in games' rounds (demo_rounds, free play left out; kind = the round's kind) and the lottery (kind
 * 'lottery': an order is a round and its stake a bet the day it is placed, a cancelled bet's stake comes off the
 * bets and a won bet's payout is a win the day each is settled) and game providers' rounds (provider_transactions,
 * docs/game-providers.md "Provider rounds in the game record and reports"; the built-in `playdeck` provider left
 * out, its rounds are demo_rounds: a round counts the day of its first debit, a debit is a bet and a credit a win the
 * day each is made, a rollback's stake comes off the bets the day it is made (a rollback of an unknown bet moved nothing and is no row), players are the members who bet that
 * day; kind and vendor are those of the catalogue game the round's game code belongs to, provider-rounds.ts, the
 * provider's code as the vendor when the catalogue has no such game). The vendor is the game's `vassalage`. A
 * player who played two sources of one day, kind and vendor is counted once in each.
 */
export async function rawGameDays(db: D1Database, merchantCode: string, fromMs: number, toMs: number): Promise<GameDay[]> {
  const [rounds, orders, closed, provider] = await db.batch<Row & { kind: string; vendor: string }>([
    db.prepare(
      `SELECT r.created_at / ${DAY_MS} AS d, r.kind AS kind, g.vassalage AS vendor, COUNT(*) AS n,
         SUM(r.stake_minor) AS bets, SUM(r.win_minor) AS wins, COUNT(DISTINCT r.member_id) AS players
       FROM demo_rounds r INDEXED BY demo_rounds_by_time JOIN members m ON m.id = r.member_id JOIN games g ON g.node_id = r.node_id
       WHERE r.created_at >= ?2 AND r.created_at < ?3 AND r.free_play = 0 AND m.merchant_code = ?1 AND m.type <> 4
       GROUP BY d, kind, vendor`,
    ).bind(merchantCode, fromMs, toMs),
    db.prepare(
      `SELECT o.created_at / ${DAY_MS} AS d, 'lottery' AS kind, g.vassalage AS vendor, COUNT(*) AS n,
         SUM(o.total_stake_minor) AS bets, 0 AS wins, COUNT(DISTINCT o.member_id) AS players
       FROM lottery_orders o INDEXED BY lottery_orders_by_time JOIN members m ON m.id = o.member_id JOIN games g ON g.node_id = o.node_id
       WHERE o.created_at >= ?2 AND o.created_at < ?3 AND o.merchant_code = ?1 AND m.type <> 4
       GROUP BY d, vendor`,
    ).bind(merchantCode, fromMs, toMs),
    db.prepare(
      `SELECT s.closed_at / ${DAY_MS} AS d, 'lottery' AS kind, g.vassalage AS vendor, 0 AS n,
         -SUM(CASE WHEN s.status = 'cancelled' THEN s.stake_minor ELSE 0 END) AS bets,
         SUM(CASE WHEN s.status = 'won' THEN s.payout_minor ELSE 0 END) AS wins, 0 AS players
       FROM lottery_sub_orders s INDEXED BY lottery_sub_orders_closed JOIN lottery_orders o ON o.id = s.order_id
         JOIN members m ON m.id = s.member_id JOIN games g ON g.node_id = o.node_id
       WHERE s.status IN ('won', 'cancelled') AND s.closed_at >= ?2 AND s.closed_at < ?3 AND o.merchant_code = ?1 AND m.type <> 4
       GROUP BY d, vendor`,
    ).bind(merchantCode, fromMs, toMs),
    db.prepare(
      `SELECT p.created_at / ${DAY_MS} AS d, ${providerKindSql('g')} AS kind, COALESCE(g.vassalage, p.provider_code) AS vendor,
         SUM(p.kind = 'debit' AND NOT EXISTS (SELECT 1 FROM provider_transactions e WHERE e.provider_code = p.provider_code
           AND e.merchant_code = p.merchant_code AND e.round_id = p.round_id AND e.member_id = p.member_id AND e.kind = 'debit'
           AND (e.created_at < p.created_at OR (e.created_at = p.created_at AND e.rowid < p.rowid)))) AS n,
         SUM(CASE WHEN p.kind = 'debit' THEN p.amount_minor WHEN p.kind = 'rollback' THEN -p.amount_minor ELSE 0 END) AS bets,
         SUM(CASE WHEN p.kind = 'credit' THEN p.amount_minor ELSE 0 END) AS wins,
         COUNT(DISTINCT CASE WHEN p.kind = 'debit' THEN p.member_id END) AS players
       FROM provider_transactions p INDEXED BY provider_transactions_by_time JOIN members m ON m.id = p.member_id
         ${providerGameJoin('p', 'g')}
       WHERE p.created_at >= ?2 AND p.created_at < ?3 AND p.merchant_code = ?1 AND p.provider_code <> '${BUILT_IN_PROVIDER}' AND m.type <> 4
         AND (p.kind <> 'rollback' OR p.amount_minor > 0)
       GROUP BY 1, 2, 3`,
    ).bind(merchantCode, fromMs, toMs),
  ]);
  const byKey = new Map<string, GameDay>();
  for (const row of [...rounds!.results, ...orders!.results, ...closed!.results, ...provider!.results]) {
    const day = dayOf(Number(row.d) * DAY_MS);
    const key = `${day}|${row.kind}|${row.vendor}`;
    const t = byKey.get(key) ?? { day, gameKind: String(row.kind), vendor: String(row.vendor), rounds: 0, betMinor: 0, winMinor: 0, players: 0 };
    t.rounds += Number(row.n);
    t.betMinor += Number(row.bets);
    t.winMinor += Number(row.wins);
    t.players += Number(row.players);
    byKey.set(key, t);
  }
  return [...byKey.values()];
}

/** The pre-aggregated counts of `merchantCode` for the days in [from, to] (both `YYYY-MM-DD`), by day. */
export async function aggregatedDayCounts(db: D1Database, merchantCode: string, from: ReportDay, to: ReportDay): Promise<Map<ReportDay, DayCounts>> {
  const { results } = await db.prepare(
    `SELECT day, registrations, first_depositors, deposit_count, deposit_minor, withdrawal_count, withdrawal_minor, bet_minor,
       win_minor, bonus_cost_minor, active_players
     FROM report_daily WHERE merchant_code = ?1 AND day >= ?2 AND day <= ?3`,
  ).bind(merchantCode, from, to).all<DailyRow>();
  return new Map(results.map((r) => [r.day, {
    registrations: r.registrations, firstDepositors: r.first_depositors, depositCount: r.deposit_count, depositMinor: r.deposit_minor,
    withdrawalCount: r.withdrawal_count, withdrawalMinor: r.withdrawal_minor, betMinor: r.bet_minor, winMinor: r.win_minor,
    bonusCostMinor: r.bonus_cost_minor, activePlayers: r.active_players,
  }]));
}

/** The pre-aggregated game rows of `merchantCode` for the days in [from, to]. */
export async function aggregatedGameDays(db: D1Database, merchantCode: string, from: ReportDay, to: ReportDay): Promise<GameDay[]> {
  const { results } = await db.prepare(
    `SELECT day, game_kind, vendor, rounds, bet_minor, win_minor, players FROM report_daily_games
     WHERE merchant_code = ?1 AND day >= ?2 AND day <= ?3`,
  ).bind(merchantCode, from, to).all<DailyGameRow>();
  return results.map((r) => ({
    day: r.day, gameKind: r.game_kind, vendor: r.vendor, rounds: r.rounds, betMinor: r.bet_minor, winMinor: r.win_minor, players: r.players,
  }));
}

/** The oldest and newest days of `merchantCode` with pre-aggregated rows, or null when there is none. */
export async function aggregatedSpan(db: D1Database, merchantCode: string): Promise<{ first: ReportDay; last: ReportDay } | null> {
  const row = await db.prepare(`SELECT MIN(day) AS first, MAX(day) AS last FROM report_daily WHERE merchant_code = ?1`)
    .bind(merchantCode).first<{ first: string | null; last: string | null }>();
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

/** Every site's code and when it was made (epoch ms): where its reports start. */
export async function reportSites(db: D1Database): Promise<{ code: string; createdAt: number }[]> {
  const { results } = await db.prepare(`SELECT code, created_at FROM merchants ORDER BY code`).all<{ code: string; created_at: number }>();
  return results.map((r) => ({ code: r.code, createdAt: r.created_at }));
}

/**
 * The statements writing the pre-aggregated rows of `merchantCode` for `days` (each day's counts — a day without
 * activity gets a row of zeros — and its game rows), replacing what was there; for one batch.
 */
export function aggregateStatements(
  db: D1Database, merchantCode: string, days: readonly ReportDay[], counts: Map<ReportDay, DayCounts>, games: readonly GameDay[], now: number,
): D1PreparedStatement[] {
  if (days.length === 0) return [];
  const list = JSON.stringify(days);
  const statements = [
    db.prepare(`DELETE FROM report_daily_games WHERE merchant_code = ?1 AND day IN (SELECT value FROM json_each(?2))`).bind(merchantCode, list),
  ];
  for (const day of days) {
    const c = counts.get(day) ?? EMPTY_COUNTS;
    statements.push(db.prepare(
      `INSERT OR REPLACE INTO report_daily (merchant_code, day, registrations, first_depositors, deposit_count, deposit_minor,
         withdrawal_count, withdrawal_minor, bet_minor, win_minor, bonus_cost_minor, active_players, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
    ).bind(merchantCode, day, c.registrations, c.firstDepositors, c.depositCount, c.depositMinor, c.withdrawalCount, c.withdrawalMinor,
      c.betMinor, c.winMinor, c.bonusCostMinor, c.activePlayers, now));
  }
  for (const g of games) {
    statements.push(db.prepare(
      `INSERT INTO report_daily_games (merchant_code, day, game_kind, vendor, rounds, bet_minor, win_minor, players)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    ).bind(merchantCode, g.day, g.gameKind, g.vendor, g.rounds, g.betMinor, g.winMinor, g.players));
  }
  return statements;
}

/** The vendors' display names by code. */
export async function vendorNames(db: D1Database): Promise<Map<string, string>> {
  const { results } = await db.prepare(`SELECT vassalage, display_name FROM vendors`).all<{ vassalage: string; display_name: string }>();
  return new Map(results.map((r) => [r.vassalage, r.display_name]));
}
