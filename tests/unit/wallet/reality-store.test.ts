import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/protection-tools', () => ({
  getRealityCheck: vi.fn(), continueRealityCheck: vi.fn(), saveRealityCheckInterval: vi.fn(), getStatement: vi.fn(),
  getStatementPrompt: vi.fn(), getHelpOrganisations: vi.fn(),
}));

const api = await import('../../../src/api/protection-tools');
const { $session } = await import('../../../src/stores/concepts/session');
const { $realityCheck, continueAfterRealityCheck, watchRealityCheck } = await import('../../../src/stores/concepts/realityCheck');

const MINUTE = 60_000;
/** A reality check as the server answers it, `dueIn` ms after its now. */
const check = (now: number, dueIn: number | null) => ({
  intervalMinutes: 15, chosen: true, siteDefault: 60, offAllowed: false, sessionStartedAt: 0, dueAt: dueIn === null ? null : now + dueIn,
  now, playedMs: now, netResult: -250, currencySymbol: '$',
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  $realityCheck.set(null);
  $session.set(null);
});

describe('the reality check store (docs/player-protection.md "Reality checks")', () => {
  it('asks once, waits by the server\'s clock with one timer, reads again and shows the check when due', async () => {
    vi.useFakeTimers();
    $session.set({ token: 't', merchantCode: 'DEMO', userName: 'u', type: 0, firstTimeLogin: false });
    vi.mocked(api.getRealityCheck).mockResolvedValueOnce(check(5 * MINUTE, 10 * MINUTE)).mockResolvedValueOnce(check(15 * MINUTE, 0));
    await watchRealityCheck();
    expect(api.getRealityCheck).toHaveBeenCalledTimes(1);
    expect($realityCheck.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(api.getRealityCheck).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.getRealityCheck).toHaveBeenCalledTimes(2);
    expect($realityCheck.get()).toMatchObject({ playedMs: 15 * MINUTE, netResult: -250 });

    // "Continue" closes it and waits one interval for the next.
    vi.mocked(api.continueRealityCheck).mockResolvedValueOnce(check(15 * MINUTE, 15 * MINUTE));
    vi.mocked(api.getRealityCheck).mockResolvedValueOnce(check(30 * MINUTE, 0));
    await continueAfterRealityCheck();
    expect($realityCheck.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect($realityCheck.get()).toMatchObject({ playedMs: 30 * MINUTE });
  });

  it('does nothing without a session or for a trial account, and sets no timer when checks are off', async () => {
    vi.useFakeTimers();
    await watchRealityCheck();
    $session.set({ token: 't', merchantCode: 'DEMO', userName: 'u', customerType: 4, firstTimeLogin: false });
    await watchRealityCheck();
    expect(api.getRealityCheck).not.toHaveBeenCalled();
    $session.set({ token: 't', merchantCode: 'DEMO', userName: 'u', type: 0, firstTimeLogin: false });
    vi.mocked(api.getRealityCheck).mockResolvedValue(check(MINUTE, null));
    await watchRealityCheck();
    await vi.advanceTimersByTimeAsync(120 * MINUTE);
    expect(api.getRealityCheck).toHaveBeenCalledTimes(1);
    expect($realityCheck.get()).toBeNull();
  });
});
