/**
 * Following a lottery game's rounds on /m/lotto-h5 (player-shell §2): which draw's result the page waits for, when
 * a result has arrived (so the wallet is refreshed), and how orders and bets read on screen. Pure.
 */

/** A draw as far as waiting for it goes. Times epoch ms. */
export interface DrawTimes {
  issueNo: string;
  closeAt: number;
  drawAt: number;
}

/** Stop waiting for a result this long after its draw time (the page keeps its normal pace afterwards). */
export const AWAIT_LIMIT_MS = 60_000;

/**
 * The draw time of the earliest draw whose result the page still waits for, or null: among the draws the page
 * showed (or the player bet on) that have closed, those whose digits are not among the results yet — or whose bets
 * of the player are still open — and whose draw time is less than a minute ago.
 */
export function awaitedDrawAt(
  now: number,
  watched: readonly DrawTimes[],
  results: readonly { issueNo: string; digits: readonly number[] | null }[],
  openBetIssues: ReadonlySet<string> = new Set(),
): number | null {
  const revealed = new Set(results.filter((r) => r.digits !== null).map((r) => r.issueNo));
  const waiting = watched.filter((d) => now >= d.closeAt && now - d.drawAt < AWAIT_LIMIT_MS
    && (!revealed.has(d.issueNo) || openBetIssues.has(d.issueNo)));
  return waiting.length === 0 ? null : Math.min(...waiting.map((d) => d.drawAt));
}

/** Issue numbers whose digits are in `next` but were not in `previous`: results that just arrived. */
export function newResults(
  previous: readonly { issueNo: string; digits: readonly number[] | null }[] | null,
  next: readonly { issueNo: string; digits: readonly number[] | null }[],
): string[] {
  if (previous === null) return [];
  const known = new Set(previous.filter((r) => r.digits !== null).map((r) => r.issueNo));
  return next.filter((r) => r.digits !== null && !known.has(r.issueNo)).map((r) => r.issueNo);
}

/** How an order ended, for its label: still open, won (paid), lost, or cancelled (refunded). */
export type OrderOutcome = 'open' | 'won' | 'lost' | 'cancelled';

/** An order's outcome from its status and payout. */
export function orderOutcome(order: { status: 'open' | 'settled' | 'cancelled'; payoutMinor: number }): OrderOutcome {
  if (order.status === 'open') return 'open';
  if (order.status === 'cancelled') return 'cancelled';
  return order.payoutMinor > 0 ? 'won' : 'lost';
}

/** What an order did to the balance so far: payout and refunds minus the stake (minor units). */
export function orderNet(order: { totalStakeMinor: number; payoutMinor: number; refundMinor: number }): number {
  return order.payoutMinor + order.refundMinor - order.totalStakeMinor;
}

/** One piece of a bet's label: a message key with parameters, or plain text (a digit, a sum). */
export type LabelPart = { key: string; params?: Record<string, string | number> } | { text: string };

/**
 * A bet's label in parts: the bet type, then its position and its pick, digit or sum, e.g. digit {position 1,
 * digit 7} → [bet type digit, position 1, "7"]; dragon_tiger {pick tie} → [bet type dragon_tiger, pick tie].
 */
export function betLabelParts(betType: string, selection: Record<string, string | number>): LabelPart[] {
  const parts: LabelPart[] = [{ key: `lottery.betType.${betType}` }];
  if (selection.position !== undefined) parts.push({ key: 'lottery.position', params: { n: selection.position } });
  if (selection.digit !== undefined) parts.push({ text: String(selection.digit) });
  if (selection.sum !== undefined) parts.push({ text: String(selection.sum) });
  if (selection.pick !== undefined) parts.push({ key: `lottery.pick.${String(selection.pick)}` });
  return parts;
}

/** The status filters of the game history (player-shell §2 /m/gameRecord): every order, or one status. */
export const ORDER_FILTERS = ['all', 'open', 'settled', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** The order list's status query for a filter ('all' asks without one). */
export function statusQuery(filter: OrderFilter): 'open' | 'settled' | 'cancelled' | undefined {
  return filter === 'all' ? undefined : filter;
}

/** Orders page size on the game history (player-shell §9 "Page size 9 (list)"). */
export const ORDER_PAGE_SIZE = 9;
