import { CallRouter } from './call-router';
import { walletCalls } from '../../contract/calls/wallet';
import type { ValueOf } from '../../contract/call';
import { ApiError, ok } from '../lib/envelope';
import { requireMember } from '../middleware/auth-context';
import { findMemberById } from '../db/queries/members';
import { boundEmail, pendingEmail } from '../services/accounts/email-binding';

/** A phone number shown as its country code and last 4 digits (+63******1234). */
export function maskMobile(e164: string | null): string {
  if (!e164) return '';
  return `${e164.slice(0, 3)}******${e164.slice(-4)}`;
}

/** An e-mail address shown with its first character and domain (j***@example.com). */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Router for /wps/v2/member (platform-contract.md §1.1 `/wps/v2/member/securityConfig`, §5 security page; its
 * answer's shape is not found, so PlayDeck's is in contract/calls/wallet.ts).
 * - GET /securityConfig → `{ paymentPasswordSet, mobileBound, mobileNum (masked), emailBound, email (masked),
 *   emailPending (masked; an address waiting for its confirmation link, services/accounts/email-binding.ts) }`.
 *   401 without a session. Trial accounts read it too (all false); what they may change is refused elsewhere.
 */
export const securityRouter = new CallRouter('/wps/v2/member').serve(walletCalls.securityConfig, async (c) => {
  const session = requireMember(c);
  const member = await findMemberById(c.env.DB, session.memberId);
  if (!member) throw new ApiError(401, 'user.or.token.invalid', 'The session member no longer exists');
  const email = boundEmail(member.profile);
  const pending = await pendingEmail(c.env.DB, member.id);
  const value: ValueOf<typeof walletCalls.securityConfig> = {
    paymentPasswordSet: typeof member.profile.paymentPasswordHash === 'string' && member.profile.paymentPasswordHash !== '',
    mobileBound: member.mobileE164 !== null, mobileNum: maskMobile(member.mobileE164),
    emailBound: email !== '', email: maskEmail(email), emailPending: pending ? maskEmail(pending) : '',
  };
  return ok(c, value);
});
