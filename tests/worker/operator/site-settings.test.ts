import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, parseWire } from '../helpers';
import { createMember } from '../fixtures';
import { freshKey } from '../payments-helpers';
import { walletCalls } from '../../../contract/calls/wallet';
import {
  linkStatement, listPaymentMethodSettings, listRegistrationFieldSettings, listStoredLinks, paymentMethodStatements,
  registrationFieldStatement, socialProviderStatement, withdrawSettingStatement, type StoredLink,
} from '../../../worker/db/queries/operator-settings';
import { findWithdrawSettings } from '../../../worker/db/queries/withdrawals';
import { setSiteSwitch } from '../../../worker/db/queries/operator-sites';
import { configuredProvider } from '../../../worker/services/accounts/social-login';
import { SOCIAL_LOGIN_ENDPOINTS } from '../../../worker/model/site-settings';
import type { Bindings } from '../../../worker/env';
import { BUILD_FILES, fakeBuild, page } from '../page-helpers';

// What the operator's site-settings commands write (scripts/site-settings.ts, through worker/db/queries/operator-settings.ts)
// reaches the calls the player's pages make. DEMO2 (host play2.localhost) is changed and put back by each test.
const DEMO2 = 'http://play2.localhost';
const db = env.DB;

interface StatusWire {
  info: { resources: { resourceType: string; url: string }[]; customerService: { csType: string; path: string }[] };
}

async function status() {
  const res = await call<StatusWire>(`${DEMO2}/wps/v2/system/status`, { headers: { 'X-PlayDeck-Client': '1' } });
  expect(res.status).toBe(200);
  return res.body.value.info;
}

