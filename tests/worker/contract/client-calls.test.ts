import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CALLS } from '../../../contract';
import type { CallDef } from '../../../contract/call';
import { envelopeSchema } from '../../../contract/envelope';
import { minorToWire } from '../../../contract/money';
import { postLedger } from '../../../worker/services/ledger/ledger';
import { call } from '../helpers';
import { createMember, setResources } from '../fixtures';
import { importContent, uniqueSlug } from '../content-fixtures';
import { withSiteState } from '../page-helpers';

/**
 * The calls the platform's own mobile client makes on home, in the frame and after login (platform-contract.md
 * §7.6), sent as that client sends them (method, path, query, ModuleId header, bare Authorization): each answers
 * the success envelope with the value shape the client reads, from PlayDeck's real data — or the empty value that
 * switches the feature off where PlayDeck has none.
 */

const SITE2 = 'http://play2.localhost';
const HOUR = 3_600_000;

/** Sends a call as the platform's client does: its method and path, the ModuleId header it sends, the bare token. */
async function send<V>(def: CallDef, init: { token?: string; query?: string; host?: string; headers?: Record<string, string>; json?: unknown } = {}) {
  const headers: Record<string, string> = { ...(def.moduleId ? { ModuleId: def.moduleId } : {}), Language: 'EN', ...init.headers };
  const url = `${init.host ?? ''}${def.path}${init.query ? `?${init.query}` : ''}`;
  const answer = await call<V>(url, {
    method: def.method, headers, ...(init.token ? { token: init.token } : {}), ...(init.json !== undefined ? { json: init.json } : {}),
  });
  if (answer.status === 200) expect(envelopeSchema(def.value).safeParse(answer.body).success, JSON.stringify(answer.body)).toBe(true);
  return answer;
}

type ValueOf<D> = D extends CallDef<z.ZodType | undefined, z.ZodType | undefined, infer V> ? z.output<V> : never;

async function templateFlag(merchant: string, key: 'mem_cen' | 'dep_func', value: 0 | 1) {
  await env.DB.prepare(
    `INSERT INTO merchant_flags (merchant_code, kind, flag_key, value) VALUES (?, 'template', ?, ?)
     ON CONFLICT (merchant_code, kind, flag_key) DO UPDATE SET value = excluded.value`,
  ).bind(merchant, key, value).run();
}

