import { CallRouter } from './call-router';
import { accountsCalls } from '../../contract/calls/accounts';
import { ApiError, ok } from '../lib/envelope';
import { requireMember } from '../middleware/auth-context';
import { requestScope } from '../middleware/request-scope';
import { revokeSession } from '../db/queries/sessions';
import { loginWithPassword } from '../services/accounts/login';
import { loginWithFirebase, loginWithSms } from '../services/accounts/phone-login';
import { startTrial } from '../services/accounts/accounts';
import { isTrialName, loginTrial } from '../services/accounts/trial-login';

/**
 * Router for /wps/session (platform-contract.md §2 logout and free play, §3 login; accounts §2–§4).
 * - POST /login (COMM3), sealed body (services/encrypted-body.ts; plain → 400 `encryption_required`, plus
 *   `bad_payload` | `unknown_payload_key` | `stale_payload` | `replayed_payload`) `{ username, password, captcha?,
 *   type, loginDeviceId?, device?, countryDialingCode?, firebase…, rememberMe? }` → session value
 *   `{ token, id, userName, customerType, type (members), firstTimeLogin, passwordExpired, merchantCode, expiresAt,
 *   rememberToken? }` (every session answer carries `customerType`, §7.2: services/accounts.ts openSession), by
 *   `type`:
 *   `username` (default): password login (services/login.ts): 401 `login.cred.err` for a wrong password AND an
 *   unknown user (one answer, no enumeration) carrying `value.captcha`; 400 `captcha_required` |
 *   `captcha_invalid`; 403 `account_disabled`; 429 `TOO_MANY_REQUEST` (+ Retry-After). A trial name (from GET
 *   /wps/member/trialuser) logs in only from the browser it was issued to (services/trial-login.ts).
 *   `sms`: `username` = the mobile number, `password` = the SMS code, `countryDialingCode` (services/
 *   phone-login.ts): 403 `function.not.available` unless MOBILEVERCODELOGIN3, 400 `verification_code_error`.
 *   `firebase`: `firebaseIdToken`, `firebaseChannel?`, `firebaseMobileNo?`, `countryDialingCode?`: 401
 *   `invalid_firebase_token`, 400 `phone_mismatch`, 404 `not.exists.user`, 404 `provider_not_configured`.
 *   Any type: 400 `request_param_err` (`value.issues`) for a body outside the schema.
 * - DELETE /logout (COMM3), empty body → null; revokes the presented session. 401 `customer.not.login` |
 *   `user.or.token.invalid`.
 * - POST /login/freeplay (FREEPLAY3), NO body → `{ token, userName, customerType: 4, … }` of a new trial member.
 *   403 `function.not.available` when FREEPLAY3 is off; 429 `TOO_MANY_REQUEST` past 20 per IP per hour.
 * PlayDeck's remembered login, log out everywhere and session exchange live under /wps/playdeck/session
 * (api/accounts-extensions.ts).
 */
export const sessionRouter = new CallRouter('/wps/session')
  .serve(accountsCalls.login, async (c) => {
    const body = c.req.valid('json');
    const rememberMe = body.rememberMe === true;
    if (body.type === 'sms') {
      // The SMS code travels as `password` (§3); PlayDeck sends 6 digits.
      if (!/^\d{6}$/.test(body.password.trim())) throw missing('password', 'The verification code is 6 digits');
      return ok(c, await loginWithSms(requestScope(c), {
        mobileNum: body.username, countryDialingCode: body.countryDialingCode ?? '', verificationCode: body.password.trim(), rememberMe,
      }));
    }
    if (body.type === 'firebase') {
      if (!body.firebaseIdToken) throw missing('firebaseIdToken');
      return ok(c, await loginWithFirebase(requestScope(c), {
        firebaseIdToken: body.firebaseIdToken, firebaseMobileNo: body.firebaseMobileNo, countryDialingCode: body.countryDialingCode, rememberMe,
      }));
    }
    if (body.username === '') throw missing('username');
    if (isTrialName(body.username)) return ok(c, await loginTrial(requestScope(c), body.username));
    if (body.password === '') throw missing('password');
    return ok(c, await loginWithPassword(requestScope(c), { username: body.username, password: body.password, captcha: body.captcha, rememberMe }));
  })
  .serve(accountsCalls.logout, async (c) => {
    const member = requireMember(c);
    await revokeSession(c.env.DB, member.tokenHash);
    return ok(c, null);
  })
  .serve(accountsCalls.freePlay, async (c) => ok(c, await startTrial(requestScope(c))));

/** 400 `request_param_err` naming a missing login field. */
function missing(path: string, message = `${path} is required`): ApiError {
  return new ApiError(400, 'request_param_err', message, { issues: [{ path, message }] });
}