describe('site settings written by the operator commands reach the player\'s calls', () => {
  it('a payment method\'s limits change what the deposit call accepts; switched off, it is gone', async () => {
    const member = await createMember({ merchantCode: 'DEMO2' });
    const [stored] = (await listPaymentMethodSettings(db, 'DEMO2')).filter((m) => m.methodCode === 'DEMO_BANK');
    expect(stored).toBeDefined();
    const onDemo2 = (amount: number) => call(`${DEMO2}/wps/playdeck/payments/deposit`, {
      method: 'POST', token: member.token, json: { methodCode: 'DEMO_BANK', amount, idempotencyKey: freshKey('s') },
    });
    try {
      await db.batch(paymentMethodStatements(db, 'DEMO2', { ...stored!, minMinor: 150_00, maxMinor: 300_00 }, { EN: 'Bank (settings)' }));
      const methods = await call(`${DEMO2}/wps/playdeck/payments/methods`, { token: member.token });
      const value = parseWire(walletCalls.paymentMethods.value, methods.body.value);
      expect(value.methods.find((m) => m.methodCode === 'DEMO_BANK')).toMatchObject({ minAmount: 150, maxAmount: 300 });
      expect((await onDemo2(149.99)).body.errorCode).toBe('amount_out_of_range');
      expect((await onDemo2(300.01)).body.errorCode).toBe('amount_out_of_range');
      expect((await onDemo2(150)).status).toBe(200);

      await db.batch(paymentMethodStatements(db, 'DEMO2', { ...stored!, enabled: false }, { EN: null }));
      const off = await call(`${DEMO2}/wps/playdeck/payments/methods`, { token: member.token });
      expect(parseWire(walletCalls.paymentMethods.value, off.body.value).methods.map((m) => m.methodCode)).not.toContain('DEMO_BANK');
      const refused = await onDemo2(200);
      expect([refused.status, refused.body.errorCode]).toEqual([404, 'payment_method_not_found']);
    } finally {
      await db.batch(paymentMethodStatements(db, 'DEMO2', stored!, { EN: null }));
    }
    expect((await listPaymentMethodSettings(db, 'DEMO2')).find((m) => m.methodCode === 'DEMO_BANK')).toEqual(stored);
  });

  it('a new payment method is offered with its name in the player\'s language', async () => {
    const member = await createMember({ merchantCode: 'DEMO2' });
    const method = {
      methodCode: 'SETTINGS_TEST', provider: 'demo' as const, displayName: 'GCash', minMinor: 100, maxMinor: 1_000_00, endpointUrl: '',
      accountId: '', secretName: '', sortOrder: 5, enabled: true,
    };
    await db.batch(paymentMethodStatements(db, 'DEMO2', method, { VI: 'Ví GCash' }));
    try {
      const res = await call(`${DEMO2}/wps/playdeck/payments/methods`, { token: member.token, headers: { Language: 'VI' } });
      const value = parseWire(walletCalls.paymentMethods.value, res.body.value);
      expect(value.methods[0]).toEqual({ methodCode: 'SETTINGS_TEST', displayName: 'Ví GCash', minAmount: 1, maxAmount: 1000 });
    } finally {
      await db.batch(paymentMethodStatements(db, 'DEMO2', { ...method, enabled: false }, { VI: null }));
    }
  });

  it('withdrawal limits reach the withdraw page; off, withdrawals are not offered', async () => {
    const member = await createMember({ merchantCode: 'DEMO2' });
    const stored = await findWithdrawSettings(db, 'DEMO2');
    const info = async () => parseWire(walletCalls.withdrawInfo.value, (await call(`${DEMO2}/wps/transaction/withdraw`, { token: member.token })).body.value);
    try {
      await db.batch([withdrawSettingStatement(db, 'DEMO2', { payoutMethod: 'DEMO_BANK', minMinor: 123_00, maxMinor: 456_00 })]);
      expect(await info()).toMatchObject({ enabled: true, minAmount: 123, maxAmount: 456 });
      await db.batch([withdrawSettingStatement(db, 'DEMO2', null)]);
      expect((await info()).enabled).toBe(false);
    } finally {
      await db.batch([withdrawSettingStatement(db, 'DEMO2', stored)]);
    }
  });

  it('a link set reaches the status call; a cleared one is left out of it and of the domain route', async () => {
    const before = await listStoredLinks(db, 'DEMO2');
    const link = (table: StoredLink['table'], type: string, url: string): StoredLink => ({ table, type, url, label: type, sortOrder: 30 });
    try {
      await db.batch([
        linkStatement(db, 'DEMO2', link('merchant_resources', 'TELEGRAM', 'https://t.me/luckystar')),
        linkStatement(db, 'DEMO2', link('merchant_resources', 'YOUTUBE', 'https://www.youtube.com/@luckystar')),
        linkStatement(db, 'DEMO2', { table: 'customer_service', type: 'CS', url: '', label: '', sortOrder: 0 }),
      ]);
      const info = await status();
      expect(info.resources).toEqual(expect.arrayContaining([
        expect.objectContaining({ resourceType: 'TELEGRAM', url: 'https://t.me/luckystar' }),
        expect.objectContaining({ resourceType: 'YOUTUBE', url: 'https://www.youtube.com/@luckystar' }),
      ]));
      expect(info.customerService.map((e) => e.csType)).not.toContain('CS');
      const route = await call<{ version: { pathList: { path: string }[] } }>(`${DEMO2}/wps/system/domainRoute?device=MOBILE`, { headers: { 'X-PlayDeck-Client': '1' } });
      expect(route.body.value.version.pathList.map((p) => p.path)).not.toContain('');
      await db.batch([linkStatement(db, 'DEMO2', link('merchant_resources', 'TELEGRAM', ''))]);
      expect((await status()).resources.map((r) => r.resourceType)).not.toContain('TELEGRAM');
    } finally {
      await db.prepare(`DELETE FROM merchant_resources WHERE merchant_code = 'DEMO2' AND resource_type = 'YOUTUBE'`).run();
      await db.batch(before.map((l) => linkStatement(db, 'DEMO2', l)));
    }
  });

  it('registration field rules reach the registration settings call, in the operator\'s order', async () => {
    const before = await listRegistrationFieldSettings(db, 'DEMO2');
    try {
      await db.batch([
        registrationFieldStatement(db, 'DEMO2', { field: 'qqNum', enabled: true, required: true, sortOrder: 1 }),
        registrationFieldStatement(db, 'DEMO2', { field: 'nickname', enabled: false, required: true, sortOrder: 2 }),
      ]);
      const res = await call<Record<string, { enabled: boolean; required: boolean }>>(`${DEMO2}/wps/system/setting/register`);
      expect(Object.keys(res.body.value)[0]).toBe('qqNum');
      expect(res.body.value.qqNum).toMatchObject({ enabled: true, required: true });
      expect(res.body.value.nickname).toMatchObject({ enabled: false, required: false });
    } finally {
      await db.prepare(`DELETE FROM registration_fields WHERE merchant_code = 'DEMO2'`).run();
      await db.batch(before.map((r) => registrationFieldStatement(db, 'DEMO2', r)));
    }
  });
});

