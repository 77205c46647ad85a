/**
 * The Reports page's plain helpers (docs/back-office.md "Reports"): the report as the console API answers it
 * (contract/calls/console-reports.ts: money as decimals in the site's currency, days UTC), the range presets, the
 * CSV links and number formats. No React here.
 */
import { addDays, dayOf } from '../../../rules/reports';

/** One day's figures on the wire. */
export interface ReportDayWire {
  day: string;
  registrations: number;
  firstDepositors: number;
  depositCount: number;
  deposits: number;
  withdrawalCount: number;
  withdrawals: number;
  bets: number;
  wins: number;
  ggr: number;
  bonusCost: number;
  ngr: number;
  activePlayers: number;
}

/** A game kind's or vendor's figures over the range. */
export interface ReportGameWire {
  key: string;
  name: string;
  rounds: number;
  bets: number;
  wins: number;
  ggr: number;
  playersPerDay: number;
}

/** GET /console/api/reports's value. */
export interface ReportWire {
  from: string;
  to: string;
  currency: string;
  timeZone: 'UTC';
  days: ReportDayWire[];
  totals: Omit<ReportDayWire, 'day' | 'activePlayers'> & { activePlayersPerDay: number; activePlayersPeak: number };
  gameKinds: ReportGameWire[];
  vendors: ReportGameWire[];
  source: { aggregatedDays: number; rawDays: number };
}

/** A date range, both days included (UTC `YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

/** The presets of the range picker: today, yesterday, the last 7 and 31 days, this month (all ending today). */
export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'last31', 'month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** A preset's range at `now` (epoch ms). */
export function presetRange(preset: RangePreset, now: number): DayRange {
  const today = dayOf(now);
  switch (preset) {
    case 'today': return { from: today, to: today };
    case 'yesterday': return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7': return { from: addDays(today, -6), to: today };
    case 'last31': return { from: addDays(today, -30), to: today };
    case 'month': return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The CSV download of a range: `days` (one row per day) or `games` (per day, game kind and vendor). */
export function csvHref(range: DayRange, table: 'days' | 'games'): string {
  return `/console/api/reports/csv?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}&table=${table}`;
}

/** An amount in the site's currency, e.g. "$1,234.50" (negative with a minus sign). */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A count with grouping, e.g. "12,345" (one decimal kept for averages). */
export function formatCount(n: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
}
