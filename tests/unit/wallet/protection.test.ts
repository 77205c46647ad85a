import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmable, limitChange, remainingOf, windowStart, COOLING_OFF_MS, PERIOD_MS } from '../../../rules/protection';
import { UsageError } from '../../../scripts/operator-commands';
import { formatLimits, parseProtectionCommand } from '../../../scripts/protection-commands';

vi.mock('../../../src/api/protection', () => ({
  getLimits: vi.fn(), saveLimit: vi.fn(), saveSessionLimit: vi.fn(), confirmLimitChange: vi.fn(), declineDepositPrompt: vi.fn(),
}));
vi.mock('../../../src/api/wallet', () => ({
  getPaymentMethods: vi.fn(), createDeposit: vi.fn(), getDeposit: vi.fn(),
}));

const api = await import('../../../src/api/protection');
const wallet = await import('../../../src/api/wallet');
const { ApiRequestError } = await import('../../../src/api/client');
const { limitsPage, parseMinutes } = await import('../../../src/stores/pages/limits');
const { depositPage, refusalOf } = await import('../../../src/stores/pages/deposit');
const { resetEnvironment, setEnvironment } = await import('../../../src/stores/kit/environment');

const HOUR = 3_600_000;
const EMPTY = { limits: [], session: null, depositPrompt: false, now: 1_000, currencySymbol: '$' };

afterEach(() => {
  vi.clearAllMocks();
  resetEnvironment();
});

describe('limit rules (docs/player-protection.md, RTS 12)', () => {
  it.each([
    // [in force, requested, how it applies]
    [null, 5_000, 'immediate'], // a first limit: at once
    [5_000, 3_000, 'immediate'], // a decrease: at once
    [5_000, 8_000, 'cooling_off'], // an increase: 24 hours, then a confirmation
    [5_000, null, 'cooling_off'], // a removal: 24 hours, then a confirmation
    [5_000, 5_000, 'unchanged'],
    [null, null, 'unchanged'],
  ] as const)('from %s to %s is %s', (current, requested, change) => {
    expect(limitChange(current, requested)).toBe(change);
  });

  it('uses rolling windows of 24 hours, 7 days and 30 days, and 24 hours of cooling-off', () => {
    expect(windowStart('day', 100 * HOUR)).toBe(76 * HOUR);
    expect(PERIOD_MS.week).toBe(7 * 24 * HOUR);
    expect(PERIOD_MS.month).toBe(30 * 24 * HOUR);
    expect(COOLING_OFF_MS).toBe(24 * HOUR);
    expect(confirmable(10, 9)).toBe(false);
    expect(confirmable(10, 10)).toBe(true);
    expect(confirmable(null, 10)).toBe(false);
    expect(remainingOf(3_000, 4_000)).toBe(0);
  });
});

describe('operator limits command', () => {
  it('parses and refuses', () => {
    expect(parseProtectionCommand(['limits', 'DEMO', 'ana'])).toEqual({ kind: 'limits', merchant: 'DEMO', username: 'ana' });
    expect(parseProtectionCommand(['list'])).toBeNull();
    expect(() => parseProtectionCommand(['limits', 'DEMO'])).toThrow(UsageError);
    expect(() => parseProtectionCommand(['limits', "DE'MO", 'ana'])).toThrow('merchant code expected');
  });

  it('lists the limits with their pending change and the history, newest first', () => {
    const text = formatLimits('ana (DEMO, member 7)', [
      { kind: 'deposit', period: 'day', value: 5_000, pending: { value: 8_000, requestedAt: 0, confirmableAt: 24 * HOUR }, updatedAt: 0 },
      { kind: 'session', period: 'session', value: 60, pending: null, updatedAt: 0 },
    ], [{ kind: 'deposit', period: 'day', action: 'increase_requested', oldValue: 5_000, newValue: 8_000, at: 0 }]);
    expect(text).toBe([
      'Limits of ana (DEMO, member 7):',
      '  deposit per 24 hours: 50.00  (raise to 80.00 requested 1970-01-01T00:00:00.000Z, confirmable from 1970-01-02T00:00:00.000Z)',
      '  session per session: 60 min',
      'History (newest first):',
      '  1970-01-01T00:00:00.000Z  deposit per 24 hours  increase_requested  50.00 → 80.00',
    ].join('\n'));
  });
});

