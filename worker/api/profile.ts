import { CallRouter } from './call-router';
import { profileCalls } from '../../contract/calls/profile';
import { ApiError, ok } from '../lib/envelope';
import { requireRealMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { headIconUrl, storeHeadIcon } from '../services/accounts/head-icon';
import { setMemberNickname, setMemberPayeeNameOnce } from '../db/queries/member-profile';
import { requestEmailBinding } from '../services/accounts/email-binding';
import { requestScope } from '../middleware/request-scope';

/**
 * Router for the member-info sub-paths under /wps/member/info (accounts §7; contract/calls/profile.ts): the
 * member centre's profile edits. Real accounts only (403 `free_reject`); bodies checked with the registration
 * formats (400 `request_param_err`). Each edit is one statement.
 * - POST /nickname `{ nickname }` → members.nickname (shown instead of the account name).
 * - POST /email `{ email }` → null: the address is bound (profile.email; used by forgot-password-by-e-mail) only
 *   once the link mailed to it is opened (services/accounts/email-binding.ts); until then the address bound before
 *   stays. 429 `TOO_MANY_REQUEST` past 5 confirmation mails per member per hour.
 * - GET /icon → `{ url }`; POST /icon (form-encoded `icon`, a png/jpg data URL; PROFPIC3) → `{ url }`: checked by
 *   content and size, stored in the media bucket (services/head-icon.ts).
 * - POST /payeename `{ payeeName }` → profile.payeeName, set once: the name withdrawals are paid to is not changed
 *   by the player (409 `payee_locked`; customer service changes it), which is what operators expect against fraud.
 */
export const profileRouter = new CallRouter('/wps/member/info')
  .serve(profileCalls.headIcon, memberOnly, async (c) => {
    const member = requireRealMember(c);
    return ok(c, { url: await headIconUrl(c.env.DB, member.memberId) });
  })
  // Declared raw (api/call-router.ts serveRaw): the form is checked with the call's schema after the real-member
  // check (403 `free_reject` before 400), with its own message.
  .serveRaw(profileCalls.setHeadIcon, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const form = await c.req.parseBody().catch(() => {
      throw new ApiError(400, 'request_param_err', 'Expected a form-encoded body');
    });
    const parsed = profileCalls.setHeadIcon.body!.safeParse({ icon: form.icon });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw new ApiError(400, 'request_param_err', 'Expected icon: a data URL of a png or jpg picture', { issues });
    }
    return ok(c, { url: await storeHeadIcon(c.env.DB, c.env.MEDIA, c.var.merchant.code, member.memberId, parsed.data.icon) });
  })
  .serve(profileCalls.updateNickname, memberOnly, async (c) => {
    const member = requireRealMember(c);
    await setMemberNickname(c.env.DB, member.memberId, c.req.valid('json').nickname);
    return ok(c, null);
  })
  .serve(profileCalls.updateEmail, memberOnly, async (c) => {
    const member = requireRealMember(c);
    await requestEmailBinding(requestScope(c), member.memberId, c.req.valid('json').email);
    return ok(c, null);
  })
  .serve(profileCalls.updatePayeeName, memberOnly, async (c) => {
    const member = requireRealMember(c);
    if (!(await setMemberPayeeNameOnce(c.env.DB, member.memberId, c.req.valid('json').payeeName))) throw new ApiError(409, 'payee_locked', 'The payee name is set; customer service changes it');
    return ok(c, null);
  });
