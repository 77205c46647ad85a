/**
 * The reports' pure rules (docs/back-office.md "Reports"), shared by the worker (which answers the figures) and the
 * back office (which draws them): UTC days, the derived figures (GGR, NGR) and the sums over a range. Money is
 * integer minor units here; the wire carries decimals (contract/calls/console-reports.ts).
 */

/** Milliseconds in a day. Report days are UTC days: PlayDeck's sites have no time zone of their own. */
export const DAY_MS = 86_400_000;

/** The longest range one report covers, in days (a year, leap years included). */
export const REPORT_MAX_DAYS = 366;

/** A UTC day as text, `YYYY-MM-DD`. */
export type ReportDay = string;

/** The UTC day of an instant (epoch ms). */
export function dayOf(ms: number): ReportDay {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The first millisecond of a UTC day; NaN when `day` is not a real `YYYY-MM-DD` day. */
export function dayStartMs(day: ReportDay): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && dayOf(ms) === day ? ms : Number.NaN;
}

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: ReportDay, n: number): ReportDay {
  return dayOf(dayStartMs(day) + n * DAY_MS);
}

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysOf(from: ReportDay, to: ReportDay): ReportDay[] {
  const out: ReportDay[] = [];
  for (let ms = dayStartMs(from), end = dayStartMs(to); ms <= end; ms += DAY_MS) out.push(dayOf(ms));
  return out;
}

/** What one site did on one day, as counted (the derived figures are below). */
export interface DayCounts {
  /** New player accounts (trial accounts are not players and are left out). */
  registrations: number;
  /** Players whose first credited deposit was credited this day. */
  firstDepositors: number;
  depositCount: number;
  depositMinor: number;
  /** Withdrawals paid out this day. */
  withdrawalCount: number;
  withdrawalMinor: number;
  /** Stakes, cash and bonus parts, less stakes refunded (a cancelled lottery bet). */
  betMinor: number;
  /** Wins, cash and bonus parts. */
  winMinor: number;
  /** Rewards credited (welcome bonus, sign-in, promotion, referral; cash or bonus money) less bonus money forfeited. */
  bonusCostMinor: number;
  /** Players who placed at least one bet this day. */
  activePlayers: number;
}

/** A day's counts with its derived figures. */
export interface DayFigures extends DayCounts {
  day: ReportDay;
  /** Gross gaming revenue: bets − wins. */
  ggrMinor: number;
  /** Net gaming revenue: GGR − bonus cost. */
  ngrMinor: number;
}

/** The counts of a day with nothing in it. */
export const EMPTY_COUNTS: Readonly<DayCounts> = {
  registrations: 0, firstDepositors: 0, depositCount: 0, depositMinor: 0, withdrawalCount: 0, withdrawalMinor: 0,
  betMinor: 0, winMinor: 0, bonusCostMinor: 0, activePlayers: 0,
};

/** A day's figures from its counts: GGR = bets − wins, NGR = GGR − bonus cost. */
export function dayFigures(day: ReportDay, counts: DayCounts): DayFigures {
  const ggrMinor = counts.betMinor - counts.winMinor;
  return { day, ...counts, ggrMinor, ngrMinor: ggrMinor - counts.bonusCostMinor };
}

/** A range's totals: sums of the days, except active players (see `activePlayersPerDay`). */
export interface RangeTotals extends Omit<DayFigures, 'day' | 'activePlayers'> {
  /** Average of the days' active players (one decimal): a player active on two days counts on each. */
  activePlayersPerDay: number;
  /** The day with the most active players' count. */
  activePlayersPeak: number;
}

/** The totals of `days` (any order). */
export function rangeTotals(days: readonly DayFigures[]): RangeTotals {
  const sum = (pick: (d: DayFigures) => number) => days.reduce((total, d) => total + pick(d), 0);
  const active = sum((d) => d.activePlayers);
  return {
    registrations: sum((d) => d.registrations), firstDepositors: sum((d) => d.firstDepositors),
    depositCount: sum((d) => d.depositCount), depositMinor: sum((d) => d.depositMinor),
    withdrawalCount: sum((d) => d.withdrawalCount), withdrawalMinor: sum((d) => d.withdrawalMinor),
    betMinor: sum((d) => d.betMinor), winMinor: sum((d) => d.winMinor), bonusCostMinor: sum((d) => d.bonusCostMinor),
    ggrMinor: sum((d) => d.ggrMinor), ngrMinor: sum((d) => d.ngrMinor),
    activePlayersPerDay: days.length === 0 ? 0 : Math.round((active / days.length) * 10) / 10,
    activePlayersPeak: days.reduce((peak, d) => Math.max(peak, d.activePlayers), 0),
  };
}

/** One day's play of one game kind at one vendor. */
export interface GameDay {
  day: ReportDay;
  /** slot, table, crash, shooter or lottery (the bonus rules' game kinds, docs/honest-money.md). */
  gameKind: string;
  /** The vendor's code (games.vassalage). */
  vendor: string;
  /** Rounds played (a lottery order counts as one round). */
  rounds: number;
  betMinor: number;
  winMinor: number;
  /** Players who played this kind at this vendor that day. */
  players: number;
}

/** A game kind's or vendor's figures over a range. */
export interface GameTotals {
  key: string;
  rounds: number;
  betMinor: number;
  winMinor: number;
  ggrMinor: number;
  /** Average per day of the range of the days' players (one decimal). */
  playersPerDay: number;
}

/** The range's figures per game kind (`by` 'gameKind') or per vendor, biggest bets first. */
export function gameTotals(rows: readonly GameDay[], by: 'gameKind' | 'vendor', dayCount: number): GameTotals[] {
  const totals = new Map<string, { rounds: number; betMinor: number; winMinor: number; players: number }>();
  for (const row of rows) {
    const key = row[by];
    const t = totals.get(key) ?? { rounds: 0, betMinor: 0, winMinor: 0, players: 0 };
    t.rounds += row.rounds;
    t.betMinor += row.betMinor;
    t.winMinor += row.winMinor;
    t.players += row.players;
    totals.set(key, t);
  }
  return [...totals.entries()]
    .map(([key, t]) => ({
      key, rounds: t.rounds, betMinor: t.betMinor, winMinor: t.winMinor, ggrMinor: t.betMinor - t.winMinor,
      playersPerDay: dayCount === 0 ? 0 : Math.round((t.players / dayCount) * 10) / 10,
    }))
    .sort((a, b) => b.betMinor - a.betMinor || a.key.localeCompare(b.key));
}
