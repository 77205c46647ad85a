import { ApiError } from '../../lib/envelope';
import {
  decideAdjustmentStatement, findAdjustment, findAdjustmentByKey, insertAdjustmentStatement, pageAdjustments, type AdjustmentRow,
} from '../../db/queries/balance-adjustments';
import { getBonusState, ledgerStatements, type LedgerChange } from '../../db/queries/ledger';
import { recordAudit } from '../operators/audit';
import { loadBonusRules } from '../wallet/bonus-rules';
import type { Actor } from './actions';
import { sitePlayer, type Paging } from './read';
import { adjustmentThreshold } from './threshold';

export { adjustmentThreshold, DEFAULT_ADJUSTMENT_THRESHOLD_MINOR, setSiteAdjustmentThreshold } from './threshold';

/**
 * Manual balance adjustments (docs/back-office.md "Players"; docs/design.md Money): a ledger entry of its own kind,
 * `adjustment`, moving the cash or the bonus balance up (credit) or down (debit), never below zero, exactly once.
 * - Up to the site's threshold (|amount| ≤ threshold; default 1000.00, `npm run operator -- adjustment-threshold`)
 *   the adjustment is applied at once: its row, ledger entry and audit row (`player.adjust`) in one batch.
 * - Above it, it is only a request (`pending`, audit `player.adjust_request`) until a SECOND operator with
 *   players.adjust.approve approves it (`player.adjust_approve`: the ledger entry in the same batch as the decision)
 *   or rejects it (`player.adjust_reject`). The requester can never approve their own (403
 *   `adjustment_self_approval`, also refused by the table's trigger); a decided request is never decided again
 *   (409 `adjustment_decided`: two approvals at once make one entry, the second batch fails as a whole).
 * - The client's idempotency key is the request's key: a retried request changes nothing and answers the same
 *   adjustment with `replayed: true`; the same key for another adjustment is 409 `idempotency_conflict`.
 * - The ledger key is `adjustment:<key>` (UNIQUE per member), so an entry can never be written twice either.
 * - A debit beyond the balance is 409 `insufficient_balance` and writes nothing (a request stays pending).
 * - A bonus credit carries the site's wagering requirement (multiplier × amount, as any bonus grant:
 *   docs/honest-money.md); a bonus debit changes no requirement.
 * Money is integer minor units.
 */

/** An adjustment as the contract answers it (consoleAdjustment). */
export function adjustmentView(a: AdjustmentRow, thresholdMinor?: number) {
  return {
    id: a.id, playerId: a.memberId, username: a.username, balance: a.balance, amount: a.amountMinor, reason: a.reason, status: a.status,
    requestedBy: a.requestedByName, requestedAt: a.requestedAt, decidedBy: a.decidedByName, decidedAt: a.decidedAt, decisionReason: a.decisionReason,
    ...(thresholdMinor === undefined ? {} : { threshold: thresholdMinor }),
  };
}

/** The ledger change of an adjustment. */
async function ledgerChange(db: D1Database, a: { merchantCode: string; balance: 'cash' | 'bonus'; amountMinor: number; requestKey: string }): Promise<LedgerChange> {
  const key = `adjustment:${a.requestKey}`;
  const base = { amountMinor: a.amountMinor, kind: 'adjustment' as const, reference: key, idempotencyKey: key };
  if (a.balance === 'cash') return base;
  const wagering = a.amountMinor > 0 ? a.amountMinor * (await loadBonusRules(db, a.merchantCode)).wageringMultiplier : 0;
  return { ...base, balance: 'bonus', wageringMinor: wagering };
}

/** The balances before and after a change, for the audit row (minor units). */
async function balances(db: D1Database, memberId: number, balance: 'cash' | 'bonus', amountMinor: number) {
  const state = await getBonusState(db, memberId);
  const before = { cash: state.cashMinor, bonus: state.bonusMinor };
  return { before, after: { ...before, [balance]: before[balance] + amountMinor } };
}

/** A failed money batch as the answer it means. */
function moneyFailure(error: unknown): never {
  const message = String(error instanceof Error ? error.message : error);
  if (message.includes('already decided')) throw new ApiError(409, 'adjustment_decided', 'This adjustment was already decided');
  if (message.includes('approved by its requester')) throw new ApiError(403, 'adjustment_self_approval', 'A second operator must approve your own request');
  if (message.includes('UNIQUE') && message.includes('ledger_entries')) throw new ApiError(409, 'adjustment_decided', 'This adjustment was already applied');
  if (message.includes('NOT NULL') && message.includes('balance_after_minor')) throw new ApiError(404, 'wallet_not_found', 'The player has no wallet');
  if (message.includes('CHECK')) throw new ApiError(409, 'insufficient_balance', 'The balance is too low for this debit');
  throw error;
}

/** What an operator asks for: a positive amount, credited or debited. */
export interface AdjustmentInput {
  balance: 'cash' | 'bonus';
  direction: 'credit' | 'debit';
  amountMinor: number;
  reason: string;
  idempotencyKey: string;
}

/**
 * Adjusts a player's balance (players.adjust): applied at once up to the threshold, else a pending request. Answers
 * the adjustment with the threshold in force and whether it was a replay.
 */
