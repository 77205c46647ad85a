/**
 * Player protection at the edge in upstream mode (docs/player-protection.md "Upstream mode"): what the edge decides
 * about a platform session it knows (ended, past the session time limit, a blocked member), the reality check of that
 * session, and the limit guard of a deposit or lottery bet it forwards. Plain arguments, no Hono; the edge
 * (worker/edge/upstream/upstream-protection.ts) asks the platform who a token is and ends the platform's session.
 * Keys: (merchant code, the platform's member id). Money is integer minor units, time UTC epoch ms.
 */
import { ApiError } from '../../lib/envelope';
import { exclusionRefusal, exclusionState } from './exclusion';
import { limitRefusal, isLimitGuardError } from './guard';
import { upstreamUsage } from './usage';
import { realityCheckOf, type RealityCheckView } from './tools';
import { playerProtectionSettings, siteProtectionSettings } from '../../db/queries/protection-tools';
import type { ProtectedMember } from '../../db/queries/protection';
import {
  acceptUpstreamMovement, acknowledgeUpstreamRealityCheck, dropUpstreamMovement, endUpstreamSession, reserveUpstreamMovement,
  type NewUpstreamMovement, type UpstreamEndReason, type UpstreamSession,
} from '../../db/queries/upstream-protection';

const MINUTE = 60_000;

/** The refusal of a session the session time limit ended (the same as built-in mode's, middleware/auth-context.ts). */
export function sessionTimeLimitRefusal(): ApiError {
  return new ApiError(401, 'session_time_limit', 'The session ended: the session time limit you set was reached');
}

/** What the edge does with a call of a known session: let it through, or refuse it (and end the platform's session). */
export type SessionVerdict =
  | { action: 'pass' }
  | { action: 'refuse'; refusal: ApiError; endPlatformSession: boolean };

/**
 * The verdict on a call carrying the token of `session` at `now`:
 * - a session the edge ended for the session time limit or an exclusion: refused again (401 `session_time_limit`, or
 *   the exclusion refusal while the block lasts); one ended by log-out passes (the platform answers for its token);
 * - a session at or past its start + the member's session time limit: ended now, 401 `session_time_limit`;
 * - a member on a break or self-excluded (rules/exclusion.ts via exclusion.ts): ended now, 403 `player_on_break` /
 *   `player_self_excluded` with `{ kind, until, reopenable }` (RTS 14: every session ends).
 * `endPlatformSession` asks the edge to log the token out at the platform too (the first time only).
 */
export async function sessionVerdict(db: D1Database, session: UpstreamSession, now: number): Promise<SessionVerdict> {
  if (session.endedAt !== null) {
    if (session.endReason === 'session_time_limit') return { action: 'refuse', refusal: sessionTimeLimitRefusal(), endPlatformSession: false };
    if (session.endReason === 'excluded') {
      const state = await exclusionState(db, session, now);
      if (state) return { action: 'refuse', refusal: exclusionRefusal(state), endPlatformSession: false };
      return { action: 'refuse', refusal: new ApiError(401, 'user.or.token.invalid', 'The session ended'), endPlatformSession: false };
    }
    return { action: 'pass' };
  }
  if (session.sessionLimitMinutes !== null && now >= session.startedAt + session.sessionLimitMinutes * MINUTE) {
    await endUpstreamSession(db, session.tokenHash, 'session_time_limit', now);
    return { action: 'refuse', refusal: sessionTimeLimitRefusal(), endPlatformSession: true };
  }
  if (session.hasExclusions) {
    const state = await exclusionState(db, session, now);
    if (state) {
      await endUpstreamSession(db, session.tokenHash, 'excluded', now);
      return { action: 'refuse', refusal: exclusionRefusal(state), endPlatformSession: true };
    }
  }
  return { action: 'pass' };
}

/** Ends a session at the edge (the player's log-out through the edge). */
export async function endSessionAtEdge(db: D1Database, tokenHash: string, reason: UpstreamEndReason, now: number): Promise<void> {
  await endUpstreamSession(db, tokenHash, reason, now);
}

/**
 * The reality check of an upstream session at `now`: the same interval rules as built-in mode (tools.ts
 * realityCheckOf: the player's choice, else the site's default; due one interval after the session's start or the
 * last "continue", both kept by the edge), with no net result (null): the bets' results are the platform's.
 */
export async function upstreamRealityCheckView(db: D1Database, session: UpstreamSession, now: number): Promise<RealityCheckView> {
  const [site, player] = await Promise.all([siteProtectionSettings(db, session.merchantCode), playerProtectionSettings(db, session)]);
  return realityCheckOf(site, player, { startedAt: session.startedAt, ackedAt: session.realityCheckAckedAt }, now, null);
}

/**
 * "Continue" on the upstream session's due reality check (409 `reality_check_not_due` otherwise): answers the check
 * as it stands after it (the next one interval after `now`).
 */
export async function continueUpstreamRealityCheck(db: D1Database, session: UpstreamSession, now: number): Promise<RealityCheckView> {
  const view = await upstreamRealityCheckView(db, session, now);
  if (view.dueAt === null || now < view.dueAt) throw new ApiError(409, 'reality_check_not_due', 'No reality check is due');
  await acknowledgeUpstreamRealityCheck(db, session.tokenHash, now);
  return upstreamRealityCheckView(db, { ...session, realityCheckAckedAt: now }, now);
}

/**
 * Lets a deposit or lottery bet through the limit guard before the edge forwards it: records it as pending with the
 * guard in one transaction (db/queries/upstream-protection.ts reserveUpstreamMovement: deposit limits for a deposit,
 * wager limits for a bet). Throws the limit refusal (409 `deposit_limit_exceeded` / `wager_limit_exceeded`, which
 * limit, what is left and when more becomes available) when the movement would pass one. Answers the movement's id.
 */
export async function guardUpstreamMovement(db: D1Database, who: ProtectedMember, movement: NewUpstreamMovement): Promise<number> {
  try {
    return await reserveUpstreamMovement(db, who, movement);
  } catch (error) {
    if (!isLimitGuardError(error)) throw error;
    const kinds = movement.kind === 'deposit' ? (['deposit'] as const) : (['wager'] as const);
    throw await limitRefusal(db, { ...who, kinds, reference: '', now: movement.now }, movement.amountMinor, upstreamUsage(db, who));
  }
}

/**
 * Settles a guarded movement by the platform's answer: `accepted` (a success) counts for good, `refused` (an answer
 * that is not a success, or a call never sent) is dropped, `unknown` (the answer was lost: timeout, cut, outside the
 * contract) stays pending and keeps counting, since the platform may have moved the money.
 */
export async function settleUpstreamMovement(db: D1Database, id: number, outcome: 'accepted' | 'refused' | 'unknown'): Promise<void> {
  if (outcome === 'accepted') await acceptUpstreamMovement(db, id);
  else if (outcome === 'refused') await dropUpstreamMovement(db, id);
}
