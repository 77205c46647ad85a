import { z } from 'zod';
import { defineCall } from '../call';
import { money, moneyText } from '../money';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from './wallet';

/**
 * The back office's money desk (docs/back-office.md "Money"), built-in mode only: a site's deposits searched and
 * paged, the withdrawal queue (pending requests) with each player's context, the history of decided requests, and
 * the approve and reject actions. List answers follow src/console/registry.ts (`{ items, total }`, `page`,
 * `perPage`, `sort`, `order`, filters as query parameters). Money is decimal currency units on the wire; times
 * are epoch milliseconds. Filters' dates are epoch ms or ISO 8601 (a date alone is its UTC midnight).
 */

const when = z.union([
  z.string().regex(/^\d{1,15}$/).transform(Number),
  z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
  z.iso.date().transform((s) => Date.parse(s)),
]);
const amountText = moneyText(z.string().trim().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Expected an amount with at most 2 decimals'));
const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  /** The start of the player's username (any case). */
  player: z.string().trim().min(1).max(40).optional(),
  from: when.optional(),
  to: when.optional(),
};
/** A path's numeric id. */
export const consoleMoneyId = z.object({ id: z.string().regex(/^\d{1,15}$/).transform(Number) });

/** Deposit search: player, status, created in [from, to), amount between minAmount and maxAmount, order id. */
export const consoleDepositsQuery = z.object({
  ...paging,
  sort: z.enum(['id', 'createdAt', 'amount', 'status']).default('createdAt'),
  status: z.enum(DEPOSIT_STATUSES).optional(),
  minAmount: amountText.optional(),
  maxAmount: amountText.optional(),
  /** The deposit's id (the player's order number) or the provider's transaction id. */
  orderId: z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,64}$/).optional(),
});

/**
 * Withdrawal list: `view` queue (pending, oldest first by default) or history (every decided request: approved,
 * paid, rejected, failed); dates are the request's time in the queue, the decision's in the history.
 */
export const consoleWithdrawalsQuery = z.object({
  ...paging,
  view: z.enum(['queue', 'history']).default('queue'),
  sort: z.enum(['id', 'createdAt', 'decidedAt', 'amount', 'status']).optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  id: z.string().regex(/^\d{1,15}$/).transform(Number).optional(),
});

/** Approve: an optional note for the audit log. Reject: the reason the player is shown (required). */
export const consoleApproveBody = z.object({ reason: z.string().trim().max(200).default('') });
export const consoleRejectBody = z.object({ reason: z.string().trim().min(1).max(200) });

export const consoleDeposit = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  methodCode: z.string(),
  provider: z.string(),
  amount: money(),
  currency: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  providerTxnId: z.string().nullable(),
  createdAt: z.number().int(),
  creditedAt: z.number().int().nullable(),
});

/** What the operator sees of the player beside a request (docs/back-office.md "Player context"). */
export const consolePlayerContext = z.object({
  memberId: z.number().int(),
  account: z.string(),
  registeredAt: z.number().int(),
  /** Whole days since registration. */
  accountAgeDays: z.number().int(),
  cashBalance: money(),
  bonusBalance: money(),
  /** The bonus's wagering: what must be staked in all, and what has been. */
  wageringRequired: money(),
  wageringDone: money(),
  deposits: z.object({ count: z.number().int(), total: money() }),
  withdrawals: z.object({ paidCount: z.number().int(), paidTotal: money(), held: money() }),
  bonuses: z.object({ count: z.number().int(), total: money() }),
  /** The address the account registered from ('' when not known). */
  registerAddress: z.string(),
  /**
   * Other real accounts of the site sharing an address with the player: registered or logged in from the player's
   * registration address or from an address of the player's latest 50 log-ins (at least: 50 accounts per address are counted).
   */
  sharedAddressAccounts: z.number().int(),
  /** Up to 10 of them (one request's page only). */
  sharedAddressSample: z.array(z.string()).optional(),
});

export const consoleWithdrawal = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  amount: money(),
  currency: z.string(),
  payeeName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  decidedBy: z.string(),
  paidAt: z.number().int().nullable(),
  providerTxnId: z.string().nullable(),
  player: consolePlayerContext,
});

export const consoleMoneyCalls = {
  consoleDeposits: defineCall({
    name: 'consoleDeposits', method: 'GET', path: '/console/api/deposits', auth: 'none', console: 'money.read',
    query: consoleDepositsQuery, value: z.object({ items: z.array(consoleDeposit), total: z.number().int() }),
    summary: 'Searches the site\'s deposits, paged (docs/back-office.md "Money").',
  }),
  consoleWithdrawals: defineCall({
    name: 'consoleWithdrawals', method: 'GET', path: '/console/api/withdrawals', auth: 'none', console: 'money.read',
    query: consoleWithdrawalsQuery, value: z.object({ items: z.array(consoleWithdrawal), total: z.number().int() }),
    summary: 'The withdrawal queue or history of the site, each request with its player context (docs/back-office.md "Money").',
  }),
  consoleWithdrawal: defineCall({
    name: 'consoleWithdrawal', method: 'GET', path: '/console/api/withdrawals/{id}', auth: 'none', console: 'money.read',
    value: consoleWithdrawal,
    summary: 'One withdrawal request with its player context and the accounts sharing its address; 404 `withdrawal_not_found`.',
  }),
  consoleWithdrawalApprove: defineCall({
    name: 'consoleWithdrawalApprove', method: 'POST', path: '/console/api/withdrawals/{id}/approve', auth: 'none', console: 'money.withdrawals',
    body: consoleApproveBody, value: consoleWithdrawal,
    summary: 'Approves a pending request (paid out through the site\'s payout provider); 404 `withdrawal_not_found`, 409 `withdrawal_not_pending`.',
  }),
  consoleWithdrawalReject: defineCall({
    name: 'consoleWithdrawalReject', method: 'POST', path: '/console/api/withdrawals/{id}/reject', auth: 'none', console: 'money.withdrawals',
    body: consoleRejectBody, value: consoleWithdrawal,
    summary: 'Rejects a pending request with the reason the player sees (its hold returns to the balance); 404, 409 as approve.',
  }),
} as const;
