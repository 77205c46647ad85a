import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { sealedJson } from '../services/encrypted-body';
import { requireMember } from '../services/auth-context';
import { revokeAllSessions, revokeSession } from '../db/queries/sessions';
import { revokeRememberTokens } from '../db/queries/remember';
import { resumeRememberedLogin } from '../services/remember';
import { exchangeForSession } from '../services/social-login';
import { loginWithPassword } from '../services/login';
import { loginWithFirebase, loginWithSms } from '../services/phone-login';
import { startTrial } from '../services/accounts';

/** Ask for a remember-me token (SessionValue.rememberToken) instead of keeping the password. */
const rememberMe = z.boolean().optional();

/** Login payload (accounts §3), by `type`: username (the default), sms or firebase. */
const loginBody = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !('type' in raw) ? { ...raw, type: 'username' } : raw),
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('username'),
      username: z.string().trim().min(1).max(64),
      password: z.string().min(1).max(128),
      captcha: z.string().max(16).optional(),
      rememberMe,
    }),
    z.object({
      type: z.literal('sms'),
      mobileNum: z.string().max(32).optional(),
      mobileNo: z.string().max(32).optional(),
      countryDialingCode: z.string().max(8),
      verificationCode: z.string().trim().regex(/^\d{6}$/, 'The verification code is 6 digits'),
      rememberMe,
    }),
    z.object({
      type: z.literal('firebase'),
      firebaseIdToken: z.string().min(1).max(4096),
      firebaseChannel: z.literal('sms').optional(),
      firebaseMobileNo: z.string().max(32).optional(),
      countryDialingCode: z.string().max(8).optional(),
      rememberMe,
    }),
  ]),
);

const rememberBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });
const exchangeBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });

const freePlayBody = z.object({
  moduleId: z.string().regex(/^[A-Za-z0-9_]{1,32}$/).optional(),
});

/**
 * Router for /wps/session (accounts §3–§4, player-shell §4 Authentication).
 * - POST /login, sealed body (services/encrypted-body.ts: header `Encryption`, body `{ data }`; plain bodies →
 *   400 `encryption_required`, plus `bad_payload` | `unknown_payload_key` | `stale_payload` | `replayed_payload`)
 *   → SessionValue (type = member type; `rememberToken` when `rememberMe: true`), by body `type`:
 *   `username` (default) `{ username, password, captcha? }`;
 *   `sms` `{ mobileNum|mobileNo, countryDialingCode, verificationCode }` (services/phone-login.ts: 403
 *   `feature_disabled` unless MOBILEVERCODELOGIN3, 400 `verification_code_error`, 403 `account_disabled`);
 *   `firebase` `{ firebaseIdToken, firebaseChannel?, firebaseMobileNo?, countryDialingCode? }` (401
 *   `invalid_firebase_token`, 400 `phone_mismatch`, 404 `user_not_found`, 503 `provider_not_configured`).
 *   Errors: 400 `invalid_input` | `malformed_request` (bad JSON), 400 `captcha_required` | `captcha_invalid`,
 *   401 `invalid_credentials`, 403 `account_disabled`, 429 `too_many_attempts` (+ Retry-After). The 400/401
 *   login failures carry `value.captcha` (services/login.ts).
 * - DELETE /logout → value null; revokes the presented session. 401 `not_logged_in` | `session_expired`.
 * - DELETE /logoutAll → value null; revokes every session and remember-me token of the member (same 401s).
 * - POST /remember `{ token }` → SessionValue with a replacement `rememberToken` (the old one stops working).
 *   401 `remember_invalid` for an unknown, used, revoked or expired token.
 * - POST /exchange `{ code }` → SessionValue for the one-time code a social login put in /m/home#session=…;
 *   401 `exchange_invalid` when unknown, used (single use) or older than 2 minutes (services/social-login.ts).
 * - POST /login/freeplay `{ moduleId? }` → SessionValue of a new trial member (`customerType: 4`, no `type`).
 *   403 `feature_disabled` when FREEPLAY3 is off; 429 `too_many_requests` past 20 per IP per hour.
 */
export const sessionRouter = new Hono<AppEnv>()
  .post('/login', sealedJson(loginBody), async (c) => {
    const body = c.req.valid('json');
    if (body.type === 'sms') {
      return ok(c, await loginWithSms(c, { ...body, mobileNum: body.mobileNum ?? body.mobileNo ?? '' }));
    }
    if (body.type === 'firebase') return ok(c, await loginWithFirebase(c, body));
    return ok(c, await loginWithPassword(c, body));
  })
  .delete('/logout', async (c) => {
    const member = requireMember(c);
    await revokeSession(c.env.DB, member.tokenHash);
    return ok(c, null);
  })
  .delete('/logoutAll', async (c) => {
    const member = requireMember(c);
    await revokeAllSessions(c.env.DB, member.memberId);
    await revokeRememberTokens(c.env.DB, member.memberId);
    return ok(c, null);
  })
  .post('/remember', valid('json', rememberBody), async (c) => ok(c, await resumeRememberedLogin(c, c.req.valid('json').token)))
  .post('/exchange', valid('json', exchangeBody), async (c) => ok(c, await exchangeForSession(c, c.req.valid('json').code)))
  .post('/login/freeplay', valid('json', freePlayBody), async (c) => ok(c, await startTrial(c)));
