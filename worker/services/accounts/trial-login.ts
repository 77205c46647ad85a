import { isHttps, type RequestScope } from '../kit/request-scope';
import type { SessionValue } from '../../../contract/calls/accounts';
import { ApiError } from '../../lib/envelope';
import { findMemberById } from '../../db/queries/members';
import { insertExchangeCode, takeExchangeCode } from '../../db/queries/oauth';
import { TRIAL_MEMBER_TYPE, createTrialMember, openSession, loginClient } from './accounts';
import { hashToken, newToken } from '../crypto/tokens';

/**
 * The trial-user flow (platform-contract.md §3 "create trial account": GET /wps/member/trialuser answers a trial
 * user NAME, then the client logs in with it). How the platform's trial account logs in is not found; the
 * built-in API makes the name a one-time, short-lived credential bound to the browser that asked for it:
 * GET /trialuser stores the hash of a fresh secret (256 bits, 5 minutes, single use) for the new trial member
 * and sets it as an HttpOnly cookie scoped to the login path; the login with the trial name succeeds only with
 * that cookie. Knowing (or guessing) a trial name is therefore worthless to anyone else.
 */

/** The cookie holding a pending trial login's secret. */
export const TRIAL_COOKIE = 'pd_trial';
/** How long a trial name can be used to log in. */
export const TRIAL_LOGIN_TTL_MS = 5 * 60 * 1000;
const TRIAL_COOKIE_PATH = '/wps/session/login';
/** Trial names start with this; no registrable username can (the underscore). */
export const TRIAL_PREFIX = 'trial_';

/** The stored hash of a trial secret (prefixed, so the secret is no session-exchange code). */
const trialHash = (secret: string) => hashToken(`trial:${secret}`);

/** GET /wps/member/trialuser: creates the trial member, binds its one-time login to this browser, answers the name. */
export async function issueTrialUser(req: RequestScope): Promise<string> {
  const now = Date.now();
  const { id, account } = await createTrialMember(req, now);
  const secret = newToken();
  await insertExchangeCode(
    req.env.DB,
    { codeHash: trialHash(secret), memberId: id, merchantCode: req.merchant.code, firstTimeLogin: true, expiresAt: now + TRIAL_LOGIN_TTL_MS },
    now,
  );
  req.cookies.set(TRIAL_COOKIE, secret, {
    httpOnly: true, secure: isHttps(req), sameSite: 'Strict', path: TRIAL_COOKIE_PATH,
    maxAge: TRIAL_LOGIN_TTL_MS / 1000,
  });
  return account;
}

/** Whether a login username names a trial account (those log in only through loginTrial). */
export function isTrialName(username: string): boolean {
  return username.toLowerCase().startsWith(TRIAL_PREFIX);
}

/**
 * Login with a trial name (login type username): this browser's pending trial secret must be live, unused and
 * belong to the named trial member of this merchant; it is used up. Anything else → 401 `login.cred.err`, the
 * same answer as a wrong password.
 */
export async function loginTrial(req: RequestScope, username: string): Promise<SessionValue> {
  const db = req.env.DB;
  const secret = req.cookies.get(TRIAL_COOKIE);
  req.cookies.delete(TRIAL_COOKIE, { path: TRIAL_COOKIE_PATH });
  const now = Date.now();
  const taken = secret ? await takeExchangeCode(db, trialHash(secret), req.merchant.code, now) : null;
  const member = taken ? await findMemberById(db, taken.memberId) : null;
  if (!member || member.type !== TRIAL_MEMBER_TYPE || member.account.toLowerCase() !== username.toLowerCase() || !member.active) {
    throw new ApiError(401, 'login.cred.err', 'Wrong username or password', { captcha: false });
  }
  return openSession(db, member, true, now, { client: loginClient(req, 'trial') });
}
