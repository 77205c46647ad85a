import type { Bindings } from '../../env';
import { expireDueDeposits } from './deposits';
import { settleDecidedWithdrawals } from './withdrawals';

/** What one payments tick did. */
export interface PaymentsReport {
  depositsExpired: number;
  withdrawalsSettled: number;
}

/**
 * The payments part of the Cron Trigger (every minute): pending deposits whose time is up are checked with their
 * provider and otherwise expired; operators' withdrawal decisions are finished (payouts, released holds). Safe to
 * run at any time, repeatedly. Built-in mode only (upstream, the platform handles its own payments).
 */
export async function runPaymentsTick(env: Bindings, now = Date.now()): Promise<PaymentsReport> {
  const depositsExpired = await expireDueDeposits(env, now);
  const withdrawalsSettled = await settleDecidedWithdrawals(env, { now });
  return { depositsExpired, withdrawalsSettled };
}
