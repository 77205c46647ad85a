import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { issueRememberToken } from '../../../worker/services/accounts/remember-token';
import { operatorExclude, protectionOverview } from '../../../worker/services/protection/operator-exclusions';
import { startExclusion } from '../../../worker/services/protection/exclusions';
import { ApiError } from '../../../worker/lib/envelope';
import { askReopen, DAY, exclude, extraSession, HOUR, liveTokens, logIn, player, type BlockWire } from './exclusion-helpers';

const at = (moment: number) => new Date(moment);

describe('taking a break and self-excluding (docs/player-protection.md "Time-out and self-exclusion", RTS 14)', { timeout: 30_000 }, () => {
  it('a break is in force at once and ends every session and remember-me token of the player', async () => {
    const member = await player();
    const other = await extraSession(member);
    await issueRememberToken(env.DB, member.memberId, 'DEMO', Date.now());
    expect(await liveTokens(member.memberId)).toEqual({ sessions: 2, remember: 1 });

    const t0 = Date.now();
    const taken = await exclude(member.token, 'break', 'week', t0);
    expect(taken.status).toBe(200);
    expect(taken.body.value).toEqual({ kind: 'break', startedAt: t0, until: t0 + 7 * DAY });
    expect(await liveTokens(member.memberId)).toEqual({ sessions: 0, remember: 0 });
    // Both the tab that took the break and another device lose their session on their next call.
    for (const token of [member.token, other]) expect((await call('/wps/playdeck/protection/realityCheck', { token })).status).toBe(401);
  });

  it('each duration ends when the rule says (calendar months for a self-exclusion, none for permanent)', async () => {
    const t0 = Date.UTC(2026, 0, 31, 12);
    const cases: [string, string, number | null][] = [
      ['break', 'day', t0 + DAY], ['break', 'days30', t0 + 30 * DAY], ['break', 'weeks6', t0 + 42 * DAY],
      ['self_exclusion', 'months6', Date.UTC(2026, 6, 31, 12)], ['self_exclusion', 'years5', Date.UTC(2031, 0, 31, 12)],
      ['self_exclusion', 'permanent', null],
    ];
    for (const [kind, duration, until] of cases) {
      const member = await player();
      expect((await exclude(member.token, kind, duration, t0)).body.value?.until).toBe(until);
    }
    const member = await player();
    const wrong = await exclude(member.token, 'break', 'months6');
    expect([wrong.status, wrong.body.errorCode]).toEqual([400, 'request_param_err']);
    expect(await liveTokens(member.memberId)).toMatchObject({ sessions: 1 });
  });

  it('refuses log-in with the end date until the break ends, then lets the player in', async () => {
    const member = await player();
    const t0 = Date.now();
    await exclude(member.token, 'break', 'day', t0);
    const refused = await logIn(member.username, t0 + 23 * HOUR);
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'player_on_break']);
    expect(refused.body.value as unknown as BlockWire).toEqual({ kind: 'break', until: t0 + DAY, reopenable: false });
    expect(refused.body.message).toContain(at(t0 + DAY).toISOString());
    expect(await liveTokens(member.memberId)).toMatchObject({ sessions: 0 });

    const allowed = await logIn(member.username, t0 + DAY + 1);
    expect(allowed.status).toBe(200);
    expect(allowed.body.value.token).toBeTruthy();
  });

  it('refuses log-in of a permanent self-exclusion with no end date', async () => {
    const member = await player();
    await exclude(member.token, 'self_exclusion', 'permanent');
    const refused = await logIn(member.username, Date.now() + 20 * 365 * DAY);
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'player_self_excluded']);
    expect(refused.body.value as unknown as BlockWire).toEqual({ kind: 'self_exclusion', until: null, reopenable: false });
  });

  it('refuses the remember-me log-in too', async () => {
    const member = await player();
    const remembered = await issueRememberToken(env.DB, member.memberId, 'DEMO', Date.now());
    const token = await extraSession(member);
    // A remember-me token issued after the exclusion (never happens: all are revoked) must still not log in.
    await exclude(token, 'break', 'day');
    const fresh = await issueRememberToken(env.DB, member.memberId, 'DEMO', Date.now());
    const revoked = await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: remembered } });
    expect([revoked.status, revoked.body.errorCode]).toEqual([401, 'remember_invalid']);
    const refused = await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: fresh } });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'player_on_break']);
    expect(await liveTokens(member.memberId)).toMatchObject({ sessions: 0 });
  });

  it('never shortens: a new one must end later than the block in force, and the player cannot undo it', async () => {
    const member = await createMember();
    const who = { merchantCode: 'DEMO', memberId: member.memberId };
    const t0 = Date.now();
    await startExclusion(env.DB, who, { kind: 'break', duration: 'weeks6', setBy: 'player' }, t0);
    await expect(startExclusion(env.DB, who, { kind: 'break', duration: 'day', setBy: 'player' }, t0 + HOUR))
      .rejects.toMatchObject({ status: 409, errorCode: 'exclusion_not_longer', value: { kind: 'break', until: t0 + 42 * DAY } });
    const longer = await startExclusion(env.DB, who, { kind: 'self_exclusion', duration: 'months6', setBy: 'player' }, t0 + HOUR);
    expect(longer.until).toBeGreaterThan(t0 + 42 * DAY);
    await startExclusion(env.DB, who, { kind: 'self_exclusion', duration: 'permanent', setBy: 'player' }, t0 + 2 * HOUR);
    await expect(startExclusion(env.DB, who, { kind: 'self_exclusion', duration: 'permanent', setBy: 'player' }, t0 + 3 * HOUR))
      .rejects.toBeInstanceOf(ApiError);
    const rows = await env.DB.prepare(`SELECT kind, ends_at FROM protection_exclusions WHERE member_id = ? ORDER BY id`).bind(member.memberId).all();
    expect(rows.results.map((r) => r.kind)).toEqual(['break', 'self_exclusion', 'self_exclusion']);
  });
});

