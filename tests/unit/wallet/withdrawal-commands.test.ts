import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../scripts/operator-commands';
import { formatWaiting, parseWithdrawalCommand } from '../../../scripts/withdrawal-commands';

describe('operator withdrawal commands (issue 13, Withdraw)', () => {
  it.each([
    [['withdrawals'], { kind: 'withdrawals', merchant: null }],
    [['withdrawals', 'DEMO'], { kind: 'withdrawals', merchant: 'DEMO' }],
    [['withdrawal', 'approve', '42'], { kind: 'withdrawal-approve', id: 42 }],
    [['withdrawal', 'reject', '7', 'name', 'does', 'not', 'match'], { kind: 'withdrawal-reject', id: 7, reason: 'name does not match' }],
    [['withdrawal', 'reject', '7'], { kind: 'withdrawal-reject', id: 7, reason: '' }],
    [['list'], null],
  ])('%j parses', (args, command) => {
    expect(parseWithdrawalCommand(args)).toEqual(command);
  });

  it.each([
    [['withdrawal', 'approve', 'x1'], 'withdrawal id expected'],
    [['withdrawal', 'approve'], 'takes 1 argument'],
    [['withdrawal', 'pay', '1'], 'approve or withdrawal reject'],
    [['withdrawals', "DEMO'"], 'merchant code expected'],
  ])('%j is refused (%s)', (args, message) => {
    expect(() => parseWithdrawalCommand(args)).toThrow(UsageError);
    expect(() => parseWithdrawalCommand(args)).toThrow(message);
  });

  it('formats the waiting requests', () => {
    expect(formatWaiting([])).toBe('No withdrawal requests are waiting.');
    expect(formatWaiting([{ id: 5, merchant_code: 'DEMO', account: 'ana', amount_minor: 5000, currency: 'USD', payee_name: 'Ana', bank_name: 'Bank', status: 'pending', created_at: 0 }]))
      .toBe('#5  DEMO  ana  USD 50.00  pending  to Ana (Bank)  1970-01-01T00:00:00.000Z');
  });
});
