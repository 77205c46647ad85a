import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, parseWire } from '../helpers';
import { balanceOf, createMember } from '../fixtures';
import { ensureAccountSettings, registerMember, setSwitch } from '../accounts-fixtures';
import { expectLedgerInvariants } from '../money-invariants';
import { createDeposit, ledgerCount, postNotice } from '../payments-helpers';
import { rewardCalls } from '../../../contract/calls/rewards';
import { claimSignIn } from '../../../worker/services/rewards/rewards';
import { DEFAULT_REWARD_SETTINGS } from '../../../worker/services/rewards/reward-settings';
import { referralRewardOnFirstDeposit } from '../../../worker/services/rewards/referrals';
import { dayInZone } from '../../../rules/rewards';
import { decideAgentApplication } from '../../../worker/db/queries/operator-rewards';
import { decidePromotionApplication } from '../../../worker/services/rewards/promotion-decisions';

async function setPromotion(key: string, on: boolean): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO merchant_flags (merchant_code, kind, flag_key, value) VALUES ('DEMO', 'promotion', ?1, ?2)
     ON CONFLICT (merchant_code, kind, flag_key) DO UPDATE SET value = ?2`,
  ).bind(key, on ? 1 : 0).run();
}

const paid = (depositId: number, amountMinor: number, txn = `TX-R-${depositId}`) =>
  ({ depositId, providerTxnId: txn, status: 'paid' as const, amountMinor, currency: 'USD' });

/** A deposit the demo provider reports paid (the notice credits it). */
async function depositPaid(token: string, amount: number): Promise<number> {
  const created = await createDeposit(token, { amount });
  expect(created.status).toBe(200);
  const id = created.body.value.depositId;
  expect((await postNotice('DEMO_BANK', paid(id, Math.round(amount * 100)))).body.value.outcome).toBe('credited');
  return id;
}

beforeAll(async () => {
  await ensureAccountSettings();
  await env.DB.prepare(`DELETE FROM reward_settings WHERE merchant_code = 'DEMO'`).run();
});

afterEach(async () => {
  await Promise.all([setPromotion('LOGIN', true), setPromotion('MISSION', true), setPromotion('REFERRAL', true), setSwitch('REWCEN3', true)]);
});

describe('daily sign-in (issue 13, Daily sign-in)', { timeout: 30_000 }, () => {
  it('shows the calendar of the site day and pays the streak reward once a day through the ledger', async () => {
    const member = await createMember({ balanceMinor: 1_000 });
    const before = parseWire(rewardCalls.signInStatus.value, (await call('/wps/playdeck/rewards/signIn', { token: member.token })).body.value);
    expect(before).toMatchObject({ timeZone: 'UTC', signedToday: false, streak: 0, todayReward: 1, rewards: [1, 1, 2, 2, 3, 3, 10] });
    expect(before.today).toBe(dayInZone(Date.now(), 'UTC'));
    expect(before.monthDays).toContain(before.today);
    const claim = await call('/wps/playdeck/rewards/signIn', { method: 'POST', token: member.token });
    expect(claim.status).toBe(200);
    expect(parseWire(rewardCalls.signInClaim.value, claim.body.value)).toMatchObject({ day: before.today, streak: 1, reward: 1, balance: 11 });
    const again = await call('/wps/playdeck/rewards/signIn', { method: 'POST', token: member.token });
    expect([again.status, again.body.errorCode]).toEqual([409, 'already_signed_in']);
    const after = parseWire(rewardCalls.signInStatus.value, (await call('/wps/playdeck/rewards/signIn', { token: member.token })).body.value);
    expect(after).toMatchObject({ signedToday: true, streak: 1, todayReward: 0, signedDays: [before.today] });
    expect(await balanceOf(member.memberId)).toBe(1_100);
    expect(await ledgerCount(member.memberId, `sign-in:${before.today}`)).toBe(1);
    await expectLedgerInvariants(member.memberId, 1_000);
  });

  it('concurrent claims of the same day pay once', async () => {
    const member = await createMember();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('/wps/playdeck/rewards/signIn', { method: 'POST', token: member.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errorCode === 'already_signed_in')).toHaveLength(4);
    expect(await balanceOf(member.memberId)).toBe(100);
    await expectLedgerInvariants(member.memberId, 0);
  });

  it('consecutive days build the streak and a missed day restarts it (site time zone)', async () => {
    const member = await createMember();
    const settings = { ...DEFAULT_REWARD_SETTINGS, timeZone: 'Asia/Manila' };
    // 2026-03-01 16:30 UTC is already 2 March 00:30 in Manila (UTC+8).
    const day1 = Date.UTC(2026, 2, 1, 16, 30);
    expect((await claimSignIn(env.DB, member.memberId, settings, day1)).day).toBe('2026-03-02');
    const day2 = await claimSignIn(env.DB, member.memberId, settings, day1 + 86_400_000);
    expect([day2.day, day2.streak, day2.rewardMinor]).toEqual(['2026-03-03', 2, 100]);
    const day3 = await claimSignIn(env.DB, member.memberId, settings, day1 + 2 * 86_400_000);
    expect([day3.streak, day3.rewardMinor]).toEqual([3, 200]);
    const gap = await claimSignIn(env.DB, member.memberId, settings, day1 + 4 * 86_400_000);
    expect([gap.day, gap.streak, gap.rewardMinor]).toEqual(['2026-03-06', 1, 100]);
    await expect(claimSignIn(env.DB, member.memberId, settings, day1 + 4 * 86_400_000 + 3_600_000)).rejects.toMatchObject({ errorCode: 'already_signed_in' });
    expect(await balanceOf(member.memberId)).toBe(500);
    await expectLedgerInvariants(member.memberId, 0);
  });

  it('refuses visitors, trial accounts and a site with the LOGIN promotion off', async () => {
    expect((await call('/wps/playdeck/rewards/signIn')).status).toBe(401);
    expect((await call('/wps/playdeck/rewards/signIn', { method: 'POST' })).body.errorCode).toBe('customer.not.login');
    const trial = await createMember({ type: 4 });
    expect((await call('/wps/playdeck/rewards/signIn', { method: 'POST', token: trial.token })).body.errorCode).toBe('free_reject');
    const member = await createMember();
    await setPromotion('LOGIN', false);
    const off = await call('/wps/playdeck/rewards/signIn', { method: 'POST', token: member.token });
    expect([off.status, off.body.errorCode]).toEqual([400, 'function.not.available']);
    expect(await balanceOf(member.memberId)).toBe(0);
  });
});

describe('reward centre (issue 13, Reward centre)', { timeout: 30_000 }, () => {
  async function waitingReward(memberId: number, amountMinor: number, source: string): Promise<number> {
    const row = await env.DB.prepare(
      `INSERT INTO rewards (member_id, kind, source, amount_minor, title, created_at) VALUES (?, 'referral', ?, ?, 'friend_account', ?) RETURNING id`,
    ).bind(memberId, source, amountMinor, Date.now()).first<{ id: number }>();
    return row!.id;
  }

  it('lists waiting rewards and claims one into the wallet once, even when claims race', async () => {
    const member = await createMember({ balanceMinor: 200 });
    const id = await waitingReward(member.memberId, 750, 'referral:test-1');
    const list = parseWire(rewardCalls.rewardList.value, (await call('/wps/playdeck/rewards', { token: member.token })).body.value);
    expect(list.rewards).toEqual([expect.objectContaining({ rewardId: id, kind: 'referral', status: 'waiting', amount: 7.5, title: 'fr***t' })]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => call('/wps/playdeck/rewards/claim', { method: 'POST', token: member.token, json: { rewardId: id } })));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(parseWire(rewardCalls.rewardClaim.value, won[0]!.body.value)).toMatchObject({ balance: 9.5, reward: { status: 'claimed' } });
    expect(answers.filter((a) => a.body.errorCode === 'reward_claimed')).toHaveLength(3);
    const twice = await call('/wps/playdeck/rewards/claim', { method: 'POST', token: member.token, json: { rewardId: id } });
    expect([twice.status, twice.body.errorCode]).toEqual([409, 'reward_claimed']);
    expect(await balanceOf(member.memberId)).toBe(950);
    expect(await ledgerCount(member.memberId, `reward:${id}`)).toBe(1);
    await expectLedgerInvariants(member.memberId, 200);
  });

  it('an operator-approved promotion application becomes a reward that marks the application claimed', async () => {
    const member = await createMember();
    const promo = await env.DB.prepare(`SELECT id FROM announcements WHERE merchant_code = 'DEMO' LIMIT 1`).first<{ id: number }>();
    if (!promo) return;
    const app = await env.DB.prepare(
      `INSERT INTO promotion_applications (announcement_id, member_id, created_at) VALUES (?, ?, ?) RETURNING id`,
    ).bind(promo.id, member.memberId, Date.now()).first<{ id: number }>();
    await decidePromotionApplication(env.DB, {
      id: app!.id, merchantCode: 'DEMO', decision: 'approve', amountMinor: 1_250, reason: '', actor: { operatorId: null, operator: 'cli:test' },
    });
    const list = parseWire(rewardCalls.rewardList.value, (await call('/wps/playdeck/rewards', { token: member.token })).body.value);
    const reward = list.rewards.find((r) => r.kind === 'promotion');
    expect(reward).toMatchObject({ amount: 12.5, status: 'waiting' });
    expect((await call('/wps/playdeck/rewards/claim', { method: 'POST', token: member.token, json: { rewardId: reward!.rewardId } })).status).toBe(200);
    const status = await env.DB.prepare(`SELECT status FROM promotion_applications WHERE id = ?`).bind(app!.id).first<{ status: string }>();
    expect(status?.status).toBe('claimed');
    expect(await balanceOf(member.memberId)).toBe(1_250);
  });

  it('refuses others\' rewards, malformed ids, visitors, trial accounts and a site with REWCEN3 off', async () => {
    const owner = await createMember();
    const id = await waitingReward(owner.memberId, 100, 'referral:test-2');
    const other = await createMember();
    expect((await call('/wps/playdeck/rewards/claim', { method: 'POST', token: other.token, json: { rewardId: id } })).body.errorCode).toBe('reward_not_found');
    const bad = await call('/wps/playdeck/rewards/claim', { method: 'POST', token: other.token, json: { rewardId: 'x' } });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'request_param_err']);
    expect((await call('/wps/playdeck/rewards')).status).toBe(401);
    const trial = await createMember({ type: 4 });
    expect((await call('/wps/playdeck/rewards', { token: trial.token })).body.errorCode).toBe('free_reject');
    await setSwitch('REWCEN3', false);
    const off = await call('/wps/playdeck/rewards/claim', { method: 'POST', token: owner.token, json: { rewardId: id } });
    expect([off.status, off.body.errorCode]).toEqual([400, 'function.not.available']);
    expect(await balanceOf(owner.memberId)).toBe(0);
  });
});

describe('invite friends and the referral reward (issue 13, Invite friends)', { timeout: 60_000 }, () => {
  it('gives a personal code; a friend registered with it is linked, and the first deposit rewards the inviter once', async () => {
    const inviter = await createMember();
    const info = parseWire(rewardCalls.inviteInfo.value, (await call('/wps/playdeck/rewards/invite', { token: inviter.token })).body.value);
    expect(info.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(info).toMatchObject({ reward: 5, earned: 0, friends: [] });
    expect((await call(`/wps/agent/affiliate?code=${info.code.toLowerCase()}&domain=127.0.0.1`)).body.value).toEqual({ code: info.code });
    const friend = await registerMember({ affiliateCode: info.code });
    const linked = await env.DB.prepare(`SELECT id, referrer_id FROM members WHERE username = ?`).bind(friend.username.toLowerCase()).first<{ id: number; referrer_id: number }>();
    expect(linked?.referrer_id).toBe(inviter.memberId);
    const first = await depositPaid(friend.session.token, 20);
    await depositPaid(friend.session.token, 30);
    expect(await referralRewardOnFirstDeposit(env.DB, linked!.id, first)).toBe(false);
    const after = parseWire(rewardCalls.inviteInfo.value, (await call('/wps/playdeck/rewards/invite', { token: inviter.token })).body.value);
    expect(after.code).toBe(info.code);
    expect(after.friends).toEqual([expect.objectContaining({ reward: 5, rewardStatus: 'waiting' })]);
    expect(after.friends[0]!.name).toMatch(/\*\*\*/);
    expect(after.earned).toBe(5);
    const rewards = await env.DB.prepare(`SELECT COUNT(*) AS n FROM rewards WHERE member_id = ? AND kind = 'referral'`).bind(inviter.memberId).first<{ n: number }>();
    expect(rewards?.n).toBe(1);
  });

  it('two first deposits racing make one referral reward', async () => {
    const inviter = await createMember();
    const code = parseWire(rewardCalls.inviteInfo.value, (await call('/wps/playdeck/rewards/invite', { token: inviter.token })).body.value).code;
    const friend = await registerMember({ affiliateCode: code });
    const a = await createDeposit(friend.session.token, { amount: 15 });
    const b = await createDeposit(friend.session.token, { amount: 25 });
    await Promise.all([
      postNotice('DEMO_BANK', paid(b.body.value.depositId, 2_500)), postNotice('DEMO_BANK', paid(a.body.value.depositId, 1_500)),
      postNotice('DEMO_BANK', paid(a.body.value.depositId, 1_500)),
    ]);
    const rows = await env.DB.prepare(`SELECT amount_minor FROM rewards WHERE member_id = ? AND kind = 'referral'`).bind(inviter.memberId).all<{ amount_minor: number }>();
    expect(rows.results).toEqual([{ amount_minor: 500 }]);
  });

  it('refuses an unknown code at registration and a site with REFERRAL off', async () => {
    await expect(registerMember({ affiliateCode: 'NOSUCH99' })).rejects.toThrow(/invitation_code_error/);
    const member = await createMember();
    await setPromotion('REFERRAL', false);
    expect((await call('/wps/playdeck/rewards/invite', { token: member.token })).body.errorCode).toBe('function.not.available');
    const trial = await createMember({ type: 4 });
    await setPromotion('REFERRAL', true);
    expect((await call('/wps/playdeck/rewards/invite', { token: trial.token })).body.errorCode).toBe('free_reject');
  });
});

describe('agent registration (issue 13, Agent registration)', { timeout: 30_000 }, () => {
  const form = { fullName: 'Ana Cruz', contact: 'ana@example.com', channel: 'https://ana.example', expectedPlayers: 40, remark: 'Weekend streams' };

  it('files an application, refuses a second while pending, and an approved member is an agent with an affiliate code', async () => {
    const member = await createMember();
    expect(parseWire(rewardCalls.agentStatus.value, (await call('/wps/playdeck/rewards/agent', { token: member.token })).body.value))
      .toEqual({ isAgent: false, affiliateCode: null, application: null });
    const filed = await call('/wps/playdeck/rewards/agent', { method: 'POST', token: member.token, json: form });
    expect(parseWire(rewardCalls.agentApply.value, filed.body.value).application?.status).toBe('pending');
    const again = await call('/wps/playdeck/rewards/agent', { method: 'POST', token: member.token, json: form });
    expect([again.status, again.body.errorCode]).toEqual([409, 'agent_application_pending']);
    await decideAgentApplication(env.DB, member.memberId, 'approve', '', Date.now());
    const standing = parseWire(rewardCalls.agentStatus.value, (await call('/wps/playdeck/rewards/agent', { token: member.token })).body.value);
    expect(standing).toMatchObject({ isAgent: true, application: { status: 'approved' } });
    expect(standing.affiliateCode).toMatch(/^[A-Z0-9]{8}$/);
    expect((await call(`/wps/agent/affiliate?code=${standing.affiliateCode}`)).status).toBe(200);
    const after = await call('/wps/playdeck/rewards/agent', { method: 'POST', token: member.token, json: form });
    expect(after.body.errorCode).toBe('already_agent');
  });

  it('a rejected applicant may apply again; bad fields and trial accounts are refused', async () => {
    const member = await createMember();
    await call('/wps/playdeck/rewards/agent', { method: 'POST', token: member.token, json: form });
    await decideAgentApplication(env.DB, member.memberId, 'reject', 'No website', Date.now());
    const rejected = parseWire(rewardCalls.agentStatus.value, (await call('/wps/playdeck/rewards/agent', { token: member.token })).body.value);
    expect(rejected.application).toMatchObject({ status: 'rejected', reason: 'No website' });
    expect((await call('/wps/playdeck/rewards/agent', { method: 'POST', token: member.token, json: form })).status).toBe(200);
    const bad = await call('/wps/playdeck/rewards/agent', { method: 'POST', token: member.token, json: { ...form, expectedPlayers: 0, contact: '' } });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'request_param_err']);
    const trial = await createMember({ type: 4 });
    expect((await call('/wps/playdeck/rewards/agent', { method: 'POST', token: trial.token, json: form })).body.errorCode).toBe('free_reject');
    expect((await call('/wps/playdeck/rewards/agent', { method: 'POST', json: form })).status).toBe(401);
  });
});

describe('leaderboard (issue 13, Leaderboard)', { timeout: 30_000 }, () => {
  it('ranks the site\'s players by turnover of the period with masked names and the member\'s own rank', async () => {
    const big = await createMember();
    const small = await createMember();
    const node = await env.DB.prepare(`SELECT node_id FROM games LIMIT 1`).first<{ node_id: number }>();
    const now = Date.now();
    const round = (memberId: number, stake: number, win: number, key: string) =>
      env.DB.prepare(`INSERT INTO demo_rounds (member_id, node_id, stake_minor, win_minor, reels, idempotency_key, created_at) VALUES (?, ?, ?, ?, '[]', ?, ?)`)
        .bind(memberId, node!.node_id, stake, win, key, now).run();
    await round(big.memberId, 9_000_000, 0, 'lb1');
    await round(small.memberId, 8_000_000, 100, 'lb2');
    const board = parseWire(rewardCalls.leaderboard.value, (await call('/wps/playdeck/rewards/leaderboard', { token: small.token })).body.value);
    expect(board).toMatchObject({ metric: 'turnover', period: 'week' });
    expect(board.entries.slice(0, 2).map((e) => e.amount)).toEqual([90_000, 80_000]);
    expect(board.entries[0]!.name).toBe('fi***' + big.username.slice(-1));
    expect(board.mine).toEqual({ rank: 2, amount: 80_000 });
    const visitor = parseWire(rewardCalls.leaderboard.value, (await call('/wps/playdeck/rewards/leaderboard')).body.value);
    expect(visitor.mine).toBeNull();
    await setPromotion('MISSION', false);
    expect((await call('/wps/playdeck/rewards/leaderboard')).body.errorCode).toBe('function.not.available');
  });
});
