import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { enrolled, makeOperator, signIn, totpCode } from './console-helpers';
import { changeSwitch } from '../../../worker/services/sites/site-admin';

/**
 * The back office's Site area (docs/back-office.md "Site"; worker/console/site.ts): the role (settings.read /
 * settings.write: owner and admin), the site scope (the host's site only), every value refused with a stable
 * errorCode and nothing written, and every change with its audit row (before, after, reason) in the same batch.
 */
type Headers = { Cookie: string; 'X-CSRF-Token': string };
interface View {
  code: string;
  settings: Record<string, string>;
  maintenance: boolean;
  maintenanceTexts: { language: string; text: string }[];
  regions: string[];
  domains: string[];
  switches: { moduleId: string; on: boolean }[];
}

let admin: Headers;
let admin2: Headers;

beforeAll(async () => {
  admin = (await enrolled('admin')).headers;
  admin2 = await enrolledOn('play2.localhost', 'DEMO2');
}, 30_000);

/** An admin of `merchantCode` only, signed in and enrolled on that site's host. */
async function enrolledOn(host: string, merchantCode: string): Promise<Headers> {
  const session = await signIn(await makeOperator('admin', merchantCode), { host });
  const headers = { Cookie: session.cookie, 'X-CSRF-Token': session.csrf };
  const start = await call<{ secret: string }>(`http://${host}/console/api/totp/enrol`, { method: 'POST', headers });
  await call(`http://${host}/console/api/totp/confirm`, { method: 'POST', headers, json: { code: totpCode(start.body.value.secret) } });
  return headers;
}

const post = (path: string, json: unknown, headers: Headers = admin, host = '127.0.0.1') =>
  call<View>(`http://${host}/console/api/site${path}`, { method: 'POST', headers, json });

async function lastAudit(action: string, merchantCode = 'DEMO') {
  return env.DB.prepare(`SELECT operator, operator_id, target, before_json, after_json, reason FROM console_audit WHERE action = ? AND merchant_code = ? ORDER BY id DESC LIMIT 1`)
    .bind(action, merchantCode).first<{ operator: string; operator_id: number | null; target: string; before_json: string; after_json: string; reason: string }>();
}

