import { env } from 'cloudflare:test';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import { fromIp, uniqueIp } from '../accounts-fixtures';
import { createMember, type TestMember } from '../fixtures';
import { hashPassword } from '../../../worker/services/crypto/password';
import { hashToken, newToken } from '../../../worker/services/crypto/tokens';
import { createSession } from '../../../worker/db/queries/sessions';
import type { SessionValue } from '../../../contract/calls/accounts';
import { at } from './protection-helpers';

export const PASSWORD = 'login-pass-1';
export const PAY_PASSWORD = '246810';
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The answer value of a refused log-in, deposit, bet or launch of a blocked player. */
export interface BlockWire {
  kind: 'break' | 'self_exclusion';
  until: number | null;
  reopenable: boolean;
}

/** A member with a balance, a log-in password and a payment password (and one session). */
export async function player(balanceMinor = 100_000): Promise<TestMember> {
  const member = await createMember({ balanceMinor });
  await env.DB.prepare(`UPDATE members SET password_hash = ?2, profile = json_set(profile, '$.paymentPasswordHash', ?3) WHERE id = ?1`)
    .bind(member.memberId, await hashPassword(PASSWORD), await hashPassword(PAY_PASSWORD)).run();
  return member;
}

/** POST a break or self-exclusion with the member's session, optionally as of a moved clock. */
export function exclude(token: string, kind: string, duration: string, moment?: number) {
  return call<{ kind: string; startedAt: number; until: number | null }>('/wps/playdeck/protection/exclusion', {
    method: 'POST', token, json: { kind, duration }, headers: at(moment),
  });
}

/** A password log-in, sealed as the browser sends it, optionally as of a moved clock. */
export function logIn(username: string, moment?: number, password = PASSWORD) {
  return sealedCall<SessionValue>('/wps/session/login', {
    method: 'POST', json: { type: 'username', username, password }, headers: { ...fromIp(uniqueIp()), ...at(moment) },
  });
}

/** The reopening request from the log-in refusal (sealed, no session). */
export function askReopen(username: string, moment?: number, password = PASSWORD) {
  return sealedCall<BlockWire | null>('/wps/playdeck/protection/reopen', {
    method: 'POST', json: { username, password }, headers: { ...fromIp(uniqueIp()), ...at(moment) },
  });
}

/** Opens one more session for a member directly (a session that existed when the exclusion came, or a race). */
export async function extraSession(member: TestMember): Promise<string> {
  const token = newToken();
  await createSession(env.DB, hashToken(token), member.memberId, 'DEMO', Date.now());
  return token;
}

/** Live sessions and remember-me tokens of a member. */
export async function liveTokens(memberId: number): Promise<{ sessions: number; remember: number }> {
  const row = await env.DB.prepare(`SELECT (SELECT COUNT(*) FROM sessions WHERE member_id = ?1 AND revoked_at IS NULL) AS sessions,
      (SELECT COUNT(*) FROM remember_tokens WHERE member_id = ?1 AND revoked_at IS NULL) AS remember`).bind(memberId).first<{ sessions: number; remember: number }>();
  return row ?? { sessions: -1, remember: -1 };
}
