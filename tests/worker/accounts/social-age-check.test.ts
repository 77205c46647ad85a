import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import type { Bindings } from '../../../worker/env';
import { createApp } from '../../../worker/index';
import { call } from '../helpers';
import { ensureAccountSettings, fromIp, setSwitch, uniqueIp } from '../accounts-fixtures';
import { configureProvider } from '../idp-fixtures';
import { createDeposit, freshKey } from '../payments-helpers';
import { localProvider, type Player } from './oidc-provider';
import { updateBonusRules } from '../../../worker/db/queries/bonus-rules';
import { postLedger } from '../../../worker/services/ledger/ledger';
import { requestWithdrawal } from '../../../worker/services/wallet/withdrawals';

/**
 * The age check of a social-login registration (docs/honest-money.md "Age check and consent"): where the site
 * requires the date of birth, an account created by Google or Facebook log-in moves no money — deposit, withdrawal —
 * until the player confirms a date of birth of legal age (POST /wps/playdeck/account/dateOfBirth); an under-age
 * declaration is kept, so another date cannot be tried.
 */

const app = createApp();
const google = await localProvider({ base: 'https://accounts.google.test', clientId: 'google-client', clientSecret: 'g-secret' });
const bindings = { ...env, GOOGLE_CLIENT_SECRET: 'g-secret', OUTBOUND: google.binding } as unknown as Bindings;

function raw(url: string, cookie?: string) {
  const headers: Record<string, string> = fromIp(uniqueIp());
  if (cookie) headers.Cookie = cookie;
  return app.request(url.startsWith('http') ? url : `http://127.0.0.1${url}`, { headers, redirect: 'manual' }, bindings);
}

/** A new player through Google log-in: their session token and member id. */
async function socialPlayer(): Promise<{ token: string; memberId: number }> {
  const player: Player = { sub: `sub-${crypto.randomUUID()}`, email: 'young@example.com', name: 'New Player' };
  const start = await raw('/wps/playdeck/oauth/google/start');
  const cookie = /pd_oauth=([^;]+)/.exec(start.headers.get('Set-Cookie') ?? '')?.[1] ?? '';
  const callback = await raw(google.approve(start.headers.get('Location') ?? '', player), `pd_oauth=${cookie}`);
  const location = callback.headers.get('Location') ?? '';
  expect(location).toMatch(/^\/m\/home#session=/);
  const code = decodeURIComponent(location.slice('/m/home#session='.length));
  const session = await call<AccountsWire['SessionValue']>('/wps/playdeck/session/exchange', { method: 'POST', json: { code } });
  expect(session.status).toBe(200);
  const row = await env.DB.prepare(`SELECT id FROM members WHERE username = ?`).bind(session.body.value.userName.toLowerCase()).first<{ id: number }>();
  return { token: session.body.value.token, memberId: row!.id };
}

function bornAgo(years: number, days = 0): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() - days)).toISOString().slice(0, 10);
}

const confirm = (token: string, dateOfBirth: string) =>
  call<{ dateOfBirth: string }>('/wps/playdeck/account/dateOfBirth', { method: 'POST', token, json: { dateOfBirth } });

async function withdrawal(memberId: number) {
  await postLedger(env.DB, memberId, [{ amountMinor: 10_000, kind: 'adjustment', reference: 'test cash', idempotencyKey: freshKey('cash') }]);
  return requestWithdrawal(env.DB, {
    merchantCode: 'DEMO', currency: 'USD', memberId, amountMinor: 5_000, payeeName: 'New Player', bankName: 'Demo Bank',
    accountNumber: '1234567890', idempotencyKey: freshKey('w'), forfeitBonus: true,
  });
}

beforeAll(async () => {
  await ensureAccountSettings();
  await configureProvider('google', {
    client_id: 'google-client', authorize_url: google.urls.authorize, token_url: google.urls.token,
    issuer: google.urls.issuer, jwks_url: google.urls.jwks, scopes: 'openid email profile',
  });
  await setSwitch('GOOGLELOGIN3', true);
});

afterEach(async () => {
  await env.DB.prepare(`DELETE FROM bonus_rules WHERE merchant_code = 'DEMO'`).run();
});

describe('the age check of a social-login registration', { timeout: 60_000 }, () => {
  it('where the site requires the date of birth, no money moves until the player confirms it; then it does', async () => {
    await updateBonusRules(env.DB, 'DEMO', { requires_dob: 1, legal_age: 21 });
    const { token, memberId } = await socialPlayer();
    const deposit = await createDeposit(token, { amount: 20 });
    expect([deposit.status, deposit.body.errorCode]).toEqual([403, 'date_of_birth_required']);
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM deposits WHERE member_id = ?`).bind(memberId).first('n')).toBe(0);
    await expect(withdrawal(memberId)).rejects.toMatchObject({ status: 403, errorCode: 'date_of_birth_required' });

    const future = await confirm(token, bornAgo(-1));
    expect([future.status, future.body.errorCode]).toEqual([400, 'date_of_birth_required']);
    const done = await confirm(token, bornAgo(21));
    expect([done.status, done.body.value]).toEqual([200, { dateOfBirth: bornAgo(21) }]);
    expect((await createDeposit(token, { amount: 20 })).status).toBe(200);
    expect((await withdrawal(memberId)).withdrawal.status).toBe('pending');
    // Given once; support corrects it.
    const again = await confirm(token, bornAgo(30));
    expect([again.status, again.body.errorCode]).toEqual([409, 'date_of_birth_set']);
  });

  it('an under-age declaration is kept: money stays blocked and no other date is accepted', async () => {
    await updateBonusRules(env.DB, 'DEMO', { requires_dob: 1, legal_age: 21 });
    const { token } = await socialPlayer();
    const young = await confirm(token, bornAgo(21, -1));
    expect([young.status, young.body.errorCode]).toEqual([403, 'under_legal_age']);
    const retry = await confirm(token, bornAgo(40));
    expect([retry.status, retry.body.errorCode]).toEqual([403, 'under_legal_age']);
    expect((await createDeposit(token, { amount: 20 })).body.errorCode).toBe('date_of_birth_required');
  });

  it('a site without the rule lets a social-login player deposit at once', async () => {
    const { token } = await socialPlayer();
    expect((await createDeposit(token, { amount: 20 })).status).toBe(200);
  });

  it('refuses the confirmation without a session or with a malformed date', async () => {
    const anonymous = await call('/wps/playdeck/account/dateOfBirth', { method: 'POST', json: { dateOfBirth: '1990-01-01' } });
    expect(anonymous.status).toBe(401);
    const { token } = await socialPlayer();
    expect((await confirm(token, '1990/01/01')).status).toBe(400);
  });
});
