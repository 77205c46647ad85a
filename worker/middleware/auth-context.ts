import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { findSessionMember, revokeSession, type SessionMember } from '../db/queries/sessions';
import type { UpstreamSession } from '../db/queries/upstream-protection';
import { clockNow, TEST_NOW_HEADER } from '../lib/clock';
import { hashToken } from '../services/crypto/tokens';
import { tokenOfAuthorization } from '../../contract/headers';

/** The member of the current request's session. */
export type AuthedMember = SessionMember;

/** Real account types (player-shell §3); anything else is a guest/trial or special account. */
export const REAL_MEMBER_TYPES: readonly number[] = [0, 1, 2];


/** The clock of this request: the wall clock, or in development a moved one (lib/clock.ts). */
export function requestNow(c: Context<AppEnv>): number {
  return clockNow(c.env.APP_ENV, c.req.header(TEST_NOW_HEADER));
}

/**
 * Reads the session token from `Authorization` (the bare token as the platform's clients send it, or `Bearer
 * <token>`; platform-contract.md §1.2) and sets `c.var.member` to the session's member, or null when
 * there is no valid session. Never rejects by itself: routers call `requireMember` where a session is needed.
 * A session past the player's session time limit (docs/player-protection.md) is revoked here and read as none,
 * with `c.var.sessionEnd` 'session_time_limit' so requireMember says why. In upstream mode the member is the platform
 * session the edge identified (c.var.upstreamSession, set on the protection calls by edge/upstream/upstream.ts),
 * keyed by the platform's member id; PlayDeck's own sessions table is not read.
 */
export const sessionReader = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.UPSTREAM_API_URL) {
    c.set('sessionEnd', null);
    c.set('member', upstreamMember(c.get('upstreamSession') ?? null));
    await next();
    return;
  }
  const token = tokenOfAuthorization(c.req.header('Authorization'));
  const now = requestNow(c);
  // The session's own lifetime (absolute, idle) runs on the wall clock; only the time limit reads the request's clock.
  let member = token ? await findSessionMember(c.env.DB, hashToken(token), c.var.merchant.code) : null;
  c.set('sessionEnd', null);
  if (member && member.timeLimitEndsAt !== null && now >= member.timeLimitEndsAt) {
    await revokeSession(c.env.DB, member.tokenHash, now);
    c.set('sessionEnd', 'session_time_limit');
    member = null;
  }
  c.set('member', member);
  await next();
});

/** A platform session as the session member (names unknown to the edge: empty; time limit: enforced at the edge). */
function upstreamMember(session: UpstreamSession | null): SessionMember | null {
  if (!session) return null;
  return {
    tokenHash: session.tokenHash, memberId: session.memberId, merchantCode: session.merchantCode, username: '', account: '', nickname: '',
    type: session.memberType, firstTimeLogin: false,
    timeLimitEndsAt: session.sessionLimitMinutes === null ? null : session.startedAt + session.sessionLimitMinutes * 60_000,
  };
}

/**
 * The session member, or 401 `customer.not.login` (no token) / `user.or.token.invalid` (token not valid) /
 * `session_time_limit` (the session just ended by the player's session time limit; docs/player-protection.md).
 */
export function requireMember(c: Context<AppEnv>): AuthedMember {
  const member = c.get('member');
  if (member) return member;
  if (c.get('sessionEnd') === 'session_time_limit') {
    throw new ApiError(401, 'session_time_limit', 'The session ended: the session time limit you set was reached');
  }
  if (c.req.header('Authorization')) {
    throw new ApiError(401, 'user.or.token.invalid', 'The session is missing, expired or revoked');
  }
  throw new ApiError(401, 'customer.not.login', 'A session token is required');
}

/** The session member if it is a real account (types 0, 1, 2), else 403 `free_reject` (player-shell §5). */
export function requireRealMember(c: Context<AppEnv>): AuthedMember {
  const member = requireMember(c);
  if (!REAL_MEMBER_TYPES.includes(member.type)) {
    throw new ApiError(403, 'free_reject', 'Guest and trial accounts cannot use this function');
  }
  return member;
}