describe('limits page store', () => {
  it('sends a typed limit and shows whether it is in force or pending; refuses an invalid one on the page', async () => {
    vi.mocked(api.getLimits).mockResolvedValue(EMPTY);
    const page = limitsPage();
    await page.open();
    page.setDraft('deposit.day', 'ten');
    await page.save('deposit.day');
    expect(page.$limits.get().error).toEqual({ slot: 'deposit.day', key: 'protection.invalidAmount' });
    expect(api.saveLimit).not.toHaveBeenCalled();

    vi.mocked(api.saveLimit).mockResolvedValue({ outcome: 'pending', limits: EMPTY });
    page.setDraft('deposit.day', '80.5');
    await page.save('deposit.day');
    expect(api.saveLimit).toHaveBeenCalledWith('deposit', 'day', 8_050);
    expect(page.$limits.get()).toMatchObject({ outcome: { slot: 'deposit.day', outcome: 'pending' }, drafts: { 'deposit.day': '' } });

    page.setDraft('session', '3');
    await page.save('session');
    expect(page.$limits.get().error?.key).toBe('protection.invalidMinutes');
    expect(parseMinutes('90')).toBe(90);

    vi.mocked(api.confirmLimitChange).mockRejectedValue(new ApiRequestError(409, 'limit_not_confirmable', { confirmableAt: 5 }));
    await page.confirm('deposit.day');
    expect(page.$limits.get().error).toEqual({ slot: 'deposit.day', key: 'error.limit_not_confirmable' });
    page.exit();
  });
});

describe('deposit page: the first-deposit limit step and limit refusals', () => {
  const METHODS = { currency: 'USD', currencySymbol: '$', template: 0 as const, methods: [{ methodCode: 'DEMO_BANK', displayName: 'Bank', minMinor: 1_000, maxMinor: 500_000 }] };

  it('asks for a deposit limit before the first order, then goes on with the deposit', async () => {
    setEnvironment({ navigate: vi.fn() });
    vi.mocked(wallet.getPaymentMethods).mockResolvedValue(METHODS);
    vi.mocked(api.getLimits).mockResolvedValue({ ...EMPTY, depositPrompt: true });
    vi.mocked(wallet.createDeposit).mockResolvedValue({ depositId: 1, methodCode: 'DEMO_BANK', amountMinor: 5_000, status: 'pending', createdAt: 1, expiresAt: 2, redirectUrl: 'http://x/pay', balanceMinor: null });
    const page = depositPage();
    await page.open('');
    expect(page.$deposit.get().prompt).toMatchObject({ shown: false, amountText: '' });
    page.setAmount('50');
    await page.submit();
    expect(page.$deposit.get().prompt?.shown).toBe(true);
    expect(wallet.createDeposit).not.toHaveBeenCalled();

    vi.mocked(api.declineDepositPrompt).mockResolvedValue(EMPTY);
    await page.promptNotNow();
    expect(page.$deposit.get().prompt).toBeNull();
    expect(wallet.createDeposit).toHaveBeenCalledWith(expect.objectContaining({ amountMinor: 5_000 }));
    page.exit();
  });

  it('keeps which limit refused a deposit, what is left and when more is', () => {
    expect(refusalOf({ kind: 'deposit', period: 'week', limit: 180, remaining: 30.5, resetsAt: 99 })).toEqual({ period: 'week', remainingMinor: 3_050, resetsAt: 99 });
    expect(refusalOf({ period: 'year', remaining: 1, resetsAt: 1 })).toBeNull();
  });
});
