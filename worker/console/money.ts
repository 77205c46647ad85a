import { Hono } from 'hono';
import type { Context } from 'hono';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { listDeposits, listWithdrawalRequests, withdrawalRequestDetail } from '../services/wallet/money-desk';
import { decideWithdrawalRequest, DecisionRefusal } from '../services/wallet/withdrawal-decisions';
import { settleDecidedWithdrawals } from '../services/wallet/withdrawals';
import {
  consoleApproveBody, consoleDepositsQuery, consoleMoneyCalls, consoleMoneyId, consoleRejectBody, consoleWithdrawalsQuery,
} from '../../contract/calls/console-money';
import { builtInOnly, can, type ConsoleEnv } from './access';

/**
 * The back office's money desk (docs/back-office.md "Money"; calls in contract/calls/console-money.ts), built-in
 * mode only: in upstream mode the platform keeps the money and every route here answers 404
 * `function.not.available` (`builtInOnly`). Each route checks its permission, site, CSRF and origin (worker/console/access.ts `can`); every read and decision is
 * scoped to the host's site (`c.var.merchant.code`), so another site's request answers 404.
 * - GET /console/api/deposits (money.read): the deposit search, paged.
 * - GET /console/api/withdrawals (money.read): the queue (`view=queue`, pending) or the history (`view=history`),
 *   each request with its player's context; GET /console/api/withdrawals/<id>: one request, its context and the
 *   accounts sharing the player's address.
 * - POST /console/api/withdrawals/<id>/approve `{ reason? }` and …/reject `{ reason }` (money.withdrawals): the
 *   decision and its audit row in one batch through the service the operator command uses
 *   (worker/services/wallet/withdrawal-decisions.ts); then that player's decided requests are settled at once by
 *   the one money path (worker/services/wallet/withdrawals.ts: the payout, or the hold released through the ledger),
 *   so the answer usually shows the request paid or its hold released. 404 `withdrawal_not_found`, 409
 *   `withdrawal_not_pending` (of two decisions at the same time, one is recorded).
 */

function refusal(error: unknown): never {
  if (error instanceof DecisionRefusal) {
    throw new ApiError(error.errorCode === 'withdrawal_not_found' ? 404 : 409, error.errorCode, error.message);
  }
  throw error;
}

async function detail(c: Context<ConsoleEnv>, id: number) {
  const item = await withdrawalRequestDetail(c.env.DB, c.var.merchant.code, id);
  if (!item) throw new ApiError(404, 'withdrawal_not_found', 'No such withdrawal request');
  return item;
}

/** Records a decision (service of the operator command), settles the player's decided requests, answers the request. */
async function decide(c: Context<ConsoleEnv>, id: number, decision: 'approved' | 'rejected', reason: string) {
  const operator = c.var.operator;
  const { before } = await decideWithdrawalRequest(c.env.DB, {
    id, merchantCode: c.var.merchant.code, decision, reason,
    actor: { operatorId: operator.id, operator: operator.username, address: c.var.clientIp },
  }).catch(refusal);
  try {
    await settleDecidedWithdrawals(c.env, { memberId: before.member_id });
  } catch (error) {
    // The decision stands; the Cron tick finishes it (worker/services/wallet/payments-tick.ts).
    console.error('settling after a console decision failed', error);
  }
  return ok(c, encodeValue(consoleMoneyCalls.consoleWithdrawal, await detail(c, id)));
}

/** GET /console/api/deposits — `{ items, total }` (contract consoleDeposits). */
export const consoleDeposits = new Hono<ConsoleEnv>()
  .use('*', builtInOnly)
  .get('/', can('money.read'), valid('query', consoleDepositsQuery), async (c) => {
    const q = c.req.valid('query');
    const value = await listDeposits(c.env.DB, c.var.merchant.code, {
      player: q.player, status: q.status, from: q.from, to: q.to, minMinor: q.minAmount, maxMinor: q.maxAmount, orderId: q.orderId,
      sort: q.sort, order: q.order,
    }, q);
    return ok(c, encodeValue(consoleMoneyCalls.consoleDeposits, value));
  });

/** /console/api/withdrawals — the queue and history, one request, approve and reject (contract consoleWithdrawal*). */
export const consoleWithdrawals = new Hono<ConsoleEnv>()
  .use('*', builtInOnly)
  .get('/', can('money.read'), valid('query', consoleWithdrawalsQuery), async (c) => {
    const q = c.req.valid('query');
    const value = await listWithdrawalRequests(c.env.DB, c.var.merchant.code, {
      view: q.view, player: q.player, status: q.status, from: q.from, to: q.to, id: q.id, sort: q.sort, order: q.order,
    }, q);
    return ok(c, encodeValue(consoleMoneyCalls.consoleWithdrawals, value));
  })
  .get('/:id', can('money.read'), valid('param', consoleMoneyId), async (c) => {
    return ok(c, encodeValue(consoleMoneyCalls.consoleWithdrawal, await detail(c, c.req.valid('param').id)));
  })
  .post('/:id/approve', can('money.withdrawals'), valid('param', consoleMoneyId), valid('json', consoleApproveBody), async (c) => {
    return decide(c, c.req.valid('param').id, 'approved', c.req.valid('json').reason);
  })
  .post('/:id/reject', can('money.withdrawals'), valid('param', consoleMoneyId), valid('json', consoleRejectBody), async (c) => {
    return decide(c, c.req.valid('param').id, 'rejected', c.req.valid('json').reason);
  });
