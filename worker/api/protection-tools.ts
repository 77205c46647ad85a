import { CallRouter } from './call-router';
import { protectionToolCalls } from '../../contract/calls/protection-tools';
import { encodeValue, ok } from '../lib/envelope';
import { requestNow, requireRealMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import {
  activityStatement, chooseRealityCheckInterval, continueRealityCheck, realityCheckView, statementReviewDue,
} from '../services/protection/tools';
import { siteProtectionSettings } from '../db/queries/protection-tools';
import { payoutWhileExcluded, reopenAfterSelfExclusion, startExclusion } from '../services/protection/exclusions';
import { continueUpstreamRealityCheck, upstreamRealityCheckView } from '../services/protection/upstream';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { AuthedMember } from '../middleware/auth-context';

/**
 * The reality check of the request's session: PlayDeck's session (built-in mode) or the platform's session the edge
 * identified (upstream mode, docs/player-protection.md "Upstream mode": the edge keeps its start and last "continue").
 */
function sessionRealityCheck(c: Context<AppEnv>, member: AuthedMember, now: number) {
  const upstream = c.get('upstreamSession');
  return upstream ? upstreamRealityCheckView(c.env.DB, upstream, now) : realityCheckView(c.env.DB, member, member.tokenHash, now);
}

/**
 * Router for the protection tools under /wps/playdeck/protection (contract/calls/protection-tools.ts;
 * docs/player-protection.md "Reality checks", "Statements", "Responsible gambling page"; UKGC RTS 13): the session's
 * reality check, the player's interval and "continue", the activity statement and its monthly prompt, and the site's
 * help organisations; taking a break or self-excluding, and — without a session, since a blocked player cannot log
 * in — asking to reopen after a self-exclusion and having the balance paid out (RTS 14, "Time-out and
 * self-exclusion"). Real accounts only except the help links, reopening and payout (403 `free_reject`; 401 without a session). Time is
 * the request's clock (middleware/auth-context.ts requestNow, movable in development only). Money: decimal currency
 * units on the wire, minor units inside. Upstream mode: the reality checks of the platform's session (its start and
 * last "continue" kept by the edge; no net result, null) and the help links; the statements are not served there.
 */
export const protectionToolsRouter = new CallRouter('/wps/playdeck/protection')
  /** GET /realityCheck → when the session's next check is due, time played and net result. */
  .serve(protectionToolCalls.realityCheck, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const view = await sessionRealityCheck(c, member, requestNow(c));
    return ok(c, encodeValue(protectionToolCalls.realityCheck, { ...view, currencySymbol: c.var.merchant.currencySymbol }));
  })
  /** POST /realityCheck `{ minutes }` → the reality check with the new interval (409 `reality_check_off_not_allowed`). */
  .serve(protectionToolCalls.realityCheckInterval, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const now = requestNow(c);
    await chooseRealityCheckInterval(c.env.DB, member, c.req.valid('json').minutes, now);
    const view = await sessionRealityCheck(c, member, now);
    return ok(c, encodeValue(protectionToolCalls.realityCheckInterval, { ...view, currencySymbol: c.var.merchant.currencySymbol }));
  })
  /** POST /realityCheck/continue `{}` → the reality check, next due one interval later (409 `reality_check_not_due`). */
  .serve(protectionToolCalls.realityCheckContinue, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const now = requestNow(c);
    const upstream = c.get('upstreamSession');
    let view;
    if (upstream) view = await continueUpstreamRealityCheck(c.env.DB, upstream, now);
    else {
      await continueRealityCheck(c.env.DB, member, member.tokenHash, now);
      view = await realityCheckView(c.env.DB, member, member.tokenHash, now);
    }
    return ok(c, encodeValue(protectionToolCalls.realityCheckContinue, { ...view, currencySymbol: c.var.merchant.currencySymbol }));
  })
  /** GET /statement?from&to → the activity statement (400 `statement_period_invalid`); counts as this month's review. */
  .serve(protectionToolCalls.statement, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const { from, to } = c.req.valid('query');
    const statement = await activityStatement(c.env.DB, member, from, to, requestNow(c));
    return ok(c, encodeValue(protectionToolCalls.statement, { ...statement, currencySymbol: c.var.merchant.currencySymbol }));
  })
  /** GET /statement/prompt → `{ reviewDue }`: no statement viewed this calendar month. */
  .serve(protectionToolCalls.statementPrompt, memberOnly, async (c) => {
    const member = requireRealMember(c);
    return ok(c, { reviewDue: await statementReviewDue(c.env.DB, member, requestNow(c)) });
  })
  /** GET /help → the site's help organisations (operator content, https links), for everyone. */
  .serve(protectionToolCalls.helpOrganisations, async (c) => {
    return ok(c, { links: (await siteProtectionSettings(c.env.DB, c.var.merchant.code)).helpLinks });
  })
  /**
   * POST /exclusion `{ kind, duration }` → `{ kind, startedAt, until }`: a break or self-exclusion in force at once;
   * every session of the player ends in the same batch (services/protection/exclusions.ts startExclusion). 409
   * `exclusion_not_longer`; 400 `request_param_err`.
   */
  .serve(protectionToolCalls.protectionExclude, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const { kind, duration } = c.req.valid('json');
    const started = await startExclusion(c.env.DB, member, { kind, duration, setBy: 'player' }, requestNow(c));
    return ok(c, started);
  })
  /**
   * POST /reopen sealed `{ username, password }` → the block that remains (until: when the account opens), or null.
   * 409 `reopen_not_available`; 401 `login.cred.err`; 429.
   */
  .serve(protectionToolCalls.protectionReopen, async (c) => {
    const { username, password } = c.req.valid('json');
    const proof = { merchantCode: c.var.merchant.code, username, password, clientIp: c.var.clientIp };
    return ok(c, await reopenAfterSelfExclusion(c.env.DB, proof, requestNow(c)));
  })
  /**
   * POST /payout sealed `{ username, password, paymentPassword, payeeName, bankName, accountNumber, idempotencyKey }`
   * → `{ withdrawalId, amount, balance }`: a blocked player's cash balance becomes a withdrawal request (services/
   * protection/exclusions.ts payoutWhileExcluded).
   */
  .serve(protectionToolCalls.protectionPayout, async (c) => {
    const { username, password, ...payout } = c.req.valid('json');
    const proof = { merchantCode: c.var.merchant.code, username, password, clientIp: c.var.clientIp, currency: c.var.merchant.currency };
    const { withdrawal, balanceMinor } = await payoutWhileExcluded(c.env.DB, proof, payout, requestNow(c));
    return ok(c, encodeValue(protectionToolCalls.protectionPayout, { withdrawalId: withdrawal.id, amount: withdrawal.amountMinor, balance: balanceMinor }));
  });