describe('reopening after a self-exclusion', { timeout: 30_000 }, () => {
  it('keeps the account closed after the end until the player asks, then opens it 24 hours later', async () => {
    const member = await player();
    const t0 = Date.now();
    const { body } = await exclude(member.token, 'self_exclusion', 'months6', t0);
    const end = body.value.until ?? 0;

    const during = await askReopen(member.username, end - HOUR);
    expect([during.status, during.body.errorCode]).toEqual([409, 'reopen_not_available']);

    const closed = await logIn(member.username, end + 30 * DAY);
    expect([closed.status, closed.body.errorCode]).toEqual([403, 'player_self_excluded']);
    expect(closed.body.value as unknown as BlockWire).toEqual({ kind: 'self_exclusion', until: null, reopenable: true });

    const wrongPassword = await askReopen(member.username, end + 30 * DAY, 'not-the-password');
    expect([wrongPassword.status, wrongPassword.body.errorCode]).toEqual([401, 'login.cred.err']);

    const asked = end + 30 * DAY;
    const reopen = await askReopen(member.username, asked);
    expect(reopen.status).toBe(200);
    expect(reopen.body.value).toEqual({ kind: 'self_exclusion', until: asked + DAY, reopenable: false });

    const waiting = await logIn(member.username, asked + 23 * HOUR);
    expect([waiting.status, (waiting.body.value as unknown as BlockWire).until]).toEqual([403, asked + DAY]);
    expect((await logIn(member.username, asked + DAY)).status).toBe(200);
  });
});

describe('operators set an exclusion on the player\'s request and see the history', { timeout: 30_000 }, () => {
  it('sets one with an audit row and ends the sessions, and refuses anything that would shorten one', async () => {
    const member = await player();
    const t0 = Date.now();
    const started = await operatorExclude(env.DB, {
      merchantCode: 'DEMO', username: member.username, kind: 'self_exclusion', duration: 'year1', reason: 'player asked by e-mail',
      operator: 'cli:test', operatorId: null,
    }, t0);
    expect(started.kind).toBe('self_exclusion');
    expect(await liveTokens(member.memberId)).toMatchObject({ sessions: 0 });
    const audit = await env.DB.prepare(`SELECT operator, action, reason, after_json AS after FROM console_audit WHERE target = ? ORDER BY id DESC`)
      .bind(`member:${member.username}`).first<Record<string, string>>();
    expect(audit).toMatchObject({ operator: 'cli:test', action: 'protection.exclude', reason: 'player asked by e-mail' });
    expect(JSON.parse(audit?.after ?? '{}')).toEqual({ kind: 'self_exclusion', duration: 'year1', until: started.until });

    await expect(operatorExclude(env.DB, {
      merchantCode: 'DEMO', username: member.username, kind: 'break', duration: 'weeks6', reason: 'player asked', operator: 'cli:test', operatorId: null,
    }, t0 + HOUR)).rejects.toMatchObject({ status: 409, errorCode: 'exclusion_not_longer' });
    await expect(operatorExclude(env.DB, {
      merchantCode: 'DEMO', username: member.username, kind: 'self_exclusion', duration: 'months6', reason: 'player asked', operator: 'cli:test', operatorId: null,
    }, t0 + HOUR)).rejects.toMatchObject({ errorCode: 'exclusion_not_longer' });
    await expect(operatorExclude(env.DB, {
      merchantCode: 'DEMO', username: member.username, kind: 'self_exclusion', duration: 'years2', reason: ' ', operator: 'cli:test', operatorId: null,
    }, t0 + HOUR)).rejects.toMatchObject({ status: 400 });

    const overview = await protectionOverview(env.DB, 'DEMO', member.username, t0 + HOUR);
    expect(overview.exclusions).toEqual([expect.objectContaining({ kind: 'self_exclusion', setBy: 'operator', operator: 'cli:test', reason: 'player asked by e-mail' })]);
    expect(overview.block).toEqual({ kind: 'self_exclusion', until: started.until, reopenable: false });
    expect(overview.cashMinor).toBe(100_000);
    await expect(protectionOverview(env.DB, 'DEMO2', member.username, t0)).rejects.toMatchObject({ status: 404 });
  });
});