describe('home and frame calls (§7.6)', () => {
  it('PROMOFE_getPromoCodeEnable answers false: PlayDeck takes no promo codes, for visitors and members', async () => {
    const visitor = await send<boolean>(CALLS.promoCodeEnable);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ success: true, value: false });
    const member = await send<boolean>(CALLS.promoCodeEnable, { token: (await createMember()).token });
    expect(member.body.value).toBe(false);
  });

  it("WPSCORE_getDownloadSetting answers the site's app links and app_desc as the client's language list, null without links", async () => {
    await setResources('DEMO2', [['Android', 'https://dl.play2.test/a.apk'], ['IOS', 'https://apps.play2.test/ios'], ['AppDownloadIcon', 'https://img.play2.test/i.png']]);
    const { status, body } = await send<ValueOf<typeof CALLS.downloadSetting>>(CALLS.downloadSetting, { host: SITE2, query: 'domain=play2.localhost' });
    expect(status).toBe(200);
    expect(body.value).toEqual({
      app_desc: { value: [{ codes: ['EN'], text: expect.stringMatching(/\S/) }] }, login_prompt_text: null,
      android: 'https://dl.play2.test/a.apk', ios: 'https://apps.play2.test/ios', profile: '', icon: 'https://img.play2.test/i.png',
    });
    // The answer fits the contract's schema (what the client reads: `{ value: [{ codes, text }] }` or null).
    expect(CALLS.downloadSetting.value.safeParse(body.value).success).toBe(true);
    // The operator changes the links: the answer follows; an unsafe address is never offered.
    await setResources('DEMO2', [['MOBILECONFIG', 'https://dl.play2.test/p.mobileconfig'], ['Android', 'javascript:alert(1)']]);
    const changed = await send<ValueOf<typeof CALLS.downloadSetting>>(CALLS.downloadSetting, { host: SITE2, query: 'domain=' });
    expect(changed.body.value).toMatchObject({ android: '', ios: '', profile: 'https://dl.play2.test/p.mobileconfig' });
    expect(changed.body.value.app_desc?.value[0]?.text).toMatch(/\S/);
    // No download link at all: app_desc is null, the client has no app to describe; the login prompt text stays off.
    await setResources('DEMO2', [['TELEGRAM', 'https://t.me/play2']]);
    const none = await send<ValueOf<typeof CALLS.downloadSetting>>(CALLS.downloadSetting, { host: SITE2 });
    expect(none.body.value).toMatchObject({ app_desc: null, login_prompt_text: null, android: '', ios: '', profile: '' });
    expect(none.body.value.icon).not.toBe('');
  });

  it("MCSFE_getMerchantAvailablePromotions answers the site's running promotions; the categories follow the promotions", async () => {
    const now = Date.now();
    const category = `cat${Date.now().toString(36)}`;
    const [running, soon, ended] = [uniqueSlug('run'), uniqueSlug('soon'), uniqueSlug('ended')];
    await importContent('DEMO2', { announcements: [
      { slug: running, type: 'PR', title: 'Running promo', promotionType: category, startDate: now - HOUR, order: -1000 },
      { slug: soon, type: 'PR', title: 'Coming promo', promotionType: category, startDate: now + HOUR, order: -1000 },
      { slug: ended, type: 'PR', title: 'Ended promo', promotionType: `${category}x`, startDate: now - 3 * HOUR, endDate: now - HOUR },
    ] });
    const { status, body } = await send<ValueOf<typeof CALLS.merchantPromotions>>(CALLS.merchantPromotions, { host: SITE2 });
    expect(status).toBe(200);
    const titles = body.value.map((p) => p.title);
    expect(titles).toContain('Running promo');
    expect(titles).not.toContain('Coming promo');
    expect(titles).not.toContain('Ended promo');
    expect(body.value.every((p) => p.type === 'PR' && p.read === false)).toBe(true);
    // Not another site's.
    const demo = await send<ValueOf<typeof CALLS.merchantPromotions>>(CALLS.merchantPromotions);
    expect(demo.body.value.map((p) => p.title)).not.toContain('Running promo');

    const categories = await send<ValueOf<typeof CALLS.promotionCategories>>(CALLS.promotionCategories, { host: SITE2 });
    expect(categories.status).toBe(200);
    expect(categories.body.value).toContainEqual({ category, count: 2 });
    expect(categories.body.value.map((c) => c.category)).not.toContain(`${category}x`);
    // The operator unpublishes one: the count follows.
    await importContent('DEMO2', { announcements: [
      { slug: soon, type: 'PR', title: 'Coming promo', promotionType: category, startDate: now + HOUR, published: false },
    ] });
    const after = await send<ValueOf<typeof CALLS.promotionCategories>>(CALLS.promotionCategories, { host: SITE2 });
    expect(after.body.value).toContainEqual({ category, count: 1 });
  });

  it('GCSGAME_getGameMatchV2 answers [] (no sports feed) and WPSCORE_getCustomerServiceScript \'\' (own chat)', async () => {
    const matches = await send<unknown[]>(CALLS.gameMatches);
    expect(matches.status).toBe(200);
    expect(matches.body).toMatchObject({ success: true, value: [] });
    const script = await send<string>(CALLS.customerServiceScript);
    expect(script.status).toBe(200);
    expect(script.body).toMatchObject({ success: true, value: '' });
  });

  it("VIS_getJackpot answers the site's built-in jackpot pool (0 before anything funded it) with the site's currency", async () => {
    const { status, body } = await send<ValueOf<typeof CALLS.jackpot>>(CALLS.jackpot, { host: SITE2 });
    expect(status).toBe(200);
    expect(body.value).toEqual({ amount: 0, currency: 'PHP', currencySymbol: '₱' });
    await env.DB.prepare(`INSERT INTO jackpot_pools (merchant_code, pool_minor, updated_at) VALUES ('DEMO', 123456, 0)
      ON CONFLICT (merchant_code) DO UPDATE SET pool_minor = 123456`).run();
    const demo = await send<ValueOf<typeof CALLS.jackpot>>(CALLS.jackpot);
    expect(demo.body.value).toEqual({ amount: 1234.56, currency: 'USD', currencySymbol: '$' });
  });

  it("GET /wps/system/templates answers the site's template flags as strings and its app parameters", async () => {
    await templateFlag('DEMO2', 'mem_cen', 1);
    await templateFlag('DEMO2', 'dep_func', 0);
    const { status, body } = await send<ValueOf<typeof CALLS.templates>>(CALLS.templates, { host: SITE2 });
    expect(status).toBe(200);
    expect(body.value.mobileTemplate).toEqual({ mem_cen: '1', dep_func: '0' });
    expect(body.value.parameters).toMatchObject({ desktop_app_feature: 1, pwa: '' });
    expect(body.value.parameters.apple_touch_icon).not.toBe('');
    // The same flags as the status answer's info.mobileTemplate.
    const status2 = await call<{ info: { mobileTemplate: unknown } }>(`${SITE2}/wps/v2/system/status?device=MOBILE`);
    expect(status2.body.value.info.mobileTemplate).toEqual(body.value.mobileTemplate);
    await templateFlag('DEMO2', 'dep_func', 1);
    const changed = await send<ValueOf<typeof CALLS.templates>>(CALLS.templates, { host: SITE2 });
    expect(changed.body.value.mobileTemplate.dep_func).toBe('1');
  });

  it('GET /wps/system/location answers the client IP and country the edge saw, and the region rule', async () => {
    const { status, body, headers } = await send<ValueOf<typeof CALLS.location>>(CALLS.location, {
      headers: { 'CF-Connecting-IP': '198.51.100.7', 'CF-IPCountry': 'ph' },
    });
    expect(status).toBe(200);
    expect(body.value).toEqual({ ip: '198.51.100.7', country: 'PH', regionRestriction: false });
    expect(headers.get('Cache-Control')).toBe('no-store');
    await withSiteState('DEMO', { restrictedRegions: ['PH'] }, async () => {
      const gated = await send<ValueOf<typeof CALLS.location>>(CALLS.location, { headers: { 'CF-Connecting-IP': '198.51.100.7', 'CF-IPCountry': 'PH' } });
      expect(gated.body.value.regionRestriction).toBe(true);
    });
    const unknown = await send<ValueOf<typeof CALLS.location>>(CALLS.location);
    expect(unknown.body.value.country).toBe('');
  });

  it('POST /wps/system/collect accepts the beacon as text/plain, an empty body or a large one, and stores nothing', async () => {
    const beacon = JSON.stringify({ merchant: 'DEMO', value: 'api:status,elapsed:123' });
    const plain = await call('/wps/system/collect', { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: beacon });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ success: true, value: null });
    const empty = await call('/wps/system/collect', { method: 'POST' });
    expect(empty.body).toMatchObject({ success: true, value: null });
    const large = await call('/wps/system/collect', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x'.repeat(1_000_000) });
    expect(large.body).toMatchObject({ success: true, value: null });
    const garbage = await call('/wps/system/collect', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{not json' });
    expect(garbage.body).toMatchObject({ success: true, value: null });
  });
});

