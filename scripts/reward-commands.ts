/**
 * Operator commands of rewards, promotions and agents (issue 13, Rewards, referrals and agents):
 *   npm run operator -- rewards <merchant> [timeZone=<IANA zone>] [signIn=<a,b,…>] [leaderboard=turnover|win]
 *                                          [period=day|week|month] [referral=<amount>]
 *   npm run operator -- promotion applications <merchant>
 *   npm run operator -- promotion approve <merchant> <application id> <amount>
 *   npm run operator -- promotion reject <merchant> <application id>
 *   npm run operator -- agents <merchant>
 *   npm run operator -- agent approve <merchant> <account>
 *   npm run operator -- agent reject <merchant> <account> [reason…]
 * Amounts are currency units (2 decimals). Approving a promotion application puts a waiting reward in the member's
 * reward centre (claimed once into the wallet by the member); approving an agent makes the member an agent (type
 * 1) whose affiliate code — their invitation code, or a new one — the registration form accepts. The rows are read
 * and written by worker/db/queries/operator-rewards.ts; parsing here is pure, so it is tested without a database.
 */
import { isTimeZone } from '../rules/rewards.ts';
import type { RewardSettingChanges } from '../worker/db/queries/operator-rewards.ts';
import { UsageError } from './operator-commands.ts';
import { wireToMinor } from '../contract/money.ts';

export type { RewardSettingChanges };

/** A parsed reward command. */
export type RewardCommand =
  | { kind: 'rewards-show'; merchant: string }
  | { kind: 'rewards-set'; merchant: string; changes: RewardSettingChanges }
  | { kind: 'promotion-applications'; merchant: string }
  | { kind: 'promotion-approve'; merchant: string; applicationId: number; amountMinor: number }
  | { kind: 'promotion-reject'; merchant: string; applicationId: number }
  | { kind: 'agents'; merchant: string }
  | { kind: 'agent-approve' | 'agent-reject'; merchant: string; account: string; reason: string };

/** Usage lines of the reward commands (appended to the operator's usage). */
export const REWARD_USAGE = `  rewards <merchant> [key=value…]          show or set reward rules: timeZone=Asia/Manila signIn=1,1,2,2,3,3,10
                                           leaderboard=turnover|win period=day|week|month referral=5.00
  promotion applications <merchant>        list promotion applications waiting for a decision
  promotion approve <merchant> <id> <amt>  approve an application: a reward of <amt> waits in the member's reward centre
  promotion reject <merchant> <id>         reject an application
  agents <merchant>                        list agent applications waiting for a decision
  agent approve <merchant> <account>       make the member an agent (type 1) with an affiliate code
  agent reject <merchant> <account> [why…] reject the member's agent application`;

const MERCHANT = /^[A-Za-z0-9_]{1,32}$/;

function merchantArg(value: string | undefined): string {
  if (!value || !MERCHANT.test(value)) throw new UsageError(`merchant code expected, got ${JSON.stringify(value ?? '')}`);
  return value;
}

/** A decimal amount of currency units (≤ 2 decimals, ≤ 1,000,000) → minor units. */
export function amountArg(value: string | undefined, allowZero = false): number {
  if (!value || !/^\d{1,7}(\.\d{1,2})?$/.test(value)) throw new UsageError(`amount expected (e.g. 12.50), got ${JSON.stringify(value ?? '')}`);
  const minor = wireToMinor(value);
  if (minor > 100_000_000 || (!allowZero && minor === 0)) throw new UsageError(`amount out of range: ${value}`);
  return minor;
}

function idArg(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw new UsageError(`application id expected (digits), got ${JSON.stringify(value ?? '')}`);
  return Number(value);
}

/** Parses `key=value` reward settings. */
export function parseRewardSettings(pairs: readonly string[]): RewardSettingChanges {
  const changes: RewardSettingChanges = {};
  for (const pair of pairs) {
    const [key, value = ''] = pair.split('=', 2) as [string, string | undefined];
    switch (key) {
      case 'timeZone':
        if (!isTimeZone(value)) throw new UsageError(`unknown time zone ${JSON.stringify(value)} (IANA names, e.g. Asia/Manila)`);
        changes.time_zone = value;
        break;
      case 'signIn': {
        const table = value.split(',').map((v) => amountArg(v.trim(), true));
        if (table.length < 1 || table.length > 31) throw new UsageError('signIn takes 1 to 31 amounts, one per streak day');
        changes.sign_in_rewards = JSON.stringify(table);
        break;
      }
      case 'leaderboard':
        if (value !== 'turnover' && value !== 'win') throw new UsageError('leaderboard=turnover or leaderboard=win');
        changes.leaderboard_metric = value;
        break;
      case 'period':
        if (value !== 'day' && value !== 'week' && value !== 'month') throw new UsageError('period=day, week or month');
        changes.leaderboard_period = value;
        break;
      case 'referral':
        changes.referral_reward_minor = amountArg(value, true);
        break;
      default:
        throw new UsageError(`unknown reward setting ${JSON.stringify(key)}`);
    }
  }
  return changes;
}

/** Parses reward, promotion and agent commands; null for any other command. Throws UsageError. */
export function parseRewardCommand(args: readonly string[]): RewardCommand | null {
  const [name, a, b, c, d, ...rest] = args;
  if (name === 'rewards') {
    const merchant = merchantArg(a);
    const pairs = args.slice(2);
    return pairs.length === 0 ? { kind: 'rewards-show', merchant } : { kind: 'rewards-set', merchant, changes: parseRewardSettings(pairs) };
  }
  if (name === 'promotion') {
    if (a === 'applications') return { kind: 'promotion-applications', merchant: merchantArg(b) };
    if (a === 'approve') {
      if (args.length !== 5) throw new UsageError('promotion approve takes 3 arguments: merchant, application id, amount');
      return { kind: 'promotion-approve', merchant: merchantArg(b), applicationId: idArg(c), amountMinor: amountArg(d) };
    }
    if (a === 'reject') {
      if (args.length !== 4) throw new UsageError('promotion reject takes 2 arguments: merchant, application id');
      return { kind: 'promotion-reject', merchant: merchantArg(b), applicationId: idArg(c) };
    }
    throw new UsageError(`promotion applications, approve or reject expected, got ${JSON.stringify(a ?? '')}`);
  }
  if (name === 'agents') return { kind: 'agents', merchant: merchantArg(a) };
  if (name === 'agent') {
    if (a !== 'approve' && a !== 'reject') throw new UsageError(`agent approve or agent reject expected, got ${JSON.stringify(a ?? '')}`);
    if (!c || c.length > 64) throw new UsageError('agent approve|reject takes the merchant and the member\'s account');
    return { kind: a === 'approve' ? 'agent-approve' : 'agent-reject', merchant: merchantArg(b), account: c, reason: [d, ...rest].filter(Boolean).join(' ').slice(0, 200) };
  }
  return null;
}
