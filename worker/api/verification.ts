import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { requestSmsCode } from '../services/sms-verification';

/** SMS send payload (accounts §3): mobileNo or mobileNum, the dialling code, and our captcha answer. */
const smsBody = z
  .object({
    mobileNo: z.string().max(32).optional(),
    mobileNum: z.string().max(32).optional(),
    countryDialingCode: z.string().max(8),
    /** The human-verification step: the answer to the captcha image (cookie-bound challenge). */
    captcha: z.string().trim().min(1).max(16),
  })
  .refine((b) => (b.mobileNum ?? b.mobileNo ?? '') !== '', { path: ['mobileNum'], message: 'mobileNum is required' });

/**
 * Router for /wps/verification (accounts §3 SMS send payload, §4 SMS code, §7 "send SMS code (no login, or register)").
 * - POST /sms/noLogin `{ mobileNo|mobileNum, countryDialingCode, captcha }` → `{ expirationTime }` (epoch ms
 *   when the client may ask again, now + 60 s). For SMS login and password reset; answers the same whether
 *   or not the number has an account (a code is only sent when it has one).
 * - POST /sms/register, same body → `{ expirationTime }`; 409 `mobile_taken` when the number has an account.
 * Errors: 400 `invalid_input` | `malformed_request` | `captcha_invalid`, 429 `too_many_requests` (+ Retry-After:
 * 1 per 60 s and 5 per hour per number, 10 per hour per IP), 502 `sms_failed` (gateway refused).
 */
export const verificationRouter = new Hono<AppEnv>()
  .post('/sms/noLogin', valid('json', smsBody), async (c) => {
    const body = c.req.valid('json');
    const mobileNum = body.mobileNum ?? body.mobileNo ?? '';
    return ok(c, await requestSmsCode(c, 'noLogin', { ...body, mobileNum }));
  })
  .post('/sms/register', valid('json', smsBody), async (c) => {
    const body = c.req.valid('json');
    const mobileNum = body.mobileNum ?? body.mobileNo ?? '';
    return ok(c, await requestSmsCode(c, 'register', { ...body, mobileNum }));
  });
