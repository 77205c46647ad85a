import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, parseWire } from '../helpers';
import { createMember } from '../fixtures';
import { ensureAccountSettings, postLogin, registerMember, uniqueIp } from '../accounts-fixtures';
import { consolePlayer, consolePlayerCalls } from '../../../contract/calls/console-players';
import { enrolled, makeOperator, signIn } from './console-helpers';

type Page<T = Record<string, unknown>> = { items: T[]; total: number };

beforeAll(ensureAccountSettings);

/** A member of DEMO with an e-mail, a proven phone and a registration address of its own. */
async function contactMember(balanceMinor = 0) {
  const m = await createMember({ balanceMinor });
  const tail = String(m.memberId).padStart(6, '0');
  const email = `Find.${m.memberId}@Example.test`;
  const phone = `+8491${tail}`;
  const ip = `10.66.${m.memberId % 250}.${Math.floor(m.memberId / 250) % 250}`;
  await env.DB.prepare(`UPDATE members SET profile = json_object('email', ?, 'realName', 'Ann Find', 'paymentPasswordHash', 'secret'), mobile_e164 = ?, register_ip = ? WHERE id = ?`)
    .bind(email, phone, ip, m.memberId).run();
  return { ...m, email, phone, ip };
}

describe('back office: finding players (docs/back-office.md "Players")', { timeout: 30_000 }, () => {
  it('finds a player by id, user name prefix, e-mail, phone and IP, each way and through q', async () => {
    const admin = await enrolled('admin');
    const headers = { Cookie: admin.session.cookie };
    const p = await contactMember(1234);
    const ids = async (query: string) => {
      const res = await call<Page<{ id: number }>>(`/console/api/players?${query}`, { headers });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.value.items.map((i) => i.id);
    };
    expect(await ids(`id=${p.memberId}`)).toEqual([p.memberId]);
    expect(await ids(`username=${encodeURIComponent(p.username.slice(0, -1).toUpperCase())}`)).toContain(p.memberId);
    expect(await ids(`email=${encodeURIComponent(p.email.toLowerCase())}`)).toEqual([p.memberId]);
    expect(await ids(`phone=${encodeURIComponent(p.phone)}`)).toEqual([p.memberId]);
    expect(await ids(`phone=${encodeURIComponent('0' + p.phone.slice(3))}`)).toEqual([p.memberId]);
    expect(await ids(`ip=${p.ip}`)).toContain(p.memberId);
    for (const q of [String(p.memberId), p.username, p.email, p.phone, p.ip]) expect(await ids(`q=${encodeURIComponent(q)}`)).toContain(p.memberId);
    const list = await call<Page>(`/console/api/players?id=${p.memberId}`, { headers });
    expect(parseWire(consolePlayerCalls.consolePlayers.value, list.body.value).items[0]).toMatchObject({ cash: 12.34, bonus: 0, status: 'active', email: p.email });
  });

  it('finds a player by an address they logged in from, and records each log-in with address and device', async () => {
    const { username, password, session } = await registerMember();
    const ip = uniqueIp();
    const login = await postLogin({ username, password }, { ip });
    expect(login.status).toBe(200);
    const admin = await enrolled('admin');
    const headers = { Cookie: admin.session.cookie };
    const found = await call<Page<{ id: number }>>(`/console/api/players?ip=${ip}`, { headers });
    expect(found.body.value.items.map((i) => i.id)).toEqual([session.id]);
    const logins = await call<Page<{ method: string; address: string }>>(`/console/api/players/${session.id}/logins`, { headers });
    expect(logins.body.value.total).toBe(2);
    expect(logins.body.value.items.map((l) => [l.method, l.address])).toEqual([['password', ip], ['registration', expect.any(String)]]);
    const record = await call<{ addresses: { address: string }[] }>(`/console/api/players/${session.id}`, { headers });
    expect(record.body.value.addresses.map((a) => a.address)).toContain(ip);
  });

  it('pages the search and refuses bad filters with 400', async () => {
    const admin = await enrolled('admin');
    const headers = { Cookie: admin.session.cookie };
    await createMember();
    await createMember();
    const page1 = await call<Page<{ id: number }>>('/console/api/players?page=1&perPage=2', { headers });
    const page2 = await call<Page<{ id: number }>>('/console/api/players?page=2&perPage=2', { headers });
    expect(page1.body.value.items).toHaveLength(2);
    expect(page1.body.value.total).toBeGreaterThan(2);
    expect(page1.body.value.items[0]!.id).toBeGreaterThan(page2.body.value.items[0]!.id);
    for (const bad of ['perPage=1000', 'page=0', 'ip=not an ip', 'status=gone', 'sort=password']) {
      const res = await call(`/console/api/players?${bad}`, { headers });
      expect([res.status, res.body.errorCode], bad).toEqual([400, 'request_param_err']);
    }
  });

  it('shows the record: profile without secrets, both balances, and every part', async () => {
    const admin = await enrolled('admin');
    const headers = { Cookie: admin.session.cookie };
    const p = await contactMember(500);
    await env.DB.prepare(`INSERT INTO ledger_entries (member_id, amount_minor, balance_after_minor, kind, idempotency_key, created_at) VALUES (?, 500, 500, 'deposit', 'seed', ?)`)
      .bind(p.memberId, Date.now()).run();
    const record = await call(`/console/api/players/${p.memberId}`, { headers });
    expect(record.status).toBe(200);
    const value = parseWire(consolePlayer, record.body.value);
    expect(value).toMatchObject({ id: p.memberId, cash: 5, bonus: 0, phone: p.phone, phoneVerified: true, profile: { email: p.email, realName: 'Ann Find' } });
    expect(JSON.stringify(value)).not.toContain('paymentPasswordHash');
    for (const part of ['ledger', 'deposits', 'withdrawals', 'games', 'bonuses', 'promotions', 'messages', 'chats', 'logins', 'notes', 'audit']) {
      const res = await call<Page>(`/console/api/players/${p.memberId}/${part}`, { headers });
      expect(res.status, part).toBe(200);
      expect(Array.isArray(res.body.value.items), part).toBe(true);
    }
    const ledger = await call<Page<{ kind: string; cash: number; cashAfter: number }>>(`/console/api/players/${p.memberId}/ledger?kind=deposit,adjustment`, { headers });
    expect(ledger.body.value.items).toEqual([expect.objectContaining({ kind: 'deposit', cash: 5, cashAfter: 5 })]);
    const none = await call<Page>(`/console/api/players/${p.memberId}/ledger?kind=bet&from=2020-01-01`, { headers });
    expect(none.body.value.total).toBe(0);
  });

  it("another site's player is 404; a role without players.read is 403; no session is 401", async () => {
    const foreign = await createMember({ merchantCode: 'DEMO2' });
    const admin = await enrolled('admin');
    const headers = { Cookie: admin.session.cookie };
    const res = await call(`/console/api/players/${foreign.memberId}`, { headers });
    expect([res.status, res.body.errorCode]).toEqual([404, 'player_not_found']);
    const part = await call(`/console/api/players/${foreign.memberId}/ledger`, { headers });
    expect(part.status).toBe(404);
    const search = await call<Page>(`/console/api/players?id=${foreign.memberId}`, { headers });
    expect(search.body.value.total).toBe(0);
    const content = await signIn(await makeOperator('content'));
    const refused = await call('/console/api/players', { headers: { Cookie: content.cookie } });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    const support = await signIn(await makeOperator('support'));
    expect((await call('/console/api/players', { headers: { Cookie: support.cookie } })).status).toBe(200);
    const audit = await call(`/console/api/players/${foreign.memberId}/audit`, { headers: { Cookie: support.cookie } });
    expect([audit.status, audit.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    expect((await call('/console/api/players')).status).toBe(401);
  });

  it('answers 404 in upstream mode', async () => {
    const admin = await enrolled('admin');
    const res = await call('/console/api/players', { headers: { Cookie: admin.session.cookie }, env: { UPSTREAM_API_URL: 'http://upstream.invalid' } });
    expect(res.status).toBe(404);
  });
});
