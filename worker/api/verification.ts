import { requestScope } from '../middleware/request-scope';
import { CallRouter } from './call-router';
import { accountsCalls } from '../../contract/calls/accounts';
import { ApiError, ok } from '../lib/envelope';
import { listSiteSwitches } from '../db/queries/merchants';
import { requestSmsCode } from '../services/accounts/sms-verification';
import { SMS_CODE_TTL_MS } from '../services/accounts/sms-code';

/** Module ids of the register SMS (the `ModuleId` header says which registration asks). */
const REGISTER_SMS_MODULES: ReadonlySet<string> = new Set(['MOBILENUMREG3', 'REGMOBVERF3']);

/**
 * Router for /wps/verification (platform-contract.md §3 send SMS; accounts §3 SMS send payload, §4 SMS code).
 * The human check is the captcha answer (`captcha`, cookie-bound challenge), as before; no module id travels in
 * the body or query.
 * - POST /sms/noLogin (VERIFICATION3) `{ mobileNum, countryDialingCode, captcha }` → `{ expirationTime }` (epoch
 *   ms when the client may ask again, now + 60 s). For SMS login and set-password-by-phone; answers the same
 *   whether or not the number has an account (a code is only sent when it has one).
 * - POST /sms/register `{ mobileNo, countryDialingCode, captcha }` with header ModuleId MOBILENUMREG3 (mobile
 *   registration) or REGMOBVERF3 (phone check of username registration) → `{ expirationTime, expiredMinutes }`
 *   (the code's lifetime); 400 `request_param_err` for another or no ModuleId; 409 `mobile_taken`. A code is
 *   sent only where registration checks it: the module's registration (MOBILENUMREG3 or USERNAMEREG3) and
 *   REGMOBVERF3 must be on, else 403 `function.not.available` and nothing is sent — the form must not count
 *   down for a code that never comes (issue 10, finding 3).
 * Errors: 400 `request_param_err` | `captcha_invalid`, 404 `provider_not_configured` (SMS_PROVIDER=http without
 * its URL or token), 429 `TOO_MANY_REQUEST` (+ Retry-After: 1 per 60 s and 5 per hour per number, 10 per hour per
 * IP), 502 `sms_failed` (gateway refused; /sms/register only: the noLogin send runs after the answer).
 */
export const verificationRouter = new CallRouter('/wps/verification')
  .serve(accountsCalls.smsNoLogin, async (c) => ok(c, await requestSmsCode(requestScope(c), 'noLogin', c.req.valid('json'))))
  .serve(accountsCalls.smsRegister, async (c) => {
    const moduleId = c.req.header('ModuleId') ?? '';
    if (!REGISTER_SMS_MODULES.has(moduleId)) {
      throw new ApiError(400, 'request_param_err', 'ModuleId must be MOBILENUMREG3 or REGMOBVERF3', {
        issues: [{ path: 'ModuleId', message: 'ModuleId must be MOBILENUMREG3 or REGMOBVERF3' }],
      });
    }
    const switches = await listSiteSwitches(c.env.DB, c.var.merchant.code);
    const registration = moduleId === 'MOBILENUMREG3' ? 'MOBILENUMREG3' : 'USERNAMEREG3';
    if (switches[registration] !== true || switches.REGMOBVERF3 !== true) {
      throw new ApiError(403, 'function.not.available', 'This site does not verify mobile numbers at registration: no code is sent');
    }
    const body = c.req.valid('json');
    const sent = await requestSmsCode(requestScope(c), 'register', { ...body, mobileNum: body.mobileNo });
    return ok(c, { ...sent, expiredMinutes: SMS_CODE_TTL_MS / 60_000 });
  });
