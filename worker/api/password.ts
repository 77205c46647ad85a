import { CallRouter } from './call-router';
import { accountsCalls } from '../../contract/calls/accounts';
import { ok } from '../lib/envelope';
import { requireRealMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { requestScope } from '../middleware/request-scope';
import { changePassword, setPasswordByPhone } from '../services/accounts/passwords';
import { requestEmailReset } from '../services/accounts/email-reset';

/**
 * Router for /wps/member/password (platform-contract.md §3; accounts §2 change-password and forgot-password
 * screens, §4, §5). The password-carrying calls take a sealed body (services/encrypted-body.ts; plain → 400
 * `encryption_required`).
 * - POST / (PASS3) `{ oldPassword, newPassword, confirmNewPassword }` → `{ rememberToken: string | null }`; needs
 *   a real member's session (401 without, 403 `free_reject` for trial/special accounts). Errors: 400
 *   `request_param_err` | `same_password` | `wrong_password`, 429 `TOO_MANY_REQUEST`. Revokes the member's other
 *   sessions and remember-me tokens (services/passwords.ts changePassword).
 * - POST /verification (CHNGPASSVERIF3, no session) `{ newPassword, mobileNum, verificationCode,
 *   countryDialingCode? }` → a session of the account (null for a disabled one). Errors: 400 `request_param_err` |
 *   `verification_code_error` (also for numbers without an account), 429. Revokes every session and remember-me
 *   token of the member, then opens the new session (setPasswordByPhone).
 * - POST /email (COMM3, form-encoded `username`, `email`) → null whether or not the pair matched (no
 *   enumeration); a match gets a single-use 30-minute reset link by e-mail (services/email-reset.ts). 400
 *   `request_param_err`; 429 `TOO_MANY_REQUEST` (per IP and per account).
 */
export const passwordRouter = new CallRouter('/wps/member/password')
  .serve(accountsCalls.changePassword, memberOnly, async (c) => {
    const member = requireRealMember(c);
    return ok(c, await changePassword(requestScope(c), member, c.req.valid('json')));
  })
  .serve(accountsCalls.setPasswordByPhone, async (c) => ok(c, await setPasswordByPhone(requestScope(c), c.req.valid('json'))))
  .serve(accountsCalls.forgotPasswordEmail, async (c) => ok(c, await requestEmailReset(requestScope(c), c.req.valid('form'))));