describe('signed-in calls (§7.6)', () => {
  it('MCSFE_getPlayerRankProgress answers the VIP label as the current rank, no next rank; 401 for a visitor', async () => {
    const member = await createMember();
    const none = await send<ValueOf<typeof CALLS.playerRankProgress>>(CALLS.playerRankProgress, { token: member.token });
    expect(none.status).toBe(200);
    expect(none.body.value).toEqual({ currentRank: null, nextRank: null, progress: 0 });
    await env.DB.prepare(`UPDATE members SET profile = ? WHERE id = ?`).bind(JSON.stringify({ clubLabel: 'Gold' }), member.memberId).run();
    const gold = await send<ValueOf<typeof CALLS.playerRankProgress>>(CALLS.playerRankProgress, { token: member.token });
    expect(gold.body.value).toEqual({ currentRank: { rankName: 'Gold' }, nextRank: null, progress: 0 });
    const visitor = await send(CALLS.playerRankProgress);
    expect(visitor.status).toBe(401);
    expect(visitor.body.errorCode).toBe('customer.not.login');
  });

  it('GCS_merchantWallet answers isSingle: true; 401 for a visitor', async () => {
    const { status, body } = await send<{ isSingle: boolean }>(CALLS.merchantWallet, { token: (await createMember()).token });
    expect(status).toBe(200);
    expect(body.value.isSingle).toBe(true);
    expect((await send(CALLS.merchantWallet)).status).toBe(401);
  });

  it('GET /wps/v2/wallets/balance answers the ledger balance in decimal units, as /wps/wallets/gcs; 401 for a visitor', async () => {
    const member = await createMember({ balanceMinor: 0, merchantCode: 'DEMO2' });
    await postLedger(env.DB, member.memberId, [{ amountMinor: 12_345, kind: 'deposit', reference: 'v2-test', idempotencyKey: `v2-${member.memberId}` }]);
    const { status, body, headers } = await send<ValueOf<typeof CALLS.walletBalanceV2>>(CALLS.walletBalanceV2, { token: member.token, host: SITE2 });
    expect(status).toBe(200);
    expect(body.value).toEqual({ balance: [{ accountTypeId: 1, availBalance: minorToWire(12_345) }], currency: 'PHP', currencySymbol: '₱' });
    expect(headers.get('Cache-Control')).toBe('no-store');
    const gcs = await call<{ sumBalance: number }>(`${SITE2}/wps/wallets/gcs`, { token: member.token });
    expect(gcs.body.value.sumBalance).toBe(body.value.balance[0]?.availBalance);
    expect((await send(CALLS.walletBalanceV2)).status).toBe(401);
  });

  it("PROMOFE_getPromoAnnounceV2 answers the site's promotions with the member's read state", async () => {
    const slug = uniqueSlug('v2');
    await importContent('DEMO2', { announcements: [{ slug, type: 'PR', title: 'V2 promo', groupName: 'g_v2', startDate: Date.now() - HOUR }] });
    const member = await createMember({ merchantCode: 'DEMO2' });
    const { status, body } = await send<ValueOf<typeof CALLS.promoAnnounceV2>>(CALLS.promoAnnounceV2, {
      token: member.token, host: SITE2, query: 'types=PR&platform=M&groupName=g_v2',
    });
    expect(status).toBe(200);
    expect(body.value.promotion.map((p) => [p.title, p.read])).toEqual([['V2 promo', false]]);
    const id = body.value.promotion[0]?.id ?? 0;
    const read = await call(`${SITE2}/wps/relay/MCSFE_markAnnouncementAsRead`, { method: 'POST', token: member.token, json: { announcementId: id, read: true } });
    expect(read.status).toBe(200);
    const again = await send<ValueOf<typeof CALLS.promoAnnounceV2>>(CALLS.promoAnnounceV2, {
      token: member.token, host: SITE2, query: 'types=PR&platform=M&groupName=g_v2',
    });
    expect(again.body.value.promotion[0]?.read).toBe(true);
    const bad = await send(CALLS.promoAnnounceV2, { host: SITE2, query: 'types=ZZ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('request_param_err');
  });

  it('PUT /wps/member/language saves the language per member and member info reads it back; bad code → 400', async () => {
    const member = await createMember();
    const other = await createMember();
    const before = await call<{ language?: string }>('/wps/member/info', { token: member.token });
    expect(before.body.value.language).toBeUndefined();
    const saved = await send(CALLS.updateLanguage, { token: member.token, json: { language: 'vi' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, value: null });
    const info = await call<{ language?: string }>('/wps/member/info', { token: member.token });
    expect(info.body.value.language).toBe('VI');
    expect((await call<{ language?: string }>('/wps/member/info', { token: other.token })).body.value.language).toBeUndefined();
    await send(CALLS.updateLanguage, { token: member.token, json: { language: 'CN' } });
    expect((await call<{ language?: string }>('/wps/member/info', { token: member.token })).body.value.language).toBe('CN');

    for (const language of ['XX', '', 'english', 42]) {
      const bad = await send(CALLS.updateLanguage, { token: member.token, json: { language } });
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('request_param_err');
    }
    const visitor = await send(CALLS.updateLanguage, { json: { language: 'EN' } });
    expect(visitor.status).toBe(401);
    expect((await call<{ language?: string }>('/wps/member/info', { token: member.token })).body.value.language).toBe('CN');
  });
});