describe('a social login switched on without its provider says so in the worker\'s log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs one line per isolate and reason, names the fix, and is usable once client and secret are there', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const google = { provider: 'google' as const, clientId: '', clientSecretEnv: 'SETTINGS_TEST_SECRET', ...SOCIAL_LOGIN_ENDPOINTS.google };
    await db.batch([socialProviderStatement(db, 'DEMO2', google)]);
    await setSiteSwitch(db, 'DEMO2', 'GOOGLELOGIN3', true);
    try {
      expect(await configuredProvider(db, env, 'DEMO2', 'google', true)).toBeNull();
      expect(await configuredProvider(db, env, 'DEMO2', 'google', true)).toBeNull();
      const lines = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('[social-login] DEMO2'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('GOOGLELOGIN3 is on but google login is not usable (client_id_missing)');
      expect(lines[0]).toContain('npm run operator -- social DEMO2 google client=');

      await db.batch([socialProviderStatement(db, 'DEMO2', { ...google, clientId: '123456789012-abcdefghij0123456789.apps.googleusercontent.com' })]);
      expect(await configuredProvider(db, env, 'DEMO2', 'google', true)).toBeNull();
      const secretLine = warn.mock.calls.map((c) => String(c[0])).find((l) => l.includes('(secret_missing)'));
      expect(secretLine).toContain('npx wrangler secret put SETTINGS_TEST_SECRET');

      const withSecret = { ...env, SETTINGS_TEST_SECRET: 's3cret' } as unknown as Bindings;
      expect((await configuredProvider(db, withSecret, 'DEMO2', 'google', true))?.config.clientId).toMatch(/googleusercontent/);
      // A switch that is off logs nothing.
      const count = warn.mock.calls.length;
      await configuredProvider(db, env, 'DEMO2', 'facebook', false);
      expect(warn.mock.calls.length).toBe(count);
    } finally {
      await setSiteSwitch(db, 'DEMO2', 'GOOGLELOGIN3', false);
      await db.prepare(`UPDATE identity_providers SET client_id = '', client_secret_env = 'GOOGLE_CLIENT_SECRET' WHERE merchant_code = 'DEMO2' AND provider = 'google'`).run();
    }
  });

  it('a login page of a site with the switch on and no provider has no button, and the log says why once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setSiteSwitch(db, 'DEMO2', 'FACEBOOKLOGIN3', true);
    try {
      const pageEnv = { ASSETS: fakeBuild(BUILD_FILES).assets, SITE_CACHE_SECONDS: '0' } as Partial<Bindings>;
      for (let i = 0; i < 2; i += 1) {
        const login = await page(`${DEMO2}/m/login`, { env: pageEnv });
        expect(login.status).toBe(200);
        expect(/data-capabilities="([^"]*)"/.exec(login.text)?.[1]).not.toContain('oauth-facebook');
      }
      const lines = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('[social-login] DEMO2: FACEBOOKLOGIN3'));
      expect(lines).toEqual([expect.stringContaining('facebook login is not usable (client_id_missing), so no facebook button is shown')]);
    } finally {
      await setSiteSwitch(db, 'DEMO2', 'FACEBOOKLOGIN3', false);
    }
  });
});
