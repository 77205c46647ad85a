/**
 * The lottery bet slip (player-shell §2 /m/lotto-h5; §3 Play types Tradition/Entertainment): which bets a play
 * type offers, what each pays, the stake chips, the checks before an order is sent, and the idempotency key of a
 * submit. Pure. Money is integer minor units; odds are integers in thousandths with the stake included (1980 pays
 * 1.98 × stake); a result is five digits d1…d5 whose sum runs 0–45.
 */
import { formatOdds as formatOddsText } from '../../rules/format';

/** Play types: trad (Tradition) and ent (Entertainment). */
export type PlayType = 'trad' | 'ent';

/** A selection as the order call sends it, e.g. { position: 1, digit: 7 } or { pick: 'tie' }. */
export type Selection = Record<string, string | number>;

/** One bet of the slip: its type and selection. */
export interface BetPick {
  betType: string;
  selection: Selection;
}

/** Bet types that are placed on one position of the result (the slip asks which position first). */
export const POSITIONAL: ReadonlySet<string> = new Set(['digit', 'pos_big_small', 'pos_odd_even']);
/** The positions of a result, first digit first. */
export const POSITIONS = [1, 2, 3, 4, 5] as const;
/** At most this many bets in one order (the order call takes 1 to 50 items). */
export const MAX_SLIP_BETS = 50;

const PICKS: Readonly<Record<string, readonly string[]>> = {
  pos_big_small: ['big', 'small'],
  pos_odd_even: ['odd', 'even'],
  sum_big_small: ['big', 'small'],
  sum_odd_even: ['odd', 'even'],
  sum_combo: ['big_odd', 'big_even', 'small_odd', 'small_even'],
  dragon_tiger: ['dragon', 'tiger', 'tie'],
};

/** The bet types a game offers in one play type, in the game sheet's order. */
export function betTypesFor(sheet: readonly { betType: string; playTypes: readonly PlayType[] }[], playType: PlayType): string[] {
  return sheet.filter((b) => b.playTypes.includes(playType)).map((b) => b.betType);
}

/**
 * Every selection of a bet type (for positional types, on `position`): digit 0–9; big/small; odd/even; sum 0–45;
 * the four sum combinations; dragon/tiger/tie. Unknown types offer nothing.
 */
export function selectionsOf(betType: string, position: number): Selection[] {
  if (betType === 'digit') return Array.from({ length: 10 }, (_, digit) => ({ position, digit }));
  if (betType === 'sum_value') return Array.from({ length: 46 }, (_, sum) => ({ sum }));
  const picks = PICKS[betType] ?? [];
  return picks.map((pick): Selection => (POSITIONAL.has(betType) ? { position, pick } : { pick }));
}

/** The odds-table line that prices a bet: one per bet type, per pick where picks differ in chance. */
export function oddsKeyOf(bet: BetPick): string {
  if (bet.betType === 'sum_value') return `sum_value:${String(bet.selection.sum)}`;
  if (bet.betType === 'sum_combo' || bet.betType === 'dragon_tiger') return `${bet.betType}:${String(bet.selection.pick)}`;
  return bet.betType;
}

/** The same bet (type and selection), whatever the key order. */
export function sameBet(a: BetPick, b: BetPick): boolean {
  if (a.betType !== b.betType) return false;
  const keys = Object.keys(a.selection);
  return keys.length === Object.keys(b.selection).length && keys.every((k) => a.selection[k] === b.selection[k]);
}

/** Adds the bet to the slip, or takes it off when it is there already; a full slip takes no more. */
export function toggleBet(slip: readonly BetPick[], bet: BetPick): BetPick[] {
  if (slip.some((b) => sameBet(b, bet))) return slip.filter((b) => !sameBet(b, bet));
  return slip.length >= MAX_SLIP_BETS ? [...slip] : [...slip, bet];
}

/** Payout of a winning stake, rounded down to the minor unit (the server's rule). */
export function payoutOf(stakeMinor: number, oddsMilli: number): number {
  const product = stakeMinor * oddsMilli;
  return (product - (product % 1000)) / 1000;
}

/** Odds as shown: thousandths as a multiplier with 2 or 3 decimals (1950 → 1.95, 1975 → 1.975, 2000 → 2.00). */
export function formatOdds(oddsMilli: number, locale = 'en-US'): string {
  return formatOddsText(oddsMilli, locale);
}

/** Chip values offered, minor units: 1, 5, 10, 50, 100 and 500 in the site currency. */
export const CHIP_VALUES_MINOR = [100, 500, 1000, 5000, 10_000, 50_000] as const;

