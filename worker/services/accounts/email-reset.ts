import type { RequestScope } from '../kit/request-scope';
import { ApiError } from '../../lib/envelope';
import { findMemberById, findMemberByUsername, updatePasswordHash } from '../../db/queries/members';
import { insertResetToken, takeResetToken } from '../../db/queries/password-resets';
import { revokeAllSessions } from '../../db/queries/sessions';
import { revokeRememberTokens } from '../../db/queries/remember';
import { hashPassword } from '../crypto/password';
import { checkNewPassword, type NewPassword } from './passwords';
import { mailProvider } from '../kit/mail-provider';
import { hashToken, newToken } from '../crypto/tokens';
import { consumeRateLimit, type RateLimit } from './rate-limit';

/** A reset link works this long, once. */
export const EMAIL_RESET_TTL_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Forgot-password requests per client IP. */
export const EMAIL_RESET_PER_IP: RateLimit = { name: 'pwemail:ip', max: 10, windowMs: HOUR_MS };
/** Forgot-password requests per account name (known or not, so the limit itself reveals nothing). */
export const EMAIL_RESET_PER_ACCOUNT: RateLimit = { name: 'pwemail:account', max: 3, windowMs: HOUR_MS };
/** Reset-link uses per client IP (guessing is hopeless at 256 bits; this bounds the noise). */
export const EMAIL_RESET_USE_PER_IP: RateLimit = { name: 'pwemail:use:ip', max: 20, windowMs: HOUR_MS };

/** The page a reset link opens: /m/forget with the token (src/components/ForgetPasswordForm.tsx). */
export function resetLink(requestUrl: string, token: string): string {
  return `${new URL(requestUrl).origin}/m/forget?resetToken=${encodeURIComponent(token)}`;
}

/**
 * Forgot password by e-mail (POST /wps/member/password/email, platform-contract.md §3): at most 10 requests per
 * IP and 3 per account name per hour (429 `TOO_MANY_REQUEST`); when the username names a real, active member of
 * this site whose registered e-mail equals `email` (case-insensitive), a single-use reset token (256 bits, stored
 * as its SHA-256, 30 minutes; earlier unused tokens of the member stop working) is mailed as a link to
 * /m/forget?resetToken=… through the configured mailer. The answer is null whether or not the pair matched, so
 * the call reveals neither accounts nor addresses.
 */
export async function requestEmailReset(req: RequestScope, input: { username: string; email: string }): Promise<null> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const account = input.username.trim().toLowerCase();
  await consumeRateLimit(db, EMAIL_RESET_PER_IP, req.clientIp);
  await consumeRateLimit(db, EMAIL_RESET_PER_ACCOUNT, `${merchant.code}:${account}`);
  const member = await findMemberByUsername(db, merchant.code, account);
  const registered = typeof member?.profile.email === 'string' ? member.profile.email.trim() : '';
  if (!member || !member.active || registered === '' || registered.toLowerCase() !== input.email.trim().toLowerCase()) return null;
  const now = Date.now();
  const token = newToken();
  await insertResetToken(db, { tokenHash: hashToken(token), memberId: member.id, merchantCode: merchant.code, expiresAt: now + EMAIL_RESET_TTL_MS }, now);
  await mailProvider(req.env).send({
    merchantCode: merchant.code,
    to: registered,
    subject: `${merchant.name}: reset your password`,
    text:
      `Someone asked to reset the password of ${member.account} on ${merchant.name}.\n` +
      `Open this link within 30 minutes to choose a new password (it works once):\n${resetLink(req.url, token)}\n` +
      `If it was not you, ignore this message; your password stays as it is.`,
  });
  return null;
}

/**
 * Sets a new password with an e-mailed reset token (POST /wps/playdeck/password/emailReset, extension): the
 * new-password rules first (400 `request_param_err`, the token is not spent), 20 uses per IP per hour (429), then
 * the token must be live, unused and this site's (400 `reset_link_invalid`); it is used up. Stores the new hash
 * and revokes every session and remember-me token of the member.
 */
export async function resetWithEmailToken(req: RequestScope, input: NewPassword & { token: string }): Promise<null> {
  const db = req.env.DB;
  checkNewPassword(input);
  await consumeRateLimit(db, EMAIL_RESET_USE_PER_IP, req.clientIp);
  const now = Date.now();
  const memberId = await takeResetToken(db, hashToken(input.token), req.merchant.code, now);
  const member = memberId === null ? null : await findMemberById(db, memberId);
  if (!member || !member.active) throw new ApiError(400, 'reset_link_invalid', 'The reset link is unknown, used or expired');
  await updatePasswordHash(db, member.id, await hashPassword(input.newPassword));
  await revokeAllSessions(db, member.id, now);
  await revokeRememberTokens(db, member.id, now);
  return null;
}
