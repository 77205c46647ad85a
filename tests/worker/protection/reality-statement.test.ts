import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, parseWire } from '../helpers';
import { createMember } from '../fixtures';
import { protectionToolCalls } from '../../../contract/calls/protection-tools';
import { saveSiteProtectionSettings } from '../../../worker/db/queries/protection-tools';
import { statementCsv } from '../../../rules/statement';
import { at, pastLedgerEntry } from './protection-helpers';

const MINUTE = 60_000;
const DAY = 86_400_000;
const REALITY = '/wps/playdeck/protection/realityCheck';

/** The session's start of a member made now (its session row). */
async function sessionStart(memberId: number): Promise<number> {
  const row = await env.DB.prepare(`SELECT created_at FROM sessions WHERE member_id = ?`).bind(memberId).first<{ created_at: number }>();
  return row!.created_at;
}

function reality(token: string, moment?: number) {
  return call(REALITY, { token, headers: at(moment) }).then((r) => ({ status: r.status, value: r.body.value == null ? null : parseWire(protectionToolCalls.realityCheck.value, r.body.value), errorCode: r.body.errorCode }));
}

function continueCheck(token: string, moment?: number) {
  return call(`${REALITY}/continue`, { method: 'POST', token, json: {}, headers: at(moment) });
}

/** Writes a ledger entry of any kind for a member at `createdAt` (minor units signed). */
async function ledger(memberId: number, kind: string, amountMinor: number, createdAt: number): Promise<void> {
  const key = `stmt:${kind}:${createdAt}:${Math.random()}`;
  await env.DB.prepare(`INSERT INTO ledger_entries (member_id, amount_minor, balance_after_minor, kind, reference, idempotency_key, created_at)
    VALUES (?, ?, 0, ?, ?, ?, ?)`).bind(memberId, amountMinor, kind, key, key, createdAt).run();
}

