import type { RequestScope } from '../kit/request-scope';
import { ApiError } from '../../lib/envelope';
import { findMemberById } from '../../db/queries/members';
import { dropEmailConfirmations, findPendingEmail, insertEmailConfirmation, takeEmailConfirmation } from '../../db/queries/email-confirmations';
import { mailProvider } from '../kit/mail-provider';
import { hashToken, newToken } from '../crypto/tokens';
import { consumeRateLimit, type RateLimit } from './rate-limit';

/** A confirmation link works this long, once. */
export const EMAIL_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** Confirmation e-mails per member per hour (each one goes to an address the player typed). */
export const EMAIL_BIND_PER_MEMBER: RateLimit = { name: 'email:bind:member', max: 5, windowMs: 60 * 60 * 1000 };
/** Confirmation-link uses per client IP per hour (guessing is hopeless at 256 bits; this bounds the noise). */
export const EMAIL_CONFIRM_PER_IP: RateLimit = { name: 'email:confirm:ip', max: 20, windowMs: 60 * 60 * 1000 };

/** The address a member has bound (confirmed): profile $.email, or '' for none. */
export function boundEmail(profile: Record<string, unknown>): string {
  return typeof profile.email === 'string' ? profile.email.trim() : '';
}

/** The link a confirmation e-mail carries: the worker's confirm route, which ends on the security page. */
export function confirmLink(requestUrl: string, token: string): string {
  return `${new URL(requestUrl).origin}/wps/playdeck/email/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * Asks to bind an e-mail address to a member (POST /wps/member/info/email; registration's e-mail field): the
 * rule phone numbers follow (an SMS code proves a number before it is bound), applied to e-mail. The address is
 * NOT bound yet: it waits with a single-use token (256 bits, stored as its SHA-256, 24 hours; the member's
 * earlier pending address and link stop working) and a link to confirm it is mailed to that address. The address
 * bound before, if any, stays bound (and keeps serving the password reset) until the link is opened. Typing the
 * address already bound (any letter case) withdraws a pending one and sends nothing. At most 5 confirmation mails
 * per member per hour (429 `TOO_MANY_REQUEST`).
 *
 * An unknown member id does nothing.
 */
export async function requestEmailBinding(req: RequestScope, memberId: number, address: string, now = Date.now()): Promise<void> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const wanted = address.trim();
  const member = await findMemberById(db, memberId);
  if (!member) return;
  if (boundEmail(member.profile).toLowerCase() === wanted.toLowerCase()) {
    await dropEmailConfirmations(db, member.id, now);
    return;
  }
  await consumeRateLimit(db, EMAIL_BIND_PER_MEMBER, String(member.id), now);
  const token = newToken();
  await insertEmailConfirmation(db, {
    tokenHash: hashToken(token), memberId: member.id, merchantCode: merchant.code, address: wanted, expiresAt: now + EMAIL_CONFIRM_TTL_MS,
  }, now);
  await mailProvider(req.env).send({
    merchantCode: merchant.code,
    to: wanted,
    subject: `${merchant.name}: confirm your e-mail address`,
    text:
      `This address was given for the account ${member.account} on ${merchant.name}.\n` +
      `Open this link within 24 hours to confirm it (it works once); password resets by e-mail then go here:\n` +
      `${confirmLink(req.url, token)}\n` +
      'If it was not you, ignore this message: the address is not bound to any account without it.',
  });
}

/**
 * Opens a confirmation link (GET /wps/playdeck/email/confirm?token): 20 uses per IP per hour (429), then the
 * token must be live, unused and this site's, and its member active (400 `email_link_invalid`); the token is used
 * up and its address becomes the member's bound e-mail (replacing the one bound before) in the same batch.
 */
export async function confirmEmailBinding(req: RequestScope, token: string, now = Date.now()): Promise<void> {
  const db = req.env.DB;
  await consumeRateLimit(db, EMAIL_CONFIRM_PER_IP, req.clientIp, now);
  const taken = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await takeEmailConfirmation(db, hashToken(token), req.merchant.code, now) : null;
  const member = taken ? await findMemberById(db, taken.memberId) : null;
  if (!taken || !member || !member.active) throw new ApiError(400, 'email_link_invalid', 'The confirmation link is unknown, used or expired');
}

/** The address a member asked to bind that still waits for its link, or null. */
export function pendingEmail(db: D1Database, memberId: number, now = Date.now()): Promise<string | null> {
  return findPendingEmail(db, memberId, now);
}