/** The stake chips of a game: the chip values within its stake limits, led by its minimum stake when that is lower. */
export function stakeChips(minStakeMinor: number, maxStakeMinor: number): number[] {
  const inRange = CHIP_VALUES_MINOR.filter((v) => v >= minStakeMinor && v <= maxStakeMinor);
  return inRange[0] === minStakeMinor ? inRange : [minStakeMinor, ...inRange].slice(0, CHIP_VALUES_MINOR.length);
}

/** The highest stake a bet at these odds may carry: the game's maximum stake, lowered so it cannot win above the cap. */
export function maxStakeFor(oddsMilli: number, game: { maxStakeMinor: number; maxPayoutMinor: number }): number {
  return Math.min(game.maxStakeMinor, Math.floor((game.maxPayoutMinor * 1000) / Math.max(1, oddsMilli)));
}

/** The limits and wallet a slip is checked against. Money minor units. */
export interface SlipLimits {
  minStakeMinor: number;
  maxStakeMinor: number;
  maxPayoutMinor: number;
  /** Null when the balance is not known (logged out or loading). */
  balanceMinor: number | null;
}

/** Why a slip cannot be sent, or null when it can. */
export type SlipProblem = 'empty' | 'tooMany' | 'belowMin' | 'aboveMax' | 'payoutCap' | 'balance';

/**
 * Checks a slip where every bet carries `stakeMinor`; `odds` gives each bet's odds. In order: no bets; more than 50;
 * stake under the minimum or over the maximum; a bet that could win more than the maximum payout; a total above the
 * known balance.
 */
export function slipProblem(slip: readonly BetPick[], stakeMinor: number, odds: (bet: BetPick) => number, limits: SlipLimits): SlipProblem | null {
  if (slip.length === 0) return 'empty';
  if (slip.length > MAX_SLIP_BETS) return 'tooMany';
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor < limits.minStakeMinor) return 'belowMin';
  if (stakeMinor > limits.maxStakeMinor) return 'aboveMax';
  if (slip.some((bet) => payoutOf(stakeMinor, odds(bet)) > limits.maxPayoutMinor)) return 'payoutCap';
  if (limits.balanceMinor !== null && slipTotal(slip, stakeMinor) > limits.balanceMinor) return 'balance';
  return null;
}

/** Total stake of a slip: the stake times the number of bets. */
export function slipTotal(slip: readonly BetPick[], stakeMinor: number): number {
  return slip.length * stakeMinor;
}

/** One order as sent, for the idempotency key: the same order retried keeps its key. */
export interface OrderAttempt {
  key: string;
  /** The order's content: game, issue, prize mode and bets with stakes. */
  signature: string;
}

/** The content of an order as one string (two sends of the same order give the same signature). */
export function orderSignature(order: { nodeId: number; issueNo: string; prizeMode: string; items: readonly (BetPick & { stakeMinor: number })[] }): string {
  return JSON.stringify([order.nodeId, order.issueNo, order.prizeMode, order.items.map((i) => [i.betType, i.selection, i.stakeMinor])]);
}

/**
 * "Idempotency key per submit, retry reuses it": the pending (unanswered) attempt when this is the same order
 * again, else a new attempt with a fresh key. A changed slip, stake or draw is a new order.
 */
export function orderAttempt(pending: OrderAttempt | null, signature: string, freshKey: () => string): OrderAttempt {
  if (pending && pending.signature === signature) return pending;
  return { key: freshKey(), signature };
}

/**
 * Whether a failed order stays pending for a retry with the same key: when its answer was lost (network) or the
 * server failed (5xx) the order may have been placed, so only the same key may be sent again. A refusal (4xx)
 * placed nothing.
 */
export function keepOrderForRetry(status: number, code: string): boolean {
  return code === 'network' || status === 0 || status >= 500;
}

/** The play type to show: the one asked for when the game offers it, else the game's first. */
export function playTypeToShow(asked: PlayType, offered: readonly PlayType[]): PlayType {
  return offered.includes(asked) || offered.length === 0 ? asked : (offered[0] as PlayType);
}

/** The prize mode to bet in: the one the launcher passed when the game has odds for it, else the game's first. */
export function prizeModeToUse<T extends string>(asked: string | null, offered: readonly T[]): T | null {
  const upper = asked?.toUpperCase();
  return offered.find((m) => m === upper) ?? offered[0] ?? null;
}
