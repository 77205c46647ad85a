/**
 * Odds and payouts of the built-in lottery (player-shell §4 "prize modes"). Pure.
 *
 * Odds are decimal payout multipliers in thousandths, stake included: 1980 pays 1.98 × the stake on a win (the
 * stake back plus 0.98 × it). Every game stores one odds table per prize mode it offers — LOTT (the lott mode),
 * ELOTT (the Elott mode) and SEA — each pricing every line of `allOddsKeys()`.
 *
 * Rounding: payout = floor(stake × odds / 1000) in integer minor units — fractions of a minor unit are never
 * paid. With stakes and odds both integers the division is done exactly (no floating point).
 */
import { ApiError } from '../../lib/envelope';
import { allOddsKeys } from './bets';

/** Prize modes as the launcher passes them (`prize_mode`, player-shell §2 and §4). */
export const PRIZE_MODES = ['LOTT', 'ELOTT', 'SEA'] as const;

/** One of the prize modes. */
export type PrizeMode = (typeof PRIZE_MODES)[number];

/** Odds-table line → odds in thousandths. */
export type OddsTable = Readonly<Record<string, number>>;

/** A game's odds tables by prize mode (only the modes it offers). */
export type GameOdds = Readonly<Partial<Record<PrizeMode, OddsTable>>>;

/** Lowest odds a line may have: a win pays more than the stake back. */
export const MIN_ODDS_MILLI = 1001;
/** Highest odds a line may have (100,000×), so stake × odds stays far inside safe integers. */
export const MAX_ODDS_MILLI = 100_000_000;

/** Payout of a winning stake, minor units, rounded down (see the module comment). */
export function payoutMinor(stakeMinor: number, oddsMilli: number): number {
  if (!Number.isSafeInteger(stakeMinor) || !Number.isSafeInteger(oddsMilli) || stakeMinor < 0 || oddsMilli < 0) {
    throw new Error('payoutMinor needs non-negative integers');
  }
  const product = stakeMinor * oddsMilli;
  if (!Number.isSafeInteger(product)) throw new Error('payout out of range');
  return (product - (product % 1000)) / 1000;
}

/**
 * Parses `lottery_games.odds` (JSON `{ prizeMode: { line: oddsMilli } }`). A broken table is a configuration
 * fault: it throws a plain Error (500) rather than letting a game take bets at wrong prices.
 */
export function parseGameOdds(json: string): GameOdds {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('odds must be an object');
  const keys = allOddsKeys();
  const odds: Partial<Record<PrizeMode, OddsTable>> = {};
  for (const [mode, table] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(PRIZE_MODES as readonly string[]).includes(mode)) throw new Error(`unknown prize mode ${mode}`);
    if (typeof table !== 'object' || table === null) throw new Error(`odds table ${mode} must be an object`);
    const lines = table as Record<string, unknown>;
    for (const key of keys) {
      const value = lines[key];
      if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_ODDS_MILLI || value > MAX_ODDS_MILLI) {
        throw new Error(`odds ${mode}.${key} missing or out of range`);
      }
    }
    odds[mode as PrizeMode] = Object.fromEntries(keys.map((k) => [k, lines[k] as number]));
  }
  if (Object.keys(odds).length === 0) throw new Error('a lottery game needs at least one prize mode');
  return odds;
}

/** Prize modes a game offers, in the canonical order. */
export function prizeModesOf(odds: GameOdds): PrizeMode[] {
  return PRIZE_MODES.filter((mode) => odds[mode] !== undefined);
}

/** The odds table of a prize mode, or 400 `invalid_prize_mode` when the game does not offer it. */
export function oddsTableFor(odds: GameOdds, prizeMode: string): OddsTable {
  const table = (PRIZE_MODES as readonly string[]).includes(prizeMode) ? odds[prizeMode as PrizeMode] : undefined;
  if (!table) throw new ApiError(400, 'invalid_prize_mode', `This game offers the prize modes ${prizeModesOf(odds).join(', ')}`);
  return table;
}
