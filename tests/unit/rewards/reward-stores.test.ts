import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/rewards', () => ({
  getSignIn: vi.fn(), signInToday: vi.fn(), getLeaderboard: vi.fn(), getRewards: vi.fn(), claimRewardById: vi.fn(),
  getInvite: vi.fn(), getAgentStanding: vi.fn(), applyForAgent: vi.fn(),
}));
vi.mock('../../../src/api/accounts', () => ({ getWallet: vi.fn(), getMemberInfo: vi.fn(), logout: vi.fn() }));

const api = await import('../../../src/api/rewards');
const accounts = await import('../../../src/api/accounts');
const { ApiRequestError } = await import('../../../src/api/client');
const { $session } = await import('../../../src/stores/concepts/session');
const { $wallet } = await import('../../../src/stores/concepts/member');
const rewards = await import('../../../src/stores/pages/rewards');
const referrals = await import('../../../src/stores/pages/referrals');

const CALENDAR = {
  timeZone: 'UTC', today: '2026-03-02', signedToday: false, streak: 1, todayRewardMinor: 100, rewardsMinor: [100, 100, 200],
  signedDays: ['2026-03-01'], monthDays: ['2026-03-01', '2026-03-02'],
};

beforeAll(async () => {
  vi.mocked(accounts.getWallet).mockResolvedValue({ sumBalance: 5_000, currency: 'USD', currencySymbol: '$' });
  $session.set({ token: 't', userName: 'ana', type: 0, merchantCode: 'DEMO' } as never);
  $wallet.listen(() => undefined);
  await vi.waitFor(() => expect(accounts.getWallet).toHaveBeenCalled());
});
// A fresh visit of each page per case (src/stores/kit/page.ts), left after it.
let signInVisit: ReturnType<typeof rewards.signInPage>;
let centre: ReturnType<typeof rewards.rewardCentrePage>;
let leaderboard: ReturnType<typeof rewards.leaderboardPage>;
let invite: ReturnType<typeof referrals.invitePage>;
let agent: ReturnType<typeof referrals.agentPage>;
beforeEach(() => {
  signInVisit = rewards.signInPage();
  centre = rewards.rewardCentrePage();
  leaderboard = rewards.leaderboardPage();
  invite = referrals.invitePage();
  agent = referrals.agentPage();
});
afterEach(() => {
  for (const page of [signInVisit, centre, leaderboard, invite, agent]) page.exit();
  vi.clearAllMocks();
});

describe('daily sign-in flow (issue 13, Daily sign-in)', () => {
  it('loads the calendar, signs in once and the balance takes the answer at once', async () => {
    vi.mocked(api.getSignIn).mockResolvedValueOnce(CALENDAR).mockResolvedValueOnce({ ...CALENDAR, signedToday: true, streak: 2, todayRewardMinor: 0, signedDays: ['2026-03-01', '2026-03-02'] });
    vi.mocked(api.signInToday).mockResolvedValueOnce({ day: '2026-03-02', streak: 2, rewardMinor: 100, balanceMinor: 5_100 });
    await signInVisit.load();
    expect(signInVisit.$signIn.get()).toMatchObject({ phase: 'ready', view: { signedToday: false } });
    await signInVisit.signIn();
    expect($wallet.get()?.sumBalance).toBe(5_100);
    expect(signInVisit.$signIn.get()).toMatchObject({ phase: 'ready', paid: { rewardMinor: 100, streak: 2 }, view: { signedToday: true } });
    await signInVisit.signIn();
    expect(api.signInToday).toHaveBeenCalledTimes(1);
  });

  it('a second device that already signed in shows the translated refusal', async () => {
    vi.mocked(api.getSignIn).mockResolvedValue(CALENDAR);
    await signInVisit.load();
    vi.mocked(api.signInToday).mockRejectedValueOnce(new ApiRequestError(409, 'already_signed_in', null));
    await signInVisit.signIn();
    expect(signInVisit.$signIn.get().error).toBe('signIn.already');
  });

  it('maps failures to messages', () => {
    expect(rewards.rewardErrorOf('function.not.available')).toBe('error.feature_disabled');
    expect(rewards.rewardErrorOf('network')).toBe('error.network');
    expect(rewards.rewardErrorOf('reward_claimed')).toBe('reward.alreadyClaimed');
    expect(rewards.rewardErrorOf('anything')).toBe('rewards.failed');
  });
});

describe('reward centre flow (issue 13, Reward centre)', () => {
  const waiting = { rewardId: 4, kind: 'referral' as const, title: 'fr***d', amountMinor: 500, status: 'waiting' as const, createdAt: 1, claimedAt: null };

  it('claims a waiting reward once, moves the balance and reloads the list', async () => {
    vi.mocked(api.getRewards).mockResolvedValueOnce([waiting]).mockResolvedValueOnce([{ ...waiting, status: 'claimed', claimedAt: 2 }]);
    vi.mocked(api.claimRewardById).mockResolvedValueOnce({ reward: { ...waiting, status: 'claimed', claimedAt: 2 }, balanceMinor: 5_600 });
    await centre.load();
    const first = centre.claim(4);
    await centre.claim(4); // a second tap while the first runs sends nothing
    await first;
    expect(api.claimRewardById).toHaveBeenCalledTimes(1);
    expect($wallet.get()?.sumBalance).toBe(5_600);
    expect(centre.$rewardCentre.get()).toMatchObject({ phase: 'ready', claimedMinor: 500, claiming: null, rewards: [{ status: 'claimed' }] });
  });

  it('a reward claimed elsewhere shows the refusal', async () => {
    vi.mocked(api.getRewards).mockResolvedValue([waiting]);
    await centre.load();
    vi.mocked(api.claimRewardById).mockRejectedValueOnce(new ApiRequestError(409, 'reward_claimed', null));
    await centre.claim(4);
    expect(centre.$rewardCentre.get().error).toBe('reward.alreadyClaimed');
  });
});

