import { env } from 'cloudflare:test';
import { call } from './helpers';
import { demoSecret } from '../../worker/services/wallet/payments/demo-provider';
import { noticeText } from '../../worker/services/wallet/payments/notice';
import { signedHeaders } from '../../worker/services/wallet/payments/signature';
import type { PaymentNotice } from '../../worker/services/wallet/payments/provider';
import type { Bindings } from '../../worker/env';

let keys = 0;
/** A fresh idempotency key. */
export function freshKey(prefix = 'k'): string {
  keys += 1;
  return `${prefix}${Date.now().toString(36)}${keys}${Math.floor(Math.random() * 1e6)}`;
}

/** Deposit answer value (currency units). */
export interface DepositWire {
  depositId: number;
  methodCode: string;
  amount: number;
  status: string;
  createdAt: number;
  expiresAt: number;
  redirectUrl: string | null;
  balance: number | null;
}

/** POST /wps/playdeck/payments/deposit as a member. */
export function createDeposit(token: string, body: { methodCode?: string; amount: number; idempotencyKey?: string }, envOverride?: Partial<Bindings>) {
  return call<DepositWire>('/wps/playdeck/payments/deposit', {
    method: 'POST', token, json: { methodCode: body.methodCode ?? 'DEMO_BANK', amount: body.amount, idempotencyKey: body.idempotencyKey ?? freshKey('d') },
    ...(envOverride ? { env: envOverride } : {}),
  });
}

/** Posts a notice signed with `secret` (default: the demo provider's development secret) to the notify endpoint. */
export async function postNotice(methodCode: string, notice: PaymentNotice, options: { secret?: string; timestamp?: number; env?: Partial<Bindings> } = {}) {
  const text = noticeText(notice);
  const headers = await signedHeaders(options.secret ?? demoSecret(env as unknown as Bindings), text, options.timestamp ?? Date.now());
  return call<{ outcome: string }>(`/wps/playdeck/payments/notify/${methodCode}`, {
    method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: text,
    ...(options.env ? { env: options.env } : {}),
  });
}

/** Number of ledger entries with this idempotency key for a member. */
export async function ledgerCount(memberId: number, key: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE member_id = ? AND idempotency_key = ?`).bind(memberId, key).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Status of a deposit in the database. */
export async function depositStatus(id: number): Promise<string | undefined> {
  const row = await env.DB.prepare(`SELECT status FROM deposits WHERE id = ?`).bind(id).first<{ status: string }>();
  return row?.status;
}
