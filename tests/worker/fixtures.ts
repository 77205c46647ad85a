import { env } from 'cloudflare:test';
import { newToken, hashToken } from '../../worker/services/crypto/tokens';
import { createSession } from '../../worker/db/queries/sessions';

let counter = 0;

/** A member created directly in the database, with a wallet and a live session token. */
export interface TestMember {
  memberId: number;
  token: string;
  username: string;
}

/**
 * Creates a member (type 0 = real by default; 4 = guest/trial) with a wallet holding `balanceMinor` and a
 * session on `merchantCode`. Direct SQL, so these tests do not depend on the registration API.
 */
export async function createMember(
  options: { type?: number; balanceMinor?: number; merchantCode?: string } = {},
): Promise<TestMember> {
  const { type = 0, balanceMinor = 0, merchantCode = 'DEMO' } = options;
  counter += 1;
  const username = `fixture_${Date.now().toString(36)}_${counter}_${Math.floor(Math.random() * 1e6)}`;
  const now = Date.now();
  const member = await env.DB.prepare(
    `INSERT INTO members (merchant_code, username, account, type, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(merchantCode, username, username, type, now)
    .first<{ id: number }>();
  if (!member) throw new Error('member insert failed');
  const currency = merchantCode === 'DEMO2' ? 'PHP' : 'USD';
  await env.DB.prepare(`INSERT INTO wallets (member_id, currency, balance_minor, updated_at) VALUES (?, ?, ?, ?)`)
    .bind(member.id, currency, balanceMinor, now)
    .run();
  const token = newToken();
  await createSession(env.DB, hashToken(token), member.id, merchantCode, now);
  return { memberId: member.id, token, username };
}

/** Current wallet balance of a member, minor units. */
export async function balanceOf(memberId: number): Promise<number> {
  const row = await env.DB.prepare(`SELECT balance_minor FROM wallets WHERE member_id = ?`).bind(memberId).first<{ balance_minor: number }>();
  return row?.balance_minor ?? -1;
}

/** Runs `body` with a vendor in maintenance, then puts the flag back. */
export async function withVendorMaintenance<T>(vassalage: string, body: () => Promise<T>): Promise<T> {
  await env.DB.prepare(`UPDATE vendors SET maintenance = 1 WHERE vassalage = ?`).bind(vassalage).run();
  try {
    return await body();
  } finally {
    await env.DB.prepare(`UPDATE vendors SET maintenance = 0 WHERE vassalage = ?`).bind(vassalage).run();
  }
}

/** First enabled game matching a SQL condition on `games` (bound parameters), or a thrown error. */
export async function pickGame(where: string, ...params: (string | number)[]): Promise<{
  node_id: number; vassalage: string; game_type: string; support_play: number; game_name: string; game_id: string;
  game_group_id: string | null; lotto_mode: string | null;
}> {
  const row = await env.DB.prepare(`SELECT * FROM games WHERE enabled = 1 AND ${where} ORDER BY node_id LIMIT 1`)
    .bind(...params)
    .first<{ node_id: number; vassalage: string; game_type: string; support_play: number; game_name: string; game_id: string; game_group_id: string | null; lotto_mode: string | null }>();
  if (!row) throw new Error(`no game where ${where}`);
  return row;
}

/** Gives a site exactly these resources (the seed's are replaced). */
export async function setResources(merchant: string, resources: [type: string, url: string][]) {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM merchant_resources WHERE merchant_code = ?').bind(merchant),
    ...resources.map(([type, url], i) => env.DB.prepare(
      'INSERT INTO merchant_resources (merchant_code, resource_type, url, label_name_en, sort_order) VALUES (?, ?, ?, ?, ?)',
    ).bind(merchant, type, url, type, i)),
  ]);
}
