import { callApi } from './client';
import { walletCalls } from '../../contract/calls/wallet';
import type { ValueOf } from '../../contract/call';

/**
 * The wallet and payments calls (contract/calls/wallet.ts): thin wrappers giving the stores their views, money in
 * integer minor units (the client's money codec converts it to and from the wire's currency units: client.ts).
 */

/** A deposit method with its limits in minor units. */
export interface PaymentMethodView {
  methodCode: string;
  displayName: string;
  minMinor: number;
  maxMinor: number;
}

/** The site's deposit methods. */
export interface PaymentMethodsView {
  currency: string;
  currencySymbol: string;
  template: 0 | 1;
  methods: PaymentMethodView[];
}

/** A deposit, money in minor units. */
export interface DepositView {
  depositId: number;
  methodCode: string;
  amountMinor: number;
  status: 'pending' | 'credited' | 'expired' | 'failed';
  createdAt: number;
  expiresAt: number;
  redirectUrl: string | null;
  balanceMinor: number | null;
}

/** A withdrawal, money in minor units. */
export type WithdrawalView = Omit<ValueOf<typeof walletCalls.withdrawInfo>['withdrawals'][number], 'amount'> & { amountMinor: number };

/** The withdraw page's data, money in minor units. */
export interface WithdrawInfoView {
  enabled: boolean;
  minMinor: number;
  maxMinor: number;
  availableMinor: number;
  currencySymbol: string;
  paymentPasswordSet: boolean;
  payeeName: string;
  withdrawals: WithdrawalView[];
  /** The bonus balance a request now would forfeit, and its wagering so far (docs/honest-money.md); 0 without one. */
  bonusMinor: number;
  wageringRequiredMinor: number;
  wageringDoneMinor: number;
}

/** One row of the transactions view, money in minor units (signed). */
export interface TransactionView {
  id: number;
  category: 'deposit' | 'withdrawal' | 'bonus' | 'round';
  kind: string;
  amountMinor: number;
  balanceAfterMinor: number;
  createdAt: number;
}

/** Totals of a period, minor units. */
export interface TransactionTotalsView {
  deposits: number;
  withdrawals: number;
  netDeposits: number;
  bonuses: number;
  rounds: number;
}

function depositOf(value: ValueOf<typeof walletCalls.depositCreate>): DepositView {
  return {
    depositId: value.depositId, methodCode: value.methodCode, amountMinor: value.amount, status: value.status,
    createdAt: value.createdAt, expiresAt: value.expiresAt, redirectUrl: value.redirectUrl,
    balanceMinor: value.balance,
  };
}

function withdrawalOf(w: ValueOf<typeof walletCalls.withdrawInfo>['withdrawals'][number]): WithdrawalView {
  const { amount, ...rest } = w;
  return { ...rest, amountMinor: amount };
}

/** GET the site's deposit methods. */
export async function getPaymentMethods(): Promise<PaymentMethodsView> {
  const value = await callApi(walletCalls.paymentMethods);
  return {
    currency: value.currency, currencySymbol: value.currencySymbol, template: value.template,
    methods: value.methods.map((m) => ({ methodCode: m.methodCode, displayName: m.displayName, minMinor: m.minAmount, maxMinor: m.maxAmount })),
  };
}

/** POST a deposit order; the key makes a retried order count once. */
export async function createDeposit(input: { methodCode: string; amountMinor: number; idempotencyKey: string }): Promise<DepositView> {
  return depositOf(await callApi(walletCalls.depositCreate, {
    body: { methodCode: input.methodCode, amount: input.amountMinor, idempotencyKey: input.idempotencyKey },
    idempotencyKey: input.idempotencyKey,
  }));
}

/** GET one deposit's status. */
export async function getDeposit(depositId: number): Promise<DepositView> {
  return depositOf(await callApi(walletCalls.depositStatus, { query: { depositId } }));
}

/** GET the withdraw page's data. */
export async function getWithdrawInfo(): Promise<WithdrawInfoView> {
  const v = await callApi(walletCalls.withdrawInfo);
  return {
    enabled: v.enabled, minMinor: v.minAmount, maxMinor: v.maxAmount, availableMinor: v.available,
    currencySymbol: v.currencySymbol, paymentPasswordSet: v.paymentPasswordSet, payeeName: v.payeeName, withdrawals: v.withdrawals.map(withdrawalOf),
    // Absent from a platform without bonus money (upstream mode): no bonus, no warning.
    bonusMinor: v.bonusBalance ?? 0, wageringRequiredMinor: v.wageringRequired ?? 0, wageringDoneMinor: v.wageringDone ?? 0,
  };
}

/**
 * POST a withdrawal request; answers the request and the balance after the hold. `forfeitBonus`: the player
 * confirmed giving up a bonus not yet wagered (sent only then; docs/honest-money.md).
 */
export async function requestWithdrawal(input: {
  amountMinor: number; payeeName: string; bankName: string; accountNumber: string; paymentPassword: string; idempotencyKey: string;
  forfeitBonus?: boolean;
}): Promise<{ withdrawal: WithdrawalView; balanceMinor: number }> {
  const { amountMinor, ...rest } = input;
  const value = await callApi(walletCalls.withdrawRequest, {
    body: { ...rest, amount: amountMinor }, idempotencyKey: input.idempotencyKey,
  });
  return { withdrawal: withdrawalOf(value.withdrawal), balanceMinor: value.balance };
}

/** GET the security page's data. */
export const getSecurityConfig = (): Promise<ValueOf<typeof walletCalls.securityConfig>> => callApi(walletCalls.securityConfig);

/** POST set or change the payment password. */
export async function savePaymentPassword(body: { newPaymentPassword: string; oldPaymentPassword?: string; loginPassword?: string }): Promise<void> {
  await callApi(walletCalls.paymentPassword, { body });
}

/** GET a page of the transactions view. */
export async function getTransactions(query: { category?: string; startDate: number; endDate: number; pageNo: number }): Promise<{
  list: TransactionView[]; totals: TransactionTotalsView; pageNo: number; totalPages: number;
}> {
  const v = await callApi(walletCalls.transactions, { query: { ...query, category: query.category ?? '' } });
  return {
    list: v.list.map((r) => ({ id: r.id, category: r.category, kind: r.kind, amountMinor: r.amount, balanceAfterMinor: r.balanceAfter, createdAt: r.createdAt })),
    totals: {
      deposits: v.totals.deposits, withdrawals: v.totals.withdrawals, netDeposits: v.totals.netDeposits,
      bonuses: v.totals.bonuses, rounds: v.totals.rounds,
    },
    pageNo: v.pageNo, totalPages: v.totalPages,
  };
}