describe('leaderboard and invitation flows', () => {
  it('loads the board, and a switched-off programme fails with its message', async () => {
    const board = { metric: 'turnover' as const, period: 'week' as const, from: 0, to: 1, entries: [{ rank: 1, name: 'ab***c', amountMinor: 9 }], mine: { rank: 1, amountMinor: 9 } };
    vi.mocked(api.getLeaderboard).mockResolvedValueOnce(board).mockRejectedValueOnce(new ApiRequestError(400, 'function.not.available', null));
    await leaderboard.load();
    expect(leaderboard.$leaderboard.get()).toEqual({ phase: 'ready', board, error: null });
    await leaderboard.load();
    expect(leaderboard.$leaderboard.get()).toMatchObject({ phase: 'failed', error: 'error.feature_disabled' });
  });

  it('loads the invitation and builds the link the registration form checks', async () => {
    vi.mocked(api.getInvite).mockResolvedValueOnce({ code: 'ABCD2345', rewardMinor: 500, earnedMinor: 0, friends: [] });
    await invite.load();
    expect(invite.$invite.get()).toMatchObject({ phase: 'ready', info: { code: 'ABCD2345' } });
    expect(referrals.invitationLink('https://site.example', 'ABCD2345')).toBe('https://site.example/m/register?affiliateCode=ABCD2345');
  });
});

describe('leaving a rewards page', () => {
  it('drops a calendar, a claim\'s answer and a standing that arrive after the page was left; the claim\'s balance still counts', async () => {
    let calendar: (v: never) => void = () => undefined;
    vi.mocked(api.getSignIn).mockImplementationOnce(() => new Promise((resolve) => { calendar = resolve; }));
    const loading = signInVisit.load();
    signInVisit.exit();
    calendar(CALENDAR as never);
    await loading;
    expect(signInVisit.$signIn.get()).toMatchObject({ phase: 'loading', view: null });

    vi.mocked(api.getRewards).mockResolvedValueOnce([{ rewardId: 4, status: 'waiting', amountMinor: 500 }] as never);
    await centre.load();
    let claimed: (v: never) => void = () => undefined;
    vi.mocked(api.claimRewardById).mockImplementationOnce(() => new Promise((resolve) => { claimed = resolve; }));
    const claiming = centre.claim(4);
    centre.exit();
    claimed({ reward: { amountMinor: 500 }, balanceMinor: 7_500 } as never);
    await claiming;
    expect(centre.$rewardCentre.get()).toMatchObject({ claiming: 4, claimedMinor: null });
    expect(api.getRewards).toHaveBeenCalledTimes(1);
    expect($wallet.get()?.sumBalance).toBe(7_500);

    let standing: (v: never) => void = () => undefined;
    vi.mocked(api.getAgentStanding).mockImplementationOnce(() => new Promise((resolve) => { standing = resolve; }));
    const agentLoading = agent.load();
    agent.exit();
    standing({ isAgent: true, affiliateCode: 'X', application: null } as never);
    await agentLoading;
    expect(agent.$agent.get().standing).toBeNull();
  });
});

describe('agent application flow (issue 13, Agent registration)', () => {
  const none = { isAgent: false, affiliateCode: null, application: null };

  it.each([
    [{ fullName: 'A', contact: 'ana@example.com', channel: 'web', expectedPlayers: '10', remark: '' }, 'fullName'],
    [{ fullName: 'Ana', contact: 'ana', channel: 'web', expectedPlayers: '10', remark: '' }, 'contact'],
    [{ fullName: 'Ana', contact: 'ana@example.com', channel: 'w', expectedPlayers: '10', remark: '' }, 'channel'],
    [{ fullName: 'Ana', contact: 'ana@example.com', channel: 'web', expectedPlayers: '0', remark: '' }, 'expectedPlayers'],
    [{ fullName: 'Ana', contact: 'ana@example.com', channel: 'web', expectedPlayers: 'ten', remark: '' }, 'expectedPlayers'],
    [{ fullName: 'Ana', contact: 'ana@example.com', channel: 'web', expectedPlayers: '10', remark: '' }, null],
  ])('%j → invalid %j', (form, invalid) => {
    expect(referrals.invalidAgentField(form)).toBe(invalid);
  });

  it('checks the fields first, then files the application and shows it waiting', async () => {
    vi.mocked(api.getAgentStanding).mockResolvedValue(none);
    await agent.load();
    await agent.submit();
    expect(agent.$agent.get()).toMatchObject({ invalid: 'fullName', error: 'agent.fieldInvalid' });
    expect(api.applyForAgent).not.toHaveBeenCalled();
    agent.setField('fullName', ' Ana Cruz ');
    agent.setField('contact', 'ana@example.com');
    agent.setField('channel', 'https://ana.example');
    agent.setField('expectedPlayers', '40');
    const pending = { ...none, application: { status: 'pending' as const, reason: '', createdAt: 1, decidedAt: null } };
    vi.mocked(api.applyForAgent).mockResolvedValueOnce(pending);
    await agent.submit();
    expect(api.applyForAgent).toHaveBeenCalledWith({ fullName: 'Ana Cruz', contact: 'ana@example.com', channel: 'https://ana.example', expectedPlayers: 40, remark: '' });
    expect(agent.$agent.get()).toMatchObject({ phase: 'ready', standing: pending, error: null });
  });
});
