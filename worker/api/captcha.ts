import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { valid } from '../lib/validate';
import { issueCaptcha, newChallenge, setCaptchaCookie } from '../services/captcha';
import { renderCaptchaSvg } from '../services/captcha-svg';
import { CAPTCHA_PER_IP, consumeRateLimit } from '../services/rate-limit';

const captchaQuery = z.object({
  /** The module asking (VALID_CAPTCHA3, FEEDBACK3, …): accepted for the spec's call shape, not needed here. */
  moduleId: z.string().regex(/^[A-Za-z0-9_]{1,32}$/).optional(),
});

/**
 * Router for /wps/captcha (accounts §7 "captcha | GET | moduleId | image").
 * GET /wps/captcha?moduleId=… → 200 `image/svg+xml` (not the JSON envelope: the page shows it as an
 * image), `Cache-Control: no-store`, and cookie `pd_captcha=<challenge id>` (HttpOnly, SameSite=Strict,
 * Path=/wps, Max-Age=300, Secure on https). Login and registration then send the answer; see
 * services/captcha.ts. Errors: 400 `invalid_input` (bad moduleId), 429 `too_many_requests` (60 per 10 min per IP).
 */
export const captchaRouter = new Hono<AppEnv>().get('/', valid('query', captchaQuery), async (c) => {
  await consumeRateLimit(c.env.DB, CAPTCHA_PER_IP, c.var.clientIp);
  const challenge = newChallenge();
  const { id } = await issueCaptcha(c.env.DB, challenge);
  setCaptchaCookie(c, id);
  c.header('Content-Type', 'image/svg+xml; charset=utf-8');
  c.header('Cache-Control', 'no-store');
  return c.body(renderCaptchaSvg(challenge.text), 200);
});
