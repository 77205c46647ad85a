import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAccountSettings, postLogin, uniqueUsername } from '../accounts-fixtures';
import { smsCodeFor } from '../sms-fixtures';

/** Eight random digits. */
const digits8 = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => String(b % 10)).join('');

/** A member on DEMO whose bound phone is `e164` (direct SQL). */
async function memberBound(e164: string): Promise<number> {
  const username = uniqueUsername('ru');
  const row = await env.DB.prepare(
    `INSERT INTO members (merchant_code, username, account, password_hash, type, created_at, mobile_e164)
     VALUES ('DEMO', ?, ?, NULL, 0, ?, ?) RETURNING id`,
  ).bind(username, username, Date.now(), e164).first<{ id: number }>();
  await env.DB.prepare(`INSERT INTO wallets (member_id, currency, balance_minor, updated_at) VALUES (?, 'USD', 0, ?)`).bind(row!.id, Date.now()).run();
  return row!.id;
}

beforeAll(ensureAccountSettings);

// #9 "Phone numbers through libphonenumber-js": a Russian mobile typed with its trunk prefix 8 is the same phone
// as without it.
describe('a phone is one identity however its national prefix is typed', () => {
  it('sends the code to the +7 member typed with the trunk 8 and logs in with it typed without', async () => {
    const national = `91${digits8()}`;
    const memberId = await memberBound(`+7${national}`);
    const code = await smsCodeFor('noLogin', { countryDialingCode: '7', mobileNum: `8${national}` });
    const res = await postLogin({ type: 'sms', countryDialingCode: '+7', username: national, password: code });
    expect(res.status).toBe(200);
    const info = await env.DB.prepare(`SELECT username FROM members WHERE id = ?`).bind(memberId).first<{ username: string }>();
    expect(res.body.value.userName).toBe(info!.username);
  });
});

describe('migration 0019 rewrites +7 numbers stored with the trunk 8', () => {
  const statements = () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0019_'));
    if (!migration) throw new Error('migration 0019 is missing');
    return migration.queries;
  };

  it('stores +78XXXXXXXXXX as +7XXXXXXXXXX, and leaves it when that number is already bound to another account', async () => {
    const national = `91${digits8()}`;
    const wrong = await memberBound(`+78${national}`);
    const taken = `92${digits8()}`;
    const owner = await memberBound(`+7${taken}`);
    const clash = await memberBound(`+78${taken}`);
    const russianLandline = await memberBound(`+7495${digits8().slice(0, 7)}`);
    for (const sql of statements()) await env.DB.prepare(sql).run();
    const phoneOf = async (id: number) => (await env.DB.prepare(`SELECT mobile_e164 AS p FROM members WHERE id = ?`).bind(id).first<{ p: string }>())!.p;
    expect(await phoneOf(wrong)).toBe(`+7${national}`);
    expect(await phoneOf(owner)).toBe(`+7${taken}`);
    expect(await phoneOf(clash)).toBe(`+78${taken}`);
    expect(await phoneOf(russianLandline)).toMatch(/^\+7495\d{7}$/);
  });
});
