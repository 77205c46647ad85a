import { CallRouter } from './call-router';
import { accountsCalls } from '../../contract/calls/accounts';
import { ApiError, ok } from '../lib/envelope';
import { findInviterByCode } from '../db/queries/members';
import { AFFILIATE_LOOKUP_PER_IP, consumeRateLimit } from '../services/accounts/rate-limit';

/**
 * Router for /wps/agent (platform-contract.md §3 affiliate lookup and check; accounts §3, §4 Affiliate code).
 * - GET /affiliate?code=&domain= (AFFMAN3 in the ModuleId header) → `{ code }` (the agent's code, upper-case)
 *   when an active member of this site owns it — an agent's (type 1 or 2) affiliate code or a player's
 *   personal invitation code (issue 13, Invite friends); `domain` (the page's host) is accepted and
 *   not needed (the site comes from the request host). Errors: 400 `request_param_err` (malformed), 404
 *   `invitation_code_error` (no such agent), 429 `TOO_MANY_REQUEST` past 60 lookups per IP per 10 minutes.
 *   Registration runs the same check on `affiliateCode` (400 `invitation_code_error`).
 */
export const agentRouter = new CallRouter('/wps/agent').serve(accountsCalls.affiliate, async (c) => {
  await consumeRateLimit(c.env.DB, AFFILIATE_LOOKUP_PER_IP, c.var.clientIp);
  const { code } = c.req.valid('query');
  const agentId = await findInviterByCode(c.env.DB, c.var.merchant.code, code);
  if (agentId === null) throw new ApiError(404, 'invitation_code_error', 'Invalid invitation code');
  return ok(c, { code: code.toUpperCase() });
});