export async function requestAdjustment(db: D1Database, actor: Actor, memberId: number, input: AdjustmentInput, now = Date.now()) {
  await sitePlayer(db, actor.merchantCode, memberId);
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new ApiError(400, 'request_param_err', 'The amount must be positive');
  const threshold = await adjustmentThreshold(db, actor.merchantCode);
  const amountMinor = input.direction === 'debit' ? -input.amountMinor : input.amountMinor;
  const status = input.amountMinor > threshold ? 'pending' : 'applied';
  const row = {
    merchantCode: actor.merchantCode, memberId, balance: input.balance, amountMinor, reason: input.reason, requestKey: input.idempotencyKey, status,
    requestedBy: actor.operatorId, requestedByName: actor.operator,
  } as const;
  const target = `player:${memberId}`;
  const request = { balance: input.balance, amount: amountMinor, key: input.idempotencyKey, threshold };
  const statements = status === 'applied'
    ? [
      insertAdjustmentStatement(db, row, now),
      ...ledgerStatements(db, memberId, [await ledgerChange(db, row)], now),
      recordAudit(db, { ...actor, action: 'player.adjust', target, ...(await balances(db, memberId, input.balance, amountMinor)), reason: input.reason, at: now }),
    ]
    : [
      insertAdjustmentStatement(db, row, now),
      recordAudit(db, { ...actor, action: 'player.adjust_request', target, before: null, after: { ...request, status: 'pending' }, reason: input.reason, at: now }),
    ];
  try {
    await db.batch(statements);
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error);
    if (!(message.includes('UNIQUE') && message.includes('balance_adjustments'))) moneyFailure(error);
    const earlier = await findAdjustmentByKey(db, actor.merchantCode, input.idempotencyKey);
    if (!earlier || earlier.memberId !== memberId || earlier.amountMinor !== amountMinor || earlier.balance !== input.balance) {
      throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for another adjustment');
    }
    return { ...adjustmentView(earlier, threshold), replayed: true };
  }
  const stored = await findAdjustmentByKey(db, actor.merchantCode, input.idempotencyKey);
  if (!stored) throw new Error('adjustment not stored');
  return { ...adjustmentView(stored, threshold), replayed: false };
}

/** A pending adjustment of the site, or 404 `adjustment_not_found` / 409 `adjustment_decided`. */
async function pendingAdjustment(db: D1Database, merchantCode: string, id: number): Promise<AdjustmentRow> {
  const a = await findAdjustment(db, merchantCode, id);
  if (!a) throw new ApiError(404, 'adjustment_not_found', 'No such adjustment on this site');
  if (a.status !== 'pending') throw new ApiError(409, 'adjustment_decided', `This adjustment is already ${a.status}`);
  return a;
}

/** Approves a pending adjustment (players.adjust.approve, not its requester): the decision and the ledger entry at once. */
export async function approveAdjustment(db: D1Database, actor: Actor, id: number, reason: string, now = Date.now()) {
  const a = await pendingAdjustment(db, actor.merchantCode, id);
  if (a.requestedBy === actor.operatorId) throw new ApiError(403, 'adjustment_self_approval', 'A second operator must approve your own request');
  const change = await ledgerChange(db, a);
  const moved = await balances(db, a.memberId, a.balance, a.amountMinor);
  try {
    await db.batch([
      decideAdjustmentStatement(db, id, 'applied', { id: actor.operatorId, name: actor.operator }, reason, now),
      ...ledgerStatements(db, a.memberId, [change], now),
      recordAudit(db, {
        ...actor, action: 'player.adjust_approve', target: `player:${a.memberId}`, before: { ...moved.before, status: 'pending' },
        after: { ...moved.after, status: 'applied', adjustment: id, requestedBy: a.requestedByName }, reason: reason || a.reason, at: now,
      }),
    ]);
  } catch (error) {
    moneyFailure(error);
  }
  return adjustmentView((await findAdjustment(db, actor.merchantCode, id))!);
}

/** Rejects a pending adjustment (players.adjust.approve): no money moves. */
export async function rejectAdjustment(db: D1Database, actor: Actor, id: number, reason: string, now = Date.now()) {
  const a = await pendingAdjustment(db, actor.merchantCode, id);
  try {
    await db.batch([
      decideAdjustmentStatement(db, id, 'rejected', { id: actor.operatorId, name: actor.operator }, reason, now),
      recordAudit(db, {
        ...actor, action: 'player.adjust_reject', target: `player:${a.memberId}`, before: { status: 'pending', adjustment: id },
        after: { status: 'rejected', adjustment: id, amount: a.amountMinor, balance: a.balance }, reason, at: now,
      }),
    ]);
  } catch (error) {
    moneyFailure(error);
  }
  return adjustmentView((await findAdjustment(db, actor.merchantCode, id))!);
}

/** A page of the site's adjustments (pending first), optionally one status or one player. */
export async function listAdjustments(db: D1Database, merchantCode: string, f: Paging & { status?: AdjustmentRow['status'] | undefined; playerId?: number | undefined }) {
  const { items, total } = await pageAdjustments(db, {
    merchantCode, status: f.status, memberId: f.playerId, offset: (f.page - 1) * f.perPage, limit: f.perPage,
  });
  return { items: items.map((a) => adjustmentView(a)), total };
}
