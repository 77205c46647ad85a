import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { sealedJson } from '../services/encrypted-body';
import { requireRealMember } from '../services/auth-context';
import { memberOnly } from '../services/member-only';
import { changePassword, resetPassword } from '../services/passwords';

const secret = z.string().max(128);

const changeBody = z.object({
  oldPassword: secret,
  newPassword: secret,
  confirmNewPassword: secret,
  moduleId: z.literal('CHNGPASSVERIF3').optional(),
});

const resetBody = z.object({
  mobileNum: z.string().max(32),
  countryDialingCode: z.string().max(8),
  verificationCode: z.string().trim().regex(/^\d{6}$/, 'The verification code is 6 digits'),
  newPassword: secret,
  confirmNewPassword: secret,
});

/**
 * Router for /wps/member/password (accounts §2 Change-password and forgot-password screens, §4, §5). Both
 * calls carry passwords, so both take a sealed body (services/encrypted-body.ts; plain → 400 `encryption_required`).
 * - POST /verification `{ oldPassword, newPassword, confirmNewPassword, moduleId?: 'CHNGPASSVERIF3' }` →
 *   `{ rememberToken: string | null }`; needs a real member's session (401 without, 403 `free_reject` for
 *   trial/special accounts). Errors: 400 `invalid_input` | `same_password` | `wrong_password`, 429
 *   `too_many_attempts`. Revokes the member's other sessions and remember-me tokens (services/passwords.ts).
 * - POST /reset `{ mobileNum, countryDialingCode, verificationCode, newPassword, confirmNewPassword }` → null;
 *   no session. Errors: 400 `invalid_input` | `verification_code_error` (also for numbers without an
 *   account), 429 `too_many_requests`. Revokes every session and remember-me token of the member.
 */
export const passwordRouter = new Hono<AppEnv>()
  .post('/verification', memberOnly, sealedJson(changeBody), async (c) => {
    const member = requireRealMember(c);
    return ok(c, await changePassword(c, member, c.req.valid('json')));
  })
  .post('/reset', sealedJson(resetBody), async (c) => ok(c, await resetPassword(c, c.req.valid('json'))));
