import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { usernameExists } from '../db/queries/members';
import { USERNAME_CHECK_PER_IP, consumeRateLimit } from '../services/rate-limit';

const usernameQuery = z.object({
  /** The registration username rule (services/registration-rules.ts): a letter, then 3 to 15 letters or digits. */
  username: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9]{3,15}$/, 'Username must be 4 to 16 letters or digits and start with a letter'),
});

/**
 * Router for /wps/check (accounts §7 "username validation | GET | query | validity").
 * - GET /username?username= → `{ available: boolean }`; case-insensitive, per merchant. Errors: 400
 *   `invalid_input` for a username the registration rule refuses, 429 `too_many_requests` past 60 checks per
 *   IP per 10 minutes (the answer reveals which names exist, as registration itself would).
 */
export const checkRouter = new Hono<AppEnv>().get('/username', valid('query', usernameQuery), async (c) => {
  await consumeRateLimit(c.env.DB, USERNAME_CHECK_PER_IP, c.var.clientIp);
  const { username } = c.req.valid('query');
  const taken = await usernameExists(c.env.DB, c.var.merchant.code, username.toLowerCase());
  return ok(c, { available: !taken });
});
