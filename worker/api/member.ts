import type { z } from 'zod';
import { CallRouter } from './call-router';
import { ApiError, ok } from '../lib/envelope';
import { requireMember } from '../middleware/auth-context';
import { findMemberById, findMemberLanguage, setMemberLanguage } from '../db/queries/members';
import { memberOnly } from '../middleware/member-only';
import { requestScope } from '../middleware/request-scope';
import { registerByUsername } from '../services/accounts/registration';
import { registerByMobile } from '../services/accounts/registration-mobile';
import { issueTrialUser } from '../services/accounts/trial-login';
import { accountsCalls } from '../../contract/calls/accounts';
import { profileCalls } from '../../contract/calls/profile';
import type { ValueOf } from '../../contract/call';

/**
 * Router for /wps/member (platform-contract.md §2 member info, §3 register and trial user). Both registrations
 * take a sealed body (services/encrypted-body.ts; plain bodies → 400 `encryption_required`) and answer a session
 * value when the payload says `login: true`, else null.
 * - PUT /register (REG3): the registration payload. Errors: 400 `request_param_err` (`value.issues[{ path,
 *   message, key? }]`) | `captcha_invalid` | `invitation_code_error`, 403 `function.not.available`, 409
 *   `username_taken`, 429 `TOO_MANY_REQUEST` (services/registration.ts).
 * - PUT /register/mobile (MOBILENUMREG3): the same payload (username = the mobile number; + firebaseIdToken?,
 *   firebaseChannel?: 'sms'). Errors as /register plus 400 `verification_code_error` | `phone_mismatch`, 401
 *   `invalid_firebase_token`, 409 `mobile_taken` (services/registration-mobile.ts).
 * - GET /info (COMM3) → `{ id, account, nickname, type, clubLabel: { labelName }, language? }`; `labelName` is '0'
 *   when the member has no VIP label; `language` is the saved interface language, absent when none is saved. 401 `customer.not.login` | `user.or.token.invalid`.
 * - GET /trialuser → `value` = a new trial member's NAME (string); the browser logs in with it once, within 5
 *   minutes (services/trial-login.ts). 403 `function.not.available` when FREEPLAY3 is off; 429.
 * - PUT /language (COMM3, §3 "server-side language", §7.6) `{ language }` → null: saves the member's interface
 *   language (a code of contract/languageCodes.ts, any case, stored upper case), read back as member info
 *   `language`. 401 before validation; 400 `request_param_err` for an unsupported code.
 */
export const memberRouter = new CallRouter('/wps/member')
  .serve(accountsCalls.register, async (c) => ok(c, await registerByUsername(requestScope(c), c.req.valid('json'))))
  .serve(accountsCalls.registerMobile, async (c) => ok(c, await registerByMobile(requestScope(c), c.req.valid('json'))))
  .serve(accountsCalls.memberInfo, async (c) => {
    const session = requireMember(c);
    const [member, language] = await Promise.all([
      findMemberById(c.env.DB, session.memberId),
      findMemberLanguage(c.env.DB, session.memberId),
    ]);
    if (!member) throw new ApiError(401, 'user.or.token.invalid', 'The session member no longer exists');
    const label = member.profile.clubLabel;
    const value: z.input<typeof accountsCalls.memberInfo.value> = {
      id: member.id,
      type: member.type,
      nickname: member.nickname,
      account: member.account,
      clubLabel: { labelName: typeof label === 'string' && label !== '' ? label : '0' },
    };
    if (language !== null) value.language = language;
    return ok(c, value);
  })
  .serve(accountsCalls.trialUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return ok(c, await issueTrialUser(requestScope(c)));
  })
  .serve(profileCalls.updateLanguage, memberOnly, async (c) => {
    const session = requireMember(c);
    await setMemberLanguage(c.env.DB, session.memberId, c.req.valid('json').language);
    return ok(c, null);
  });

/** The member's VIP label (profile `clubLabel`), or null when they have none ('' or '0' = none, as member info). */
function vipLabel(label: unknown): string | null {
  return typeof label === 'string' && label !== '' && label !== '0' ? label : null;
}

/**
 * Member relay (platform-contract.md §5 "VIP rank progress", §7.2, §7.6), mounted at /wps/relay: GET
 * /MCSFE_getPlayerRankProgress → `{ currentRank: { rankName } | null, nextRank: null, progress: 0 }`. PlayDeck's
 * membership data is the member's VIP label (member info `clubLabel`), without a ladder of ranks: `currentRank`
 * names that label (null without one), and there is no next rank to progress to. 401 `customer.not.login` |
 * `user.or.token.invalid`.
 */
export const memberRelayRouter = new CallRouter('/wps/relay').serve(accountsCalls.playerRankProgress, async (c) => {
  const session = requireMember(c);
  const member = await findMemberById(c.env.DB, session.memberId);
  if (!member) throw new ApiError(401, 'user.or.token.invalid', 'The session member no longer exists');
  const label = vipLabel(member.profile.clubLabel);
  const value: ValueOf<typeof accountsCalls.playerRankProgress> = {
    currentRank: label === null ? null : { rankName: label },
    nextRank: null,
    progress: 0,
  };
  c.header('Cache-Control', 'no-store');
  return ok(c, value);
});
