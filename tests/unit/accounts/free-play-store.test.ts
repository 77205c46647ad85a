import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FreePlayPage } from '../../../src/stores/pages/freePlay';

// The network: the two free-play calls are stubbed; each test says what the server answers.
vi.mock('../../../src/api/accounts', () => ({ freePlay: vi.fn(), loginAsTrialUser: vi.fn() }));

const api = await import('../../../src/api/accounts');
const { ApiRequestError } = await import('../../../src/api/client');
const { $session } = await import('../../../src/stores/concepts/session');
const { $openedPage } = await import('../../../src/stores/kit/navigation');
const { $toast } = await import('../../../src/stores/concepts/toast');
const { freePlayPage } = await import('../../../src/stores/pages/freePlay');

const trial = { token: 'trial-tok', userName: 'guest1', type: 4, merchantCode: 'demo' };

// A fresh visit of the page showing the action (the login card, /m/trail) per case, left after it.
let page: FreePlayPage;
beforeEach(() => {
  vi.resetAllMocks();
  $session.set(null);
  $openedPage.set(null);
  page = freePlayPage();
});
afterEach(() => page.exit());

describe('free play (accounts §4 Free play)', () => {
  it('opens the trial session and goes home; a second tap meanwhile does nothing', async () => {
    vi.mocked(api.freePlay).mockResolvedValue(trial as never);
    const started = page.startFreePlay();
    expect(page.$freePlayBusy.get()).toBe(true);
    await page.startFreePlay();
    await started;
    expect(api.freePlay).toHaveBeenCalledTimes(1);
    expect($session.get()?.token).toBe('trial-tok');
    expect($openedPage.get()).toBe('/m/home');
  });

  it('the trial flow of /m/trail asks for a trial user; a refusal shows its message and re-enables the button', async () => {
    vi.mocked(api.loginAsTrialUser).mockRejectedValue(new ApiRequestError(400, 'function.not.available', null));
    await page.startFreePlay('trial');
    expect(api.loginAsTrialUser).toHaveBeenCalled();
    expect(page.$freePlayBusy.get()).toBe(false);
    expect($toast.get()).toMatchObject({ kind: 'error' });
    expect($openedPage.get()).toBeNull();
  });

  it('a trial session answered after the page exits is kept, but nothing goes home', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(api.freePlay).mockReturnValue(new Promise((resolve) => { answer = resolve; }) as never);
    const started = page.startFreePlay();
    page.exit();
    answer(trial);
    await started;
    expect($session.get()?.token).toBe('trial-tok');
    expect($openedPage.get()).toBeNull();
  });

  it('a refusal answered after the page exits shows no message', async () => {
    let fail: (error: unknown) => void = () => {};
    vi.mocked(api.freePlay).mockReturnValue(new Promise((_resolve, reject) => { fail = reject; }) as never);
    const started = page.startFreePlay();
    page.exit();
    fail(new ApiRequestError(400, 'function.not.available', null));
    await started;
    expect($toast.get()?.kind).not.toBe('error');
  });
});