describe('reality checks (docs/player-protection.md "Reality checks", RTS 13)', { timeout: 30_000 }, () => {
  it('is due one interval (the site default, 60 minutes) after the session started, however often the page reloads', async () => {
    const member = await createMember();
    const start = await sessionStart(member.memberId);
    const first = await reality(member.token, start + 10 * MINUTE);
    expect(first.value).toMatchObject({ intervalMinutes: 60, chosen: false, siteDefault: 60, offAllowed: false, sessionStartedAt: start, dueAt: start + 60 * MINUTE, playedMs: 10 * MINUTE });
    // A reload 30 minutes later asks again: the same due time, the clock did not restart.
    const reload = await reality(member.token, start + 40 * MINUTE);
    expect(reload.value).toMatchObject({ dueAt: start + 60 * MINUTE, playedMs: 40 * MINUTE, now: start + 40 * MINUTE });
  });

  it('takes "continue" only when due, and then the next check is one interval later', async () => {
    const member = await createMember();
    const start = await sessionStart(member.memberId);
    const early = await continueCheck(member.token, start + 59 * MINUTE);
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe('reality_check_not_due');
    const answered = await continueCheck(member.token, start + 61 * MINUTE);
    expect(answered.status).toBe(200);
    expect(parseWire(protectionToolCalls.realityCheckContinue.value, answered.body.value).dueAt).toBe(start + 121 * MINUTE);
    expect((await reality(member.token, start + 90 * MINUTE)).value?.dueAt).toBe(start + 121 * MINUTE);
    // A second "continue" before the next check is refused.
    expect((await continueCheck(member.token, start + 62 * MINUTE)).status).toBe(409);
  });

  it('follows the player\'s interval; "off" only where the site allows it', async () => {
    const member = await createMember();
    const start = await sessionStart(member.memberId);
    const fifteen = await call(REALITY, { method: 'POST', token: member.token, json: { minutes: 15 }, headers: at(start + MINUTE) });
    expect(fifteen.status).toBe(200);
    expect(parseWire(protectionToolCalls.realityCheckInterval.value, fifteen.body.value)).toMatchObject({ intervalMinutes: 15, chosen: true, dueAt: start + 15 * MINUTE });
    const off = await call(REALITY, { method: 'POST', token: member.token, json: { minutes: 0 } });
    expect(off.status).toBe(409);
    expect(off.body.errorCode).toBe('reality_check_off_not_allowed');
    expect((await call(REALITY, { method: 'POST', token: member.token, json: { minutes: 20 } })).status).toBe(400);

    await saveSiteProtectionSettings(env.DB, 'DEMO', { realityCheckDefault: 30, realityCheckOffAllowed: true, helpLinks: [] }, Date.now());
    try {
      const allowed = await call(REALITY, { method: 'POST', token: member.token, json: { minutes: 0 } });
      expect(allowed.status).toBe(200);
      expect(parseWire(protectionToolCalls.realityCheckInterval.value, allowed.body.value)).toMatchObject({ intervalMinutes: 0, dueAt: null });
      expect((await continueCheck(member.token)).status).toBe(409);
      // A new player of that site has the site's default.
      const other = await createMember();
      expect((await reality(other.token)).value?.intervalMinutes).toBe(30);
    } finally {
      await env.DB.prepare(`DELETE FROM protection_site_settings WHERE merchant_code = 'DEMO'`).run();
    }
  });

  it('shows the session\'s net result from the ledger: wins − bets since the session started', async () => {
    const member = await createMember({ balanceMinor: 10_000 });
    const start = await sessionStart(member.memberId);
    await pastLedgerEntry(member.memberId, 'bet', -5_000, start - 10 * MINUTE); // before the session: not counted
    await pastLedgerEntry(member.memberId, 'bet', -300, start + MINUTE);
    await pastLedgerEntry(member.memberId, 'win', 120, start + 2 * MINUTE);
    await pastLedgerEntry(member.memberId, 'bet', -200, start + 3 * MINUTE);
    await pastLedgerEntry(member.memberId, 'refund', 200, start + 4 * MINUTE);
    const answer = await reality(member.token, start + 5 * MINUTE);
    expect(answer.status).toBe(200);
    expect(answer.value?.netResult).toBe(-1.8);
  });

  it('needs a real session', async () => {
    expect((await call(REALITY)).status).toBe(401);
    const trial = await createMember({ type: 4 });
    expect((await reality(trial.token)).status).toBe(403);
  });
});

