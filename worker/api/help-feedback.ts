import { CallRouter } from './call-router';
import { contentCalls } from '../../contract/calls/content';
import { ApiError, ok } from '../lib/envelope';
import { listHelp } from '../db/queries/help';
import { insertFeedback } from '../db/queries/feedback';
import { requireMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { requestScope } from '../middleware/request-scope';
import { verifyCaptcha } from '../services/accounts/captcha';
import { consumeRateLimit, FEEDBACK_PER_MEMBER } from '../services/accounts/rate-limit';
import { freeText } from '../model/rich-text';

/**
 * GET /wps/system/helpCenter?device=MOBILE&lang= (platform-contract.md §3; accounts §2 Help centre): the site's
 * help entries in `lang`, EN when that language has none; public and cacheable for a minute.
 */
export const helpRouter = new CallRouter('/wps/system').serve(contentCalls.helpCentre, async (c) => {
  const { lang } = c.req.valid('query');
  const value = await listHelp(c.env.DB, c.var.merchant.code, lang);
  c.header('Cache-Control', 'public, max-age=60');
  return ok(c, value);
});

/**
 * PUT /wps/feedback `{ content, sender, type, captcha }` (platform-contract.md §3; accounts §2 Feedback screen, §5):
 * a member only (accounts §6: visitors go to /m/login; trial members may write too), sender = the member's account
 * whatever the body says; content 20–200 characters after trimming; captcha from the browser's challenge. Errors:
 * 401, 400 `request_param_err`, 400 `captcha_invalid`, 429 `TOO_MANY_REQUEST` (5 a member per hour).
 */
export const feedbackRouter = new CallRouter('/wps/feedback')
  .serve(contentCalls.feedback, memberOnly, async (c) => {
    const body = c.req.valid('json');
    const member = requireMember(c);
    if (!(await verifyCaptcha(requestScope(c), body.captcha))) throw new ApiError(400, 'captcha_invalid', 'The captcha answer is wrong');
    await consumeRateLimit(c.env.DB, FEEDBACK_PER_MEMBER, String(member.memberId));
    await insertFeedback(c.env.DB, {
      merchantCode: c.var.merchant.code, memberId: member.memberId, sender: member.account, type: body.type, content: freeText(body.content),
    });
    return ok(c, null, 'Sent successfully');
  });