const auditCount = async () => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM console_audit`).first<{ n: number }>())!.n;

describe('Site area: reading', () => {
  it('shows the host\'s site: switches, maintenance, regions, domains, brand and theme; currency as text', async () => {
    const res = await call<View>('/console/api/site', { headers: admin });
    expect(res.status).toBe(200);
    const view = res.body.value;
    expect(view.code).toBe('DEMO');
    expect(view.domains).toContain('127.0.0.1');
    expect(view.switches.map((w) => w.moduleId)).toContain('CBS3');
    expect(view.settings).toMatchObject({ currency: expect.any(String), theme: expect.stringMatching(/^(dark|light)$/), welcomeBonus: expect.stringMatching(/^\d+\.\d\d$/) });
    const other = await call<View>('http://play2.localhost/console/api/site', { headers: admin2 });
    expect(other.body.value.code).toBe('DEMO2');
    expect(other.body.value.domains).not.toContain('127.0.0.1');
  });

  it('is for owner and admin only; another site\'s operator is refused', async () => {
    for (const role of ['support', 'content']) {
      const s = await signIn(await makeOperator(role));
      expect((await call('/console/api/site', { headers: { Cookie: s.cookie } })).body.errorCode).toBe('console_role_forbidden');
    }
    expect((await call('/console/api/site', { headers: admin2 })).body.errorCode).toBe('console_site_forbidden');
    expect((await post('/maintenance', { on: true, reason: 'x' }, admin2)).body.errorCode).toBe('console_site_forbidden');
  });

  it('is shown in upstream mode (PlayDeck keeps the sites and switches)', async () => {
    const res = await call<View>('/console/api/site', { headers: admin, env: { UPSTREAM_API_URL: 'https://platform.example' } });
    expect(res.status).toBe(200);
  });
});

describe('Site area: changes, each with its audit row', () => {
  it('turns a switch off and on; the player side reads it; the audit row has before, after and reason', async () => {
    const res = await post('/switches/cbs3', { on: false, reason: 'Chat vendor outage' });
    expect(res.status).toBe(200);
    expect(res.body.value.switches.find((w) => w.moduleId === 'CBS3')?.on).toBe(false);
    const row = await env.DB.prepare(`SELECT enabled FROM site_switches WHERE merchant_code = 'DEMO' AND module_id = 'CBS3'`).first<{ enabled: number }>();
    expect(row?.enabled).toBe(0);
    const audit = await lastAudit('site.switch');
    expect(audit).toMatchObject({ target: 'switch:CBS3', reason: 'Chat vendor outage' });
    expect(audit!.operator_id).not.toBeNull();
    expect(JSON.parse(audit!.after_json)).toEqual({ on: false });
    expect((await post('/switches/CBS3', { on: true, reason: 'Back' })).body.value.switches.find((w) => w.moduleId === 'CBS3')?.on).toBe(true);
    expect(JSON.parse((await lastAudit('site.switch'))!.before_json)).toEqual({ on: false });
  });

  it('sets maintenance and its text per language; none removes the text', async () => {
    expect((await post('/maintenance', { on: true, reason: 'Database upgrade' })).body.value.maintenance).toBe(true);
    expect(JSON.parse((await lastAudit('site.maintenance'))!.after_json)).toEqual({ on: true });
    const text = await post('/maintenance-text', { language: 'ar', text: 'نعود\nقريباً', reason: 'Arabic players' });
    expect(text.body.value.maintenanceTexts).toContainEqual({ language: 'AR', text: 'نعود قريباً' });
    expect((await lastAudit('site.maintenance_text'))!.target).toBe('maintenance_text:AR');
    const all = await post('/maintenance-text', { language: 'all', text: 'Back at 03:00 UTC', reason: 'Everyone' });
    expect(all.body.value.maintenanceTexts).toContainEqual({ language: '*', text: 'Back at 03:00 UTC' });
    const removed = await post('/maintenance-text', { language: 'AR', text: null, reason: 'Done' });
    expect(removed.body.value.maintenanceTexts.map((t) => t.language)).not.toContain('AR');
    expect(JSON.parse((await lastAudit('site.maintenance_text'))!.before_json)).toEqual({ text: 'نعود قريباً' });
    await post('/maintenance', { on: false, reason: 'Upgrade done' });
  });

  it('stores regions sorted and unique', async () => {
    const res = await post('/regions', { regions: ['us', 'FR', 'US', 't1'], reason: 'Licence terms' });
    expect(res.body.value.regions).toEqual(['FR', 'T1', 'US']);
    expect(JSON.parse((await lastAudit('site.regions'))!.after_json)).toEqual({ regions: ['FR', 'T1', 'US'] });
    expect((await post('/regions', { regions: [], reason: 'Lifted' })).body.value.regions).toEqual([]);
  });

  it('changes brand and theme as site set does; the currency stays read-only', async () => {
    const res = await post('/settings', { values: { theme: 'light', primaryColor: '#FF8800', name: 'Demo  Play', welcomeBonus: '12.5' }, reason: 'Rebrand' });
    expect(res.status).toBe(200);
    expect(res.body.value.settings).toMatchObject({ theme: 'light', primaryColor: '#ff8800', name: 'Demo Play', welcomeBonus: '12.50' });
    const audit = await lastAudit('site.settings');
    expect(JSON.parse(audit!.after_json)).toEqual({ name: 'Demo Play', theme: 'light', primaryColor: '#ff8800', welcomeBonus: '12.50' });
    expect(JSON.parse(audit!.before_json)).toHaveProperty('theme');
    const currency = await post('/settings', { values: { currency: 'EUR' }, reason: 'x' });
    expect([currency.status, currency.body.errorCode]).toEqual([400, 'site_currency_read_only']);
  });

  it('adds and removes domains; another site\'s host is refused; the host the back office is open on stays', async () => {
    const added = await post('/domains', { host: 'Play.Example.COM', reason: 'New brand domain' });
    expect(added.body.value.domains).toContain('play.example.com');
    expect((await lastAudit('site.domain_add'))!.target).toBe('domain:play.example.com');
    const taken = await post('/domains', { host: 'play2.localhost', reason: 'x' });
    expect([taken.status, taken.body.errorCode]).toEqual([409, 'site_domain_taken']);
    const removed = await post('/domains/remove', { host: 'play.example.com', reason: 'Domain expired' });
    expect(removed.body.value.domains).not.toContain('play.example.com');
    const foreign = await post('/domains/remove', { host: 'play2.localhost', reason: 'x' });
    expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'site_domain_not_found']);
    const current = await post('/domains/remove', { host: '127.0.0.1', reason: 'x' });
    expect([current.status, current.body.errorCode]).toEqual([409, 'site_domain_current']);
    expect(await env.DB.prepare(`SELECT merchant_code FROM merchant_domains WHERE host = 'play2.localhost'`).first()).toEqual({ merchant_code: 'DEMO2' });
  });

  it('the operator command\'s path writes its audit row as cli:<user> with the same service', async () => {
    await changeSwitch(env.DB, { merchantCode: 'DEMO2', operatorId: null, operator: 'cli:test' }, 'inbox3', false, '');
    expect(await lastAudit('site.switch', 'DEMO2')).toMatchObject({ operator: 'cli:test', operator_id: null, target: 'switch:INBOX3', reason: '' });
  });
});

describe('Site area: refusals (400 with a stable errorCode, nothing written)', () => {
  it.each([
    ['/switches/CBS4', { on: false, reason: 'x' }, 'site_switch_unknown'],
    ['/switches/CBS3', { on: false }, 'request_param_err'],
    ['/switches/CBS3', { on: false, reason: '   ' }, 'request_param_err'],
    ['/maintenance', { on: 'yes', reason: 'x' }, 'request_param_err'],
    ['/maintenance-text', { language: 'XX', text: 'hi', reason: 'x' }, 'site_language_invalid'],
    ['/maintenance-text', { language: 'EN', text: ' ', reason: 'x' }, 'site_maintenance_text_invalid'],
    ['/maintenance-text', { language: 'EN', text: 'x'.repeat(501), reason: 'x' }, 'site_maintenance_text_invalid'],
    ['/regions', { regions: ['USA'], reason: 'x' }, 'site_regions_invalid'],
    ['/settings', { values: {}, reason: 'x' }, 'site_setting_invalid'],
    ['/settings', { values: { colour: '#ffffff' }, reason: 'x' }, 'site_setting_unknown'],
    ['/settings', { values: { primaryColor: 'red' }, reason: 'x' }, 'site_setting_invalid'],
    ['/settings', { values: { welcomeBonus: '-5' }, reason: 'x' }, 'site_setting_invalid'],
    ['/settings', { values: { theme: 'blue' }, reason: 'x' }, 'site_setting_invalid'],
    ['/domains', { host: 'https://a.example', reason: 'x' }, 'site_host_invalid'],
    ['/domains', { host: '*.example.com', reason: 'x' }, 'site_host_invalid'],
    ['/domains/remove', { host: 'a.example:8787', reason: 'x' }, 'site_host_invalid'],
  ])('%s %j → %s', async (path, body, errorCode) => {
    const before = await auditCount();
    const res = await post(path, body);
    expect([res.status, res.body.errorCode]).toEqual([400, errorCode]);
    expect(await auditCount()).toBe(before);
  });
});
