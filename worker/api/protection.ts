import { CallRouter } from './call-router';
import { protectionCalls } from '../../contract/calls/protection';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { requestNow, requireRealMember, type AuthedMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { changeLimit, confirmLimit, declineDepositPrompt, limitsView } from '../services/protection/limits';
import type { ProtectedMember } from '../db/queries/protection';
import { builtInUsage, upstreamUsage, type LimitUsage } from '../services/protection/usage';
import type { Context } from 'hono';
import type { AppEnv } from '../env';

/** The settings key of a session's member: its site and member id (docs/player-protection.md, upstream mode). */
function protectedMember(member: AuthedMember): ProtectedMember {
  return { merchantCode: member.merchantCode, memberId: member.memberId };
}

/**
 * Where the request's limit use is read: the ledger (built-in mode) or the edge's record of the deposits and lottery
 * bets it forwarded (upstream mode, docs/player-protection.md "Upstream mode"; deposit and wager limits only).
 */
function usageOf(c: Context<AppEnv>, who: ProtectedMember): LimitUsage {
  return c.env.UPSTREAM_API_URL ? upstreamUsage(c.env.DB, who) : builtInUsage(c.env.DB, who);
}

/**
 * Router for /wps/playdeck/protection (contract/calls/protection.ts; docs/player-protection.md, UKGC RTS 12): the
 * player's deposit, loss and wager limits, the session time limit and the first-deposit prompt. Real accounts only
 * (403 `free_reject`; 401 without a session). Time is the request's clock (middleware/auth-context.ts requestNow,
 * movable in development only). Money: decimal currency units on the wire, minor units inside.
 */
export const protectionRouter = new CallRouter('/wps/playdeck/protection')
  /** GET /limits → the limits with their use, pending changes and whether to prompt at the first deposit. */
  .serve(protectionCalls.protectionLimits, memberOnly, async (c) => {
    const who = protectedMember(requireRealMember(c));
    return ok(c, encodeValue(protectionCalls.protectionLimits, await limitsView(c.env.DB, who, requestNow(c), c.var.merchant.currencySymbol, usageOf(c, who))));
  })
  /**
   * POST /limits `{ kind, period, amount | null }` → `{ outcome, limits }` (services/protection/limits.ts
   * changeLimit: lower at once, higher or removed after 24 hours and a confirmation).
   */
  .serve(protectionCalls.protectionSetLimit, memberOnly, async (c) => {
    const who = protectedMember(requireRealMember(c));
    const { kind, period, amount } = c.req.valid('json');
    const now = requestNow(c);
    const usage = usageOf(c, who);
    if (!usage.kinds.includes(kind)) throw new ApiError(409, 'limit_not_available', `A ${kind} limit cannot be enforced on this site`);
    const outcome = await changeLimit(c.env.DB, who, kind, period, amount, now);
    return ok(c, encodeValue(protectionCalls.protectionSetLimit, { outcome, limits: await limitsView(c.env.DB, who, now, c.var.merchant.currencySymbol, usage) }));
  })
  /** POST /sessionLimit `{ minutes | null }` → `{ outcome, limits }`: the session time limit, by the same rule. */
  .serve(protectionCalls.protectionSetSessionLimit, memberOnly, async (c) => {
    const who = protectedMember(requireRealMember(c));
    const now = requestNow(c);
    const outcome = await changeLimit(c.env.DB, who, 'session', 'session', c.req.valid('json').minutes, now);
    return ok(c, encodeValue(protectionCalls.protectionSetSessionLimit, { outcome, limits: await limitsView(c.env.DB, who, now, c.var.merchant.currencySymbol, usageOf(c, who)) }));
  })
  /**
   * POST /limits/confirm `{ kind, period }` → the limits: 409 `no_pending_change`, `limit_not_confirmable`; 400
   * `request_param_err` when only one of kind and period is 'session'.
   */
  .serve(protectionCalls.protectionConfirmLimit, memberOnly, async (c) => {
    const who = protectedMember(requireRealMember(c));
    const { kind, period } = c.req.valid('json');
    const now = requestNow(c);
    // A session limit is confirmed with period 'session', a money limit with one of its money periods.
    if ((kind === 'session') !== (period === 'session')) throw new ApiError(400, 'request_param_err', 'The session limit goes with period session only');
    await confirmLimit(c.env.DB, who, kind, period, now);
    return ok(c, encodeValue(protectionCalls.protectionConfirmLimit, await limitsView(c.env.DB, who, now, c.var.merchant.currencySymbol, usageOf(c, who))));
  })
  /** POST /depositPrompt `{}` → the limits: the player answered "not now" to the first-deposit prompt. */
  .serve(protectionCalls.protectionDepositPrompt, memberOnly, async (c) => {
    const who = protectedMember(requireRealMember(c));
    const now = requestNow(c);
    await declineDepositPrompt(c.env.DB, who, now);
    return ok(c, encodeValue(protectionCalls.protectionDepositPrompt, await limitsView(c.env.DB, who, now, c.var.merchant.currencySymbol, usageOf(c, who))));
  });
