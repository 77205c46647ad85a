import { ApiError } from '../../lib/envelope';
import { findMemberById, setPaymentPasswordHash } from '../../db/queries/members';
import { hashPassword, verifyPassword } from '../crypto/password';
import { consumeRateLimit, type RateLimit } from '../accounts/rate-limit';

/**
 * The payment password (issue 13, Withdraw): six digits the member sets in the member centre's security page,
 * stored as a scrypt hash in `members.profile.paymentPasswordHash` (where registration puts a payment password
 * given at sign-up; services/password.ts), never in clear. Checks are counted before they are made: at most 5
 * per member per 15 minutes (429 `TOO_MANY_REQUEST`), so the 10^6 space cannot be walked.
 */
export const PAYMENT_PASSWORD_CHECKS: RateLimit = { name: 'paypass:member', max: 5, windowMs: 15 * 60 * 1000 };

/** The stored hash, or null when the member has none. */
async function storedHash(db: D1Database, memberId: number): Promise<string | null> {
  const member = await findMemberById(db, memberId);
  const hash = member?.profile.paymentPasswordHash;
  return typeof hash === 'string' && hash !== '' ? hash : null;
}

/** Whether the member has set a payment password. */
export async function hasPaymentPassword(db: D1Database, memberId: number): Promise<boolean> {
  return (await storedHash(db, memberId)) !== null;
}

/** 400 `payment_password_not_set` / 403 `payment_password_wrong` (counted, 429 past the limit) unless it matches. */
export async function checkPaymentPassword(db: D1Database, memberId: number, given: string, now = Date.now()): Promise<void> {
  const hash = await storedHash(db, memberId);
  if (!hash) throw new ApiError(400, 'payment_password_not_set', 'Set a payment password in the security page first');
  await consumeRateLimit(db, PAYMENT_PASSWORD_CHECKS, String(memberId), now);
  if (!(await verifyPassword(given, hash))) throw new ApiError(403, 'payment_password_wrong', 'The payment password is wrong');
}

/**
 * Sets or changes the payment password. The first one needs the login password (403 `wrong_password`); a change
 * needs the current payment password (403 `payment_password_wrong`); 400 `payment_password_required` when the
 * needed one is missing. Both checks count against PAYMENT_PASSWORD_CHECKS.
 */
export async function setPaymentPassword(
  db: D1Database,
  memberId: number,
  input: { newPaymentPassword: string; oldPaymentPassword?: string | undefined; loginPassword?: string | undefined },
  now = Date.now(),
): Promise<void> {
  const member = await findMemberById(db, memberId);
  if (!member) throw new ApiError(401, 'user.or.token.invalid', 'The session member no longer exists');
  const current = await storedHash(db, memberId);
  if (current) {
    if (!input.oldPaymentPassword) throw new ApiError(400, 'payment_password_required', 'The current payment password is required');
    await checkPaymentPassword(db, memberId, input.oldPaymentPassword, now);
  } else {
    if (!input.loginPassword) throw new ApiError(400, 'payment_password_required', 'The login password is required');
    await consumeRateLimit(db, PAYMENT_PASSWORD_CHECKS, String(memberId), now);
    if (!(await verifyPassword(input.loginPassword, member.passwordHash))) throw new ApiError(403, 'wrong_password', 'The login password is wrong');
  }
  const hash = await hashPassword(input.newPaymentPassword);
  await setPaymentPasswordHash(db, memberId, hash);
}
