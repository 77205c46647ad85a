import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { findAgentByAffiliateCode } from '../db/queries/members';
import { AFFILIATE_LOOKUP_PER_IP, consumeRateLimit } from '../services/rate-limit';

const affiliateQuery = z.object({
  code: z.string().trim().regex(/^[A-Za-z0-9]{1,32}$/, 'Invalid invitation code'),
  /** AFFMAN3 by default (accounts §7); accepted for the spec's call shape. */
  moduleId: z.string().regex(/^[A-Za-z0-9_]{1,32}$/).optional(),
});

/**
 * Router for /wps/agent (accounts §3 Affiliate lookup, §4 Affiliate code, §7 "affiliate code lookup and check").
 * - GET /affiliate?code=&moduleId=AFFMAN3 → `{ code }` (the agent's code as stored, upper-case) when an active
 *   agent (member type 1 or 2) of this site owns it. Errors: 400 `invalid_input` (malformed), 404
 *   `invitation_code_error` (no such agent), 429 `too_many_requests` past 60 lookups per IP per 10 minutes.
 *   Registration runs the same check on `affiliateCode` (400 `invitation_code_error`).
 */
export const agentRouter = new Hono<AppEnv>().get('/affiliate', valid('query', affiliateQuery), async (c) => {
  await consumeRateLimit(c.env.DB, AFFILIATE_LOOKUP_PER_IP, c.var.clientIp);
  const { code } = c.req.valid('query');
  const agentId = await findAgentByAffiliateCode(c.env.DB, c.var.merchant.code, code);
  if (agentId === null) throw new ApiError(404, 'invitation_code_error', 'Invalid invitation code');
  return ok(c, { code: code.toUpperCase() });
});
