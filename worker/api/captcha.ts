import { requestScope } from '../middleware/request-scope';
import { CallRouter } from './call-router';
import { systemCalls } from '../../contract/calls/system';
import { ApiError, ok } from '../lib/envelope';
import { issueCaptcha, newChallenge, setCaptchaCookie } from '../services/accounts/captcha';
import { renderCaptchaPng } from '../services/accounts/captcha-image';
import { bytesToBase64 } from '../services/media/png';
import { CAPTCHA_PER_IP, consumeRateLimit } from '../services/accounts/rate-limit';
import { HEADER } from '../../contract/headers';

/** A module id as the `ModuleId` header carries it (CAPTCHA3 from the platform's clients). */
const MODULE_ID = /^[A-Za-z0-9_]{1,32}$/;

/**
 * Router for /wps/captcha (platform-contract.md §3 "captcha", module CAPTCHA3 in the `ModuleId` header).
 * GET /wps/captcha → the envelope whose `value` is a base64 PNG (150 × 50; the client shows it as
 * `data:image/png;base64,…`), `Cache-Control: no-store`, and cookie `pd_captcha=<challenge id>` (HttpOnly,
 * SameSite=Strict, Path=/wps, Max-Age=300, Secure on https). Login and registration then send the answer; see
 * services/captcha.ts (5 minutes, single use). Errors: 400 `request_param_err` (malformed ModuleId header),
 * 429 `TOO_MANY_REQUEST` (60 images per 10 minutes per IP).
 */
export const captchaRouter = new CallRouter('/wps/captcha').serve(systemCalls.captcha, async (c) => {
  const moduleId = c.req.header(HEADER.moduleId);
  if (moduleId !== undefined && !MODULE_ID.test(moduleId)) {
    throw new ApiError(400, 'request_param_err', 'Invalid ModuleId header', { issues: [{ path: 'ModuleId', message: 'Invalid module id' }] });
  }
  await consumeRateLimit(c.env.DB, CAPTCHA_PER_IP, c.var.clientIp);
  const challenge = newChallenge();
  const { id } = await issueCaptcha(c.env.DB, challenge);
  setCaptchaCookie(requestScope(c), id);
  c.header('Cache-Control', 'no-store');
  return ok(c, bytesToBase64(await renderCaptchaPng(challenge.text)));
});
