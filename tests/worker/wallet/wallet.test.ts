import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { minorToWire } from '../../../contract/money';
import { postLedger } from '../../../worker/services/ledger/ledger';
import { call } from '../helpers';
import { demoAmounts, ensureAccountSettings, fromIp, registerMember, uniqueIp } from '../accounts-fixtures';

beforeAll(ensureAccountSettings);

describe('GET /wps/wallets/gcs', { timeout: 30_000 }, () => {
  it('returns the balance in decimal currency units (minorToWire) with the merchant currency', async () => {
    const amounts = await demoAmounts();
    const { session } = await registerMember();
    const { status, body, headers } = await call<AccountsWire['WalletValue']>('/wps/wallets/gcs', { token: session.token });
    expect(status).toBe(200);
    expect(body.value).toEqual({
      sumBalance: minorToWire(amounts.welcome), currency: amounts.currency, currencySymbol: amounts.symbol,
      balance: [{ accountTypeId: 1, availBalance: minorToWire(amounts.welcome) }],
      // The welcome bonus is bonus money with 30× wagering by default (docs/honest-money.md): part of the playable sumBalance.
      bonusBalance: minorToWire(amounts.welcome), wageringRequired: minorToWire(amounts.welcome * 30), wageringDone: 0,
    });
    expect(headers.get('Cache-Control')).toBe('no-store');
  });

  it('follows ledger postings', async () => {
    const amounts = await demoAmounts();
    const { session, username } = await registerMember();
    const member = await env.DB.prepare(`SELECT id FROM members WHERE username = ?`).bind(username.toLowerCase()).first<{ id: number }>();
    await postLedger(env.DB, member?.id ?? 0, [{ amountMinor: -2_550, kind: 'bet', reference: 'r1', idempotencyKey: 'bet-1', balance: 'stake' }]);
    const { body } = await call<AccountsWire['WalletValue']>('/wps/wallets/gcs', { token: session.token });
    expect(body.value.sumBalance).toBe(minorToWire(amounts.welcome - 2_550));
  });

  it('shows a trial member their play money', async () => {
    const amounts = await demoAmounts();
    const trial = await call<AccountsWire['SessionValue']>('/wps/session/login/freeplay', { method: 'POST', headers: fromIp(uniqueIp()) });
    const { body } = await call<AccountsWire['WalletValue']>('/wps/wallets/gcs', { token: trial.body.value.token });
    expect(body.value.sumBalance).toBe(minorToWire(amounts.trial));
  });

  it('answers 401 without a session and with a made-up token', async () => {
    const none = await call('/wps/wallets/gcs');
    expect(none.status).toBe(401);
    expect(none.body.errorCode).toBe('customer.not.login');
    const fake = await call('/wps/wallets/gcs', { token: 'A'.repeat(43) });
    expect(fake.status).toBe(401);
    expect(fake.body.errorCode).toBe('user.or.token.invalid');
  });
});
