import { hashToken } from '../services/crypto/tokens';
import { CONSOLE_IDLE_MS } from '../services/operators/sign-in';
import { findLiveConsoleSession, revokeConsoleSession, touchConsoleSession, type ConsoleSessionRow } from '../db/queries/console-sessions';

/**
 * The operator console's own realm (operators, not players): accounts created by the operator command
 * `console-operator` (scrypt hashes, worker/services/crypto/password.ts format) with a role and a set of sites;
 * sessions stored as token hashes with a per-session CSRF token, ending after 12 hours or 30 minutes without a
 * request (worker/services/operators/sign-in.ts; docs/back-office.md).
 */
export { CONSOLE_IDLE_MS, CONSOLE_SESSION_MS, signInOperator } from '../services/operators/sign-in';

/** A signed-in operator (their role and sites included). */
export type ConsoleOperator = ConsoleSessionRow;

/** How often a live session's last request is written (fewer writes; the idle timeout is this much coarser). */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * The operator of a live session token, or null (unknown, revoked, past 12 h, idle 30 min, operator disabled); a
 * found session's idle clock starts again. Whether the site is theirs is checked by worker/console/access.ts.
 */
export async function findOperatorSession(db: D1Database, token: string, now = Date.now()): Promise<ConsoleOperator | null> {
  const tokenHash = hashToken(token);
  const operator = await findLiveConsoleSession(db, tokenHash, now, now - CONSOLE_IDLE_MS);
  if (operator && now - operator.lastSeenAt >= TOUCH_EVERY_MS) await touchConsoleSession(db, tokenHash, now);
  return operator;
}

/** Ends a session. */
export async function signOutOperator(db: D1Database, token: string, now = Date.now()): Promise<void> {
  await revokeConsoleSession(db, hashToken(token), now);
}