describe('activity statements (docs/player-protection.md "Statements")', { timeout: 30_000 }, () => {
  it('adds up the period\'s ledger and sessions, and its CSV carries the same figures', async () => {
    const member = await createMember();
    const day = Date.UTC(2026, 9, 10); // 2026-10-10
    await ledger(member.memberId, 'deposit', 10_000, day + 1_000);
    await ledger(member.memberId, 'deposit', 2_550, day + DAY + 1_000);
    await ledger(member.memberId, 'withdraw_hold', -4_000, day + 2_000);
    await ledger(member.memberId, 'withdraw_hold', -1_000, day + 3_000);
    await ledger(member.memberId, 'withdraw_release', 1_000, day + 4_000);
    await ledger(member.memberId, 'bet', -700, day + 5_000);
    await ledger(member.memberId, 'bet', -300, day + 6_000);
    await ledger(member.memberId, 'refund', 300, day + 7_000);
    await ledger(member.memberId, 'win', 1_250, day + 8_000);
    await ledger(member.memberId, 'welcome_bonus', 500, day + 9_000); // neither deposit nor play
    await ledger(member.memberId, 'deposit', 99_900, day + 3 * DAY); // after the period
    await ledger(member.memberId, 'bet', -99_900, day - 1); // before it
    // Two past sessions: 30 minutes logged out, and one running over the period's end (counted to its end).
    await env.DB.prepare(`INSERT INTO sessions (token_hash, member_id, merchant_code, created_at, last_seen_at, expires_at, revoked_at) VALUES
      (?1, ?2, 'DEMO', ?3, ?3, ?3 + 604800000, ?3 + 1800000), (?4, ?2, 'DEMO', ?5, ?5 + 7200000, ?5 + 604800000, NULL)`)
      .bind(`s1${member.memberId}`, member.memberId, day + HOUR(1), `s2${member.memberId}`, day + 2 * DAY - HOUR(1)).run();

    const answer = await call(`/wps/playdeck/protection/statement?from=2026-10-10&to=2026-10-11`, { token: member.token });
    expect(answer.status).toBe(200);
    const s = parseWire(protectionToolCalls.statement.value, answer.body.value);
    expect(s).toMatchObject({ from: '2026-10-10', to: '2026-10-11', deposits: 125.5, withdrawals: 40, netDeposits: 85.5, bets: 7, wins: 12.5, netResult: 5.5, sessions: 2, currencySymbol: '$' });
    expect(s.timePlayedMs).toBe(30 * MINUTE + 60 * MINUTE);

    const decoded = protectionToolCalls.statement.value.parse(answer.body.value);
    const csv = statementCsv(decoded, { period: 'Period', deposits: 'Deposits', withdrawals: 'Withdrawals', netDeposits: 'Net deposits', bets: 'Bets', wins: 'Wins', netResult: 'Net result', timePlayedMinutes: 'Time played (minutes)', sessions: 'Sessions' }, 'USD');
    expect(csv.split('\r\n')).toEqual([
      'Period,2026-10-10,2026-10-11', 'Deposits,125.50,USD', 'Withdrawals,40.00,USD', 'Net deposits,85.50,USD', 'Bets,7.00,USD',
      'Wins,12.50,USD', 'Net result,5.50,USD', 'Time played (minutes),90,', 'Sessions,2,', '',
    ]);
  });

  it('refuses a period that is no real range', async () => {
    const member = await createMember();
    for (const q of ['from=2026-10-11&to=2026-10-10', 'from=2026-02-30&to=2026-03-01', 'from=2024-01-01&to=2026-01-01', 'from=2999-01-01&to=2999-01-02']) {
      const answer = await call(`/wps/playdeck/protection/statement?${q}`, { token: member.token });
      expect(answer.status, q).toBe(400);
      expect(answer.body.errorCode, q).toBe('statement_period_invalid');
    }
    expect((await call(`/wps/playdeck/protection/statement?from=x&to=2026-01-01`, { token: member.token })).status).toBe(400);
  });

  it('asks for a review once per calendar month until a statement is viewed', async () => {
    const member = await createMember();
    const now = Date.UTC(2026, 10, 15);
    const prompt = (moment: number) => call<{ reviewDue: boolean }>('/wps/playdeck/protection/statement/prompt', { token: member.token, headers: at(moment) });
    expect((await prompt(now)).body.value?.reviewDue).toBe(true);
    expect((await call('/wps/playdeck/protection/statement?from=2026-10-01&to=2026-11-15', { token: member.token, headers: at(now) })).status).toBe(200);
    expect((await prompt(now + DAY)).body.value?.reviewDue).toBe(false);
    expect((await prompt(Date.UTC(2026, 11, 1))).body.value?.reviewDue).toBe(true);
  });
});

describe('help organisations (docs/player-protection.md "Responsible gambling page")', () => {
  it('answers the site\'s operator-set list to everyone', async () => {
    expect((await call<{ links: unknown[] }>('/wps/playdeck/protection/help')).body.value?.links).toEqual([]);
    await saveSiteProtectionSettings(env.DB, 'DEMO', { realityCheckDefault: 60, realityCheckOffAllowed: false, helpLinks: [{ name: 'Help line', url: 'https://help.example/' }] }, Date.now());
    try {
      expect((await call<{ links: unknown[] }>('/wps/playdeck/protection/help')).body.value?.links).toEqual([{ name: 'Help line', url: 'https://help.example/' }]);
    } finally {
      await env.DB.prepare(`DELETE FROM protection_site_settings WHERE merchant_code = 'DEMO'`).run();
    }
  });
});

function HOUR(n: number): number {
  return n * 3_600_000;
}
