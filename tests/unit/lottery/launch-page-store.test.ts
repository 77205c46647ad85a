import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The network: the lottery sheet and the recent-games call are stubbed; each test says what the server answers.
vi.mock('../../../src/api/lottery', () => ({ getLotteryGame: vi.fn() }));
vi.mock('../../../src/api/catalogue', () => ({ addRecentGame: vi.fn() }));

const { getLotteryGame } = await import('../../../src/api/lottery');
const { addRecentGame } = await import('../../../src/api/catalogue');
const { ApiRequestError } = await import('../../../src/api/client');
const { $session } = await import('../../../src/stores/concepts/session');
const { $openedPage } = await import('../../../src/stores/kit/navigation');
const { launchPage } = await import('../../../src/stores/pages/launchPage');
type LaunchPage = ReturnType<typeof launchPage>;

const member = { token: 'tok', userName: 'alice', type: 1, merchantCode: 'DEMO' };
const game = { nodeId: 41, gameId: 'VN01', gameName: 'Vietnam 1' } as never;
const search = '?playType=trad&gameId=VN01&prize_mode=M1&pageBack=1';

// A fresh visit of /m/launchGame per case (src/stores/kit/page.ts), left after it.
let page: LaunchPage;
beforeEach(() => {
  vi.resetAllMocks();
  $openedPage.set(null);
  $session.set(member as never);
  page = launchPage();
});
afterEach(() => {
  page.exit();
  $session.set(null);
});

describe('the launch page (player-shell §2 /m/launchGame)', () => {
  it('a visitor goes to log in', async () => {
    $session.set(null);
    await page.startLaunch(search);
    expect($openedPage.get()).toBe('/m/login');
  });

  it('checks the game, records it among the recent games and replaces the page by the lottery page', async () => {
    vi.mocked(getLotteryGame).mockResolvedValue(game);
    vi.mocked(addRecentGame).mockResolvedValue(undefined as never);
    await page.startLaunch(search);
    expect(addRecentGame).toHaveBeenCalledWith(41);
    expect(page.$launchStep.get()).toEqual({ kind: 'opening', game });
    expect($openedPage.get()).toMatch(/^\/m\/lotto-h5\/demo\/trad\/games\/VN01\?token=tok&merchant=DEMO/);
  });

  it('an unknown game ends in notFound, another failure in failed', async () => {
    vi.mocked(getLotteryGame).mockRejectedValueOnce(new ApiRequestError(404, 'game_not_found', null));
    await page.startLaunch(search);
    expect(page.$launchStep.get()).toEqual({ kind: 'notFound' });
    vi.mocked(getLotteryGame).mockRejectedValueOnce(new Error('offline'));
    await page.startLaunch(search);
    expect(page.$launchStep.get()).toEqual({ kind: 'failed' });
    expect($openedPage.get()).toBeNull();
  });

  it('a game checked after the page exits opens nothing', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(getLotteryGame).mockReturnValue(new Promise((resolve) => { answer = resolve; }) as never);
    const started = page.startLaunch(search);
    page.exit();
    answer(game);
    await started;
    expect(page.$launchStep.get()).toEqual({ kind: 'opening', game: null });
    expect(addRecentGame).not.toHaveBeenCalled();
    expect($openedPage.get()).toBeNull();
  });

  it('a failure answered after the page exits shows nothing', async () => {
    let fail: (error: unknown) => void = () => {};
    vi.mocked(getLotteryGame).mockReturnValue(new Promise((_resolve, reject) => { fail = reject; }) as never);
    const started = page.startLaunch(search);
    page.exit();
    fail(new Error('offline'));
    await started;
    expect(page.$launchStep.get()).toEqual({ kind: 'opening', game: null });
  });
});
