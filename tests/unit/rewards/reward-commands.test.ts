import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../scripts/operator-commands';
import { parseRewardCommand } from '../../../scripts/reward-commands';

describe('operator reward, promotion and agent commands (issue 13)', () => {
  it.each([
    [['rewards', 'DEMO'], { kind: 'rewards-show', merchant: 'DEMO' }],
    [['rewards', 'DEMO', 'timeZone=Asia/Manila', 'leaderboard=win', 'period=month', 'referral=7.50', 'signIn=1,2,3.5'], {
      kind: 'rewards-set', merchant: 'DEMO',
      changes: { time_zone: 'Asia/Manila', leaderboard_metric: 'win', leaderboard_period: 'month', referral_reward_minor: 750, sign_in_rewards: '[100,200,350]' },
    }],
    [['promotion', 'applications', 'DEMO'], { kind: 'promotion-applications', merchant: 'DEMO' }],
    [['promotion', 'approve', 'DEMO', '12', '25.00'], { kind: 'promotion-approve', merchant: 'DEMO', applicationId: 12, amountMinor: 2_500 }],
    [['promotion', 'reject', 'DEMO', '12'], { kind: 'promotion-reject', merchant: 'DEMO', applicationId: 12 }],
    [['agents', 'DEMO'], { kind: 'agents', merchant: 'DEMO' }],
    [['agent', 'approve', 'DEMO', 'ana01'], { kind: 'agent-approve', merchant: 'DEMO', account: 'ana01', reason: '' }],
    [['agent', 'reject', 'DEMO', 'ana01', 'no', 'website'], { kind: 'agent-reject', merchant: 'DEMO', account: 'ana01', reason: 'no website' }],
    [['withdrawals'], null],
  ])('%j parses', (args, command) => {
    expect(parseRewardCommand(args)).toEqual(command);
  });

  it.each([
    [['rewards', 'DEMO', 'timeZone=Mars/Base'], 'unknown time zone'],
    [['rewards', 'DEMO', 'period=year'], 'period=day'],
    [['rewards', 'DEMO', 'colour=red'], 'unknown reward setting'],
    [['rewards', 'DEMO', 'signIn=1,x'], 'amount expected'],
    [['promotion', 'approve', 'DEMO', '12', '0'], 'out of range'],
    [['promotion', 'approve', 'DEMO', '12'], 'takes 3 arguments'],
    [['promotion', 'pay', 'DEMO'], 'approve or reject'],
    [['agent', 'promote', 'DEMO', 'ana'], 'agent approve or agent reject'],
    [['agent', 'approve', 'DEMO'], 'account'],
    [['agents', 'bad code!'], 'merchant code expected'],
  ])('%j is refused (%s)', (args, message) => {
    expect(() => parseRewardCommand(args)).toThrow(UsageError);
    expect(() => parseRewardCommand(args)).toThrow(message);
  });
});
