import type { DataProvider, Identifier } from 'react-admin';

/**
 * Display helpers of the Players area (docs/back-office.md "Players"). The console API answers money as decimal
 * currency units (contract/money.ts) and times as epoch ms; the screens show them in the operator's browser locale.
 */

/**
 * What the area uses of the console's data provider (src/console/registry.ts ConsoleDataProvider: `action` posts
 * `/console/api/<resource>/<id>/<action>`, `get` reads `/console/api/<path>`), named here so the area's folder does
 * not import the folder that lists the areas (the browser folders form no cycle).
 */
export interface PlayersDataProvider extends DataProvider {
  action<T = unknown>(resource: string, id: Identifier, action: string, body?: unknown): Promise<{ data: T }>;
  get<T = unknown>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
}

/** An amount in currency units with its currency (the code alone when the browser does not know it). */
export function formatMoney(amount: number | null | undefined, currency = ''): string {
  if (amount === null || amount === undefined) return '';
  try {
    return currency ? new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount) : amount.toFixed(2);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A time (epoch ms) as a local date and time; '' for none. */
export function formatTime(at: number | null | undefined): string {
  return at ? new Date(at).toLocaleString() : '';
}

/** A new key for one adjustment the operator means (the request's idempotency key). */
export function newRequestKey(): string {
  return `adj-${crypto.randomUUID()}`;
}

/** The ledger kinds an operator filters by. */
export const LEDGER_KINDS = [
  'deposit', 'withdraw_hold', 'withdraw_release', 'bet', 'win', 'refund', 'welcome_bonus', 'trial_credit', 'sign_in', 'promotion',
  'referral_reward', 'bonus_conversion', 'bonus_forfeit', 'adjustment',
] as const;
