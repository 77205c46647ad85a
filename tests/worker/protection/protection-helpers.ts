import { env } from 'cloudflare:test';
import { call } from '../helpers';
import { TEST_NOW_HEADER } from '../../../worker/lib/clock';

/** The limits page's data as the wire carries it (currency units). */
export interface LimitsWire {
  limits: { kind: string; period: string; limit: number; used: number; remaining: number; resetsAt: number | null;
    pending: { value: number | null; requestedAt: number; confirmableAt: number } | null }[];
  session: { minutes: number; pending: { value: number | null; requestedAt: number; confirmableAt: number } | null } | null;
  depositPrompt: boolean;
  now: number;
}

/** Headers that serve a request as of `at` (epoch ms; development only, worker/lib/clock.ts). */
export function at(moment: number | undefined): Record<string, string> {
  return moment === undefined ? {} : { [TEST_NOW_HEADER]: String(moment) };
}

/** GET the member's limits, optionally as of a moved clock. */
export function getLimits(token: string, moment?: number) {
  return call<LimitsWire>('/wps/playdeck/protection/limits', { token, headers: at(moment) });
}

/** POST a money limit (`amount` currency units, null removes). */
export function setLimit(token: string, body: { kind: string; period: string; amount: number | null }, moment?: number) {
  return call<{ outcome: string; limits: LimitsWire }>('/wps/playdeck/protection/limits', { method: 'POST', token, json: body, headers: at(moment) });
}

/** POST the session time limit (minutes, null removes). */
export function setSessionLimit(token: string, minutes: number | null, moment?: number) {
  return call<{ outcome: string; limits: LimitsWire }>('/wps/playdeck/protection/sessionLimit', { method: 'POST', token, json: { minutes }, headers: at(moment) });
}

/** POST the confirmation of a pending change. */
export function confirmLimit(token: string, kind: string, period: string, moment?: number) {
  return call<LimitsWire>('/wps/playdeck/protection/limits/confirm', { method: 'POST', token, json: { kind, period }, headers: at(moment) });
}

/** Writes a past ledger movement for a member (a bet, win or refund made earlier), minor units signed. */
export async function pastLedgerEntry(memberId: number, kind: 'bet' | 'win' | 'refund', amountMinor: number, createdAt: number): Promise<void> {
  const key = `past:${kind}:${createdAt}:${Math.random()}`;
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO ledger_entries (member_id, amount_minor, balance_after_minor, kind, reference, idempotency_key, created_at)
      VALUES (?1, ?2, (SELECT balance_minor FROM wallets WHERE member_id = ?1) + ?2, ?3, ?4, ?4, ?5)`).bind(memberId, amountMinor, kind, key, createdAt),
    env.DB.prepare(`UPDATE wallets SET balance_minor = balance_minor + ? WHERE member_id = ?`).bind(amountMinor, memberId),
  ]);
}

/** Writes a past deposit order for a member (`status` pending/credited/expired), minor units. */
export async function pastDeposit(memberId: number, amountMinor: number, createdAt: number, status = 'credited'): Promise<void> {
  const key = `past${createdAt}${Math.floor(Math.random() * 1e9)}`;
  await env.DB.prepare(`INSERT INTO deposits (merchant_code, member_id, method_code, provider, amount_minor, currency, status, pay_token_hash,
      idempotency_key, created_at, expires_at, updated_at) VALUES ('DEMO', ?, 'DEMO_BANK', 'demo', ?, 'USD', ?, ?, ?, ?, ?, ?)`)
    .bind(memberId, amountMinor, status, `hash-${key}`, key, createdAt, createdAt + 1_800_000, createdAt).run();
}

/** Sum of a member's deposits that count toward a deposit limit (pending and credited), minor units. */
export async function countedDeposits(memberId: number): Promise<number> {
  const row = await env.DB.prepare(`SELECT COALESCE(SUM(amount_minor), 0) AS n FROM deposits WHERE member_id = ? AND status IN ('pending', 'credited')`)
    .bind(memberId).first<{ n: number }>();
  return row?.n ?? 0;
}
