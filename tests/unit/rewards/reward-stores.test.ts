import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

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
afterEach(() => vi.clearAllMocks());

describe('daily sign-in flow (issue 13, Daily sign-in)', () => {
  it('loads the calendar, signs in once and the balance takes the answer at once', async () => {
    vi.mocked(api.getSignIn).mockResolvedValueOnce(CALENDAR).mockResolvedValueOnce({ ...CALENDAR, signedToday: true, streak: 2, todayRewardMinor: 0, signedDays: ['2026-03-01', '2026-03-02'] });
    vi.mocked(api.signInToday).mockResolvedValueOnce({ day: '2026-03-02', streak: 2, rewardMinor: 100, balanceMinor: 5_100 });
    await rewards.loadSignIn();
    expect(rewards.$signIn.get()).toMatchObject({ phase: 'ready', view: { signedToday: false } });
    await rewards.signIn();
    expect($wallet.get()?.sumBalance).toBe(5_100);
    expect(rewards.$signIn.get()).toMatchObject({ phase: 'ready', paid: { rewardMinor: 100, streak: 2 }, view: { signedToday: true } });
    await rewards.signIn();
    expect(api.signInToday).toHaveBeenCalledTimes(1);
  });

  it('a second device that already signed in shows the translated refusal', async () => {
    vi.mocked(api.getSignIn).mockResolvedValue(CALENDAR);
    await rewards.loadSignIn();
    vi.mocked(api.signInToday).mockRejectedValueOnce(new ApiRequestError(409, 'already_signed_in', null));
    await rewards.signIn();
    expect(rewards.$signIn.get().error).toBe('signIn.already');
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
    await rewards.loadRewardCentre();
    const first = rewards.claimReward(4);
    await rewards.claimReward(4); // a second tap while the first runs sends nothing
    await first;
    expect(api.claimRewardById).toHaveBeenCalledTimes(1);
    expect($wallet.get()?.sumBalance).toBe(5_600);
    expect(rewards.$rewardCentre.get()).toMatchObject({ phase: 'ready', claimedMinor: 500, claiming: null, rewards: [{ status: 'claimed' }] });
  });

  it('a reward claimed elsewhere shows the refusal', async () => {
    vi.mocked(api.getRewards).mockResolvedValue([waiting]);
    await rewards.loadRewardCentre();
    vi.mocked(api.claimRewardById).mockRejectedValueOnce(new ApiRequestError(409, 'reward_claimed', null));
    await rewards.claimReward(4);
    expect(rewards.$rewardCentre.get().error).toBe('reward.alreadyClaimed');
  });
});

describe('leaderboard and invitation flows', () => {
  it('loads the board, and a switched-off programme fails with its message', async () => {
    const board = { metric: 'turnover' as const, period: 'week' as const, from: 0, to: 1, entries: [{ rank: 1, name: 'ab***c', amountMinor: 9 }], mine: { rank: 1, amountMinor: 9 } };
    vi.mocked(api.getLeaderboard).mockResolvedValueOnce(board).mockRejectedValueOnce(new ApiRequestError(400, 'function.not.available', null));
    await rewards.loadLeaderboard();
    expect(rewards.$leaderboard.get()).toEqual({ phase: 'ready', board, error: null });
    await rewards.loadLeaderboard();
    expect(rewards.$leaderboard.get()).toMatchObject({ phase: 'failed', error: 'error.feature_disabled' });
  });

  it('loads the invitation and builds the link the registration form checks', async () => {
    vi.mocked(api.getInvite).mockResolvedValueOnce({ code: 'ABCD2345', rewardMinor: 500, earnedMinor: 0, friends: [] });
    await referrals.loadInvite();
    expect(referrals.$invite.get()).toMatchObject({ phase: 'ready', info: { code: 'ABCD2345' } });
    expect(referrals.invitationLink('https://site.example', 'ABCD2345')).toBe('https://site.example/m/register?affiliateCode=ABCD2345');
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
    await referrals.loadAgent();
    await referrals.submitAgent();
    expect(referrals.$agent.get()).toMatchObject({ invalid: 'fullName', error: 'agent.fieldInvalid' });
    expect(api.applyForAgent).not.toHaveBeenCalled();
    referrals.setAgentField('fullName', ' Ana Cruz ');
    referrals.setAgentField('contact', 'ana@example.com');
    referrals.setAgentField('channel', 'https://ana.example');
    referrals.setAgentField('expectedPlayers', '40');
    const pending = { ...none, application: { status: 'pending' as const, reason: '', createdAt: 1, decidedAt: null } };
    vi.mocked(api.applyForAgent).mockResolvedValueOnce(pending);
    await referrals.submitAgent();
    expect(api.applyForAgent).toHaveBeenCalledWith({ fullName: 'Ana Cruz', contact: 'ana@example.com', channel: 'https://ana.example', expectedPlayers: 40, remark: '' });
    expect(referrals.$agent.get()).toMatchObject({ phase: 'ready', standing: pending, error: null });
  });
});
