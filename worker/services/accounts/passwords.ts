import type { RequestScope } from '../kit/request-scope';
import { ApiError } from '../../lib/envelope';
import { findMemberById, findMemberByMobile, recordLogin, updatePasswordHash } from '../../db/queries/members';
import { revokeAllSessions, revokeOtherSessions } from '../../db/queries/sessions';
import { revokeRememberTokens } from '../../db/queries/remember';
import { clearCounter, hitCounter } from '../../db/queries/rate-limits';
import type { SessionMember as AuthedMember } from '../../db/queries/sessions';
import { hashPassword, verifyPassword } from '../crypto/password';
import { isValidPassword } from './registration-rules';
import { issueRememberToken } from './remember-token';
import { consumeSmsCode, parsePhone } from './sms-verification';
import { RESET_PER_IP, consumeRateLimit, retryAfterSeconds } from './rate-limit';
import { loginBuckets } from './login-guard';
import { openSession, loginClient } from './accounts';
import type { SessionValue } from '../../../contract/calls/accounts';

/** Wrong old passwords a member may type in 15 minutes before password change is refused (429). */
export const PASSWORD_CHANGE_MAX_FAILURES = 5;
const PASSWORD_CHANGE_WINDOW_MS = 15 * 60 * 1000;

/** New password and its confirmation (accounts §5 Change password). */
export interface NewPassword {
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * The new-password rules shared by change and reset: the password rule (6–20 characters, a letter and a
 * digit) → 400 `invalid_input` on newPassword; a confirmation that differs → 400 `invalid_input` on
 * confirmNewPassword with key `in_confirmation_correct` (accounts §5).
 */
export function checkNewPassword(input: NewPassword): void {
  const issues: { path: string; message: string; key?: string }[] = [];
  if (!isValidPassword(input.newPassword)) {
    issues.push({ path: 'newPassword', message: 'Password must be 6 to 20 characters with at least one letter and one digit' });
  }
  if (input.confirmNewPassword !== input.newPassword) {
    issues.push({ path: 'confirmNewPassword', message: 'Confirmation password not matched', key: 'in_confirmation_correct' });
  }
  if (issues.length > 0) throw new ApiError(400, 'request_param_err', 'The new password is not valid', { issues });
}

/**
 * Change password (accounts §2 Change-password screen, §4 Change password, §5), for a real member's session:
 * 1. new-password rules (checkNewPassword) → 400 `request_param_err`;
 * 2. new equal to old → 400 `same_password` (checked before the old one, as the screen does);
 * 3. each attempt is counted atomically before the old password is checked; past 5 attempts in 15 minutes
 *    (a success clears the count) → 429 `TOO_MANY_REQUEST` + Retry-After (seconds), without checking; this only
 *    concerns whoever holds the member's session, so it cannot be used to lock other players out;
 * 4. wrong old password (or an account without one) → 400 `wrong_password`;
 * 5. stores the new hash, revokes every OTHER session and every remember-me token of the member, and
 *    returns a fresh remember-me token when the member had a live one (else null).
 */
export async function changePassword(
  req: RequestScope,
  session: AuthedMember,
  input: NewPassword & { oldPassword: string },
): Promise<{ rememberToken: string | null }> {
  const db = req.env.DB;
  checkNewPassword(input);
  if (input.newPassword === input.oldPassword) {
    throw new ApiError(400, 'same_password', 'The new password cannot equal the old one');
  }
  const bucket = `pwchange:${session.memberId}`;
  const now = Date.now();
  // Count the attempt before checking (one statement that increments and returns): parallel guesses each get
  // their own number, so at most PASSWORD_CHANGE_MAX_FAILURES of them ever reach the check (issue 10, finding 1).
  const attempt = await hitCounter(db, bucket, PASSWORD_CHANGE_WINDOW_MS, now);
  if (attempt.count > PASSWORD_CHANGE_MAX_FAILURES) {
    const retryAfter = retryAfterSeconds(attempt, PASSWORD_CHANGE_WINDOW_MS, now);
    throw new ApiError(429, 'TOO_MANY_REQUEST', 'Too many wrong passwords; try again later', { retryAfter }, {
      'Retry-After': String(retryAfter),
    });
  }
  const member = await findMemberById(db, session.memberId);
  if (!member || !(await verifyPassword(input.oldPassword, member.passwordHash))) {
    throw new ApiError(400, 'wrong_password', 'The old password is wrong');
  }
  await updatePasswordHash(db, member.id, await hashPassword(input.newPassword));
  await clearCounter(db, bucket);
  await revokeOtherSessions(db, member.id, session.tokenHash, now);
  const hadRemembered = (await revokeRememberTokens(db, member.id, now)) > 0;
  return { rememberToken: hadRemembered ? await issueRememberToken(db, member.id, member.merchantCode, now) : null };
}

/** Set-password-by-phone payload (platform-contract.md §3; `countryDialingCode` is PlayDeck's addition). */
export interface PhonePasswordSet {
  newPassword: string;
  mobileNum: string;
  verificationCode: string;
  countryDialingCode?: string | undefined;
}

/**
 * Set password by phone (POST /wps/member/password/verification, CHNGPASSVERIF3, no session): the phone must be
 * valid (400 `request_param_err`; the built-in API needs `countryDialingCode` to read the number, since numbers
 * are stored in E.164), the new password must pass the password rule (400 `request_param_err`); 10 per IP per
 * hour (429 `TOO_MANY_REQUEST`); the code (sent by /wps/verification/sms/noLogin) must be the phone's live code
 * → else 400 `verification_code_error`. The answer is the same whether or not the number has an account (an
 * unknown number has no code, so it fails like a wrong code). Success stores the new hash, revokes every
 * session and remember-me token of the member, clears the account's failed-login count (the failures were against
 * the old password: the owner's next login needs no captcha for them) and answers a session of the account, as a
 * login would (PlayDeck's addition; the platform answers null): the player is logged in after the reset, and no
 * login is guessed from the phone digits, which need not be the account's user name. A disabled account gets its
 * new password but no session (null: the client goes to the login screen, which says why).
 */
export async function setPasswordByPhone(req: RequestScope, input: PhonePasswordSet): Promise<SessionValue | null> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const phone = await parsePhone(db, input.countryDialingCode ?? '', input.mobileNum);
  checkNewPassword({ newPassword: input.newPassword, confirmNewPassword: input.newPassword });
  await consumeRateLimit(db, RESET_PER_IP, req.clientIp);
  const now = Date.now();
  await consumeSmsCode(db, merchant.code, 'noLogin', phone.e164, input.verificationCode, req.clientIp, now);
  const member = await findMemberByMobile(db, merchant.code, phone.e164);
  if (!member) throw new ApiError(400, 'verification_code_error', 'The verification code is wrong or expired');
  await updatePasswordHash(db, member.id, await hashPassword(input.newPassword));
  await revokeAllSessions(db, member.id, now);
  await revokeRememberTokens(db, member.id, now);
  await clearCounter(db, loginBuckets(merchant.code, member.username, req.clientIp).account);
  if (!member.active) return null;
  const firstTimeLogin = await recordLogin(db, member.id, now);
  return openSession(db, member, firstTimeLogin, now, { client: loginClient(req, 'phone_reset'), protectionNow: req.protectionNow?.() });
}
