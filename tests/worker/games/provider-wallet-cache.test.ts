import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { bonusOf, expectLedgerInvariants, moneyOf } from '../money-invariants';
import { launchSession, makeProvider, type ProviderStandIn } from './provider-standin';
import { putGameProvider } from '../../../worker/db/queries/provider-wallet';
import { updateBonusRules } from '../../../worker/db/queries/bonus-rules';
import { insertExclusionStatement } from '../../../worker/db/queries/protection-exclusions';
import { signedHeaders } from '../../../worker/services/wallet/payments/signature';

/**
 * The debit from cached reads (docs/game-providers.md "Wallet timing"): once a provider, a session and the site's
 * bonus rules were read, a debit is one D1 round trip, and whatever the cache could get wrong is still refused or
 * read afresh, because the debit's own batch checks it.
 */

/** The D1 binding with a count of its round trips (a statement run, or a batch). */
function countingDb(): { db: D1Database; trips: () => number } {
  let trips = 0;
  const watch = (statement: D1PreparedStatement): D1PreparedStatement => {
    const bind = statement.bind.bind(statement);
    const s = statement as unknown as Record<string, unknown>;
    s.bind = (...values: unknown[]) => watch(bind(...values));
    for (const name of ['first', 'run', 'all', 'raw'] as const) {
      const original = (statement[name] as (...a: unknown[]) => unknown).bind(statement);
      s[name] = (...a: unknown[]) => {
        trips += 1;
        return original(...a);
      };
    }
    return statement;
  };
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === 'prepare') return (sql: string) => watch(target.prepare(sql));
      if (property === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          trips += 1;
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, trips: () => trips };
}

/** Posts a signed debit with the given D1 binding and key (the provider's own by default). */
async function debit(provider: ProviderStandIn, body: Record<string, string>, options: { db?: D1Database; secretName?: string; secret?: string } = {}) {
  const text = JSON.stringify(body);
  const secret = options.secret ?? provider.secret;
  const res = await call<never>(`/wps/playdeck/games/wallet/${provider.code}/debit`, {
    method: 'POST', headers: { ...(await signedHeaders(secret, text, Date.now())), 'Content-Type': 'application/json' }, body: text,
    env: { [options.secretName ?? provider.secretName]: secret, ...(options.db ? { DB: options.db } : {}) },
  });
  return { status: res.status, body: res.body as unknown as Record<string, string> };
}

/** A provider, a member with `balanceMinor`, an authenticated session and one debit of 1.00 made (which fills the cache). */
async function warmed(balanceMinor = 5_000) {
  const provider = await makeProvider();
  const member = await createMember({ balanceMinor });
  const { sessionId, playerId } = await launchSession(provider, member.memberId);
  const base = { sessionId, playerId, gameCode: 'book', currency: 'USD', amount: '1.00' };
  expect((await debit(provider, { ...base, transactionId: 'w0', roundId: 'w0' })).status).toBe(200);
  return { provider, member, sessionId, base };
}

describe('wallet debit from cached reads (docs/game-providers.md "Wallet timing")', () => {
  it('is one D1 round trip once the provider, session and rules were read, and a repeat still answers the first result', async () => {
    const { provider, member, base } = await warmed();
    const counted = countingDb();
    const bet = await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1' }, { db: counted.db });
    expect(bet).toMatchObject({ status: 200, body: { status: 'OK', balance: '48.00', transactionId: 'd1' } });
    expect(counted.trips()).toBe(1);
    // The same id again: the batch's ledger key refuses it and the stored row answers (one more read).
    expect(await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1' })).toEqual(bet);
    const clash = await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1', amount: '2.00' });
    expect([clash.status, clash.body.errorCode]).toEqual([409, 'TRANSACTION_CONFLICT']);
    const broke = await debit(provider, { ...base, transactionId: 'd2', roundId: 'r2', amount: '48.01' });
    expect([broke.status, broke.body.errorCode, broke.body.balance]).toEqual([409, 'INSUFFICIENT_FUNDS', '48.00']);
    expect((await moneyOf(member.memberId)).entries).toBe(2);
    await expectLedgerInvariants(member.memberId, 5_000);
  });

  it('refuses a debit once the provider is switched off, though its row was cached', async () => {
    const { provider, member, base } = await warmed();
    await putGameProvider(env.DB, {
      merchantCode: 'DEMO', code: provider.code, name: 'Off', launchUrl: 'https://studio.example/launch', secretName: provider.secretName, currencies: ['USD'], enabled: false,
    }, Date.now());
    const off = await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1' });
    expect([off.status, off.body.errorCode]).toEqual([404, 'UNKNOWN_PROVIDER']);
    expect((await moneyOf(member.memberId)).entries).toBe(1);
    await expectLedgerInvariants(member.memberId, 5_000);
  });

  it('verifies with the new key once the provider names another secret, and refuses the old one', async () => {
    const { provider, base } = await warmed();
    const renamed = { secretName: `${provider.secretName}_NEW`, secret: `${provider.secret}-rotated` };
    await putGameProvider(env.DB, {
      merchantCode: 'DEMO', code: provider.code, name: 'Rotated', launchUrl: 'https://studio.example/launch', secretName: renamed.secretName, currencies: ['USD'], enabled: true,
    }, Date.now());
    const old = await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1' });
    expect([old.status, old.body.errorCode]).toEqual([401, 'INVALID_SIGNATURE']);
    expect((await debit(provider, { ...base, transactionId: 'd2', roundId: 'r2' }, renamed)).status).toBe(200);
  });

  it('refuses a debit of a session that expired while it was cached', async () => {
    const { provider, member, sessionId, base } = await warmed();
    await env.DB.prepare(`UPDATE provider_sessions SET session_expires_at = ? WHERE session_id = ?`).bind(Date.now() - 1, sessionId).run();
    const expired = await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1' });
    expect([expired.status, expired.body.errorCode]).toEqual([401, 'SESSION_EXPIRED']);
    expect((await moneyOf(member.memberId)).entries).toBe(1);
    await expectLedgerInvariants(member.memberId, 5_000);
  });

  it('refuses a debit of a session whose cached expiry has passed by the clock', async () => {
    const { provider, member, sessionId, base } = await warmed();
    await env.DB.prepare(`UPDATE provider_sessions SET session_expires_at = ? WHERE session_id = ?`).bind(Date.now() + 300, sessionId).run();
    // A balance call reads the session afresh, so the cache now holds the near expiry.
    expect((await provider.post('balance', { sessionId, playerId: base.playerId })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const expired = await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1' });
    expect([expired.status, expired.body.errorCode]).toEqual([401, 'SESSION_EXPIRED']);
    expect((await moneyOf(member.memberId)).entries).toBe(1);
  });

  it('refuses a debit of a player who took a break after the session was cached', async () => {
    const { provider, member, base } = await warmed();
    await insertExclusionStatement(env.DB, { merchantCode: 'DEMO', memberId: member.memberId }, {
      kind: 'break', startedAt: Date.now() - 1000, endsAt: Date.now() + 86_400_000, setBy: 'player',
    }).run();
    const blocked = await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1' });
    expect([blocked.status, blocked.body.errorCode]).toEqual([403, 'PLAYER_BLOCKED']);
    expect((await moneyOf(member.memberId)).entries).toBe(1);
    await expectLedgerInvariants(member.memberId, 5_000);
  });

  it('reads the bonus rules afresh when the site changed its contributions while they were cached', async () => {
    const { provider, member, base } = await warmed();
    // A bonus still being wagered (funded directly, as the fixtures fund cash), so the stake's share shows.
    await env.DB.prepare(`UPDATE wallets SET bonus_minor = 1000, wager_required_minor = 100000, wager_done_minor = 0 WHERE member_id = ?`).bind(member.memberId).run();
    await updateBonusRules(env.DB, 'DEMO', { contributions: JSON.stringify({ slot: 40 }) });
    try {
      const counted = countingDb();
      expect((await debit(provider, { ...base, transactionId: 'd1', roundId: 'r1' }, { db: counted.db })).status).toBe(200);
      // The batch found the contributions changed (nothing written), then the fresh reads and the debit.
      expect(counted.trips()).toBe(3);
      // A stake of 1.00 at the new 40 % counts 0.40 towards the wagering.
      expect((await bonusOf(member.memberId)).done).toBe(40);
      const again = countingDb();
      expect((await debit(provider, { ...base, transactionId: 'd2', roundId: 'r2' }, { db: again.db })).status).toBe(200);
      expect(again.trips()).toBe(1);
      // Three stakes of 1.00, paid in cash (cash first); the bonus was set after the first, so only cash is checked.
      expect(await moneyOf(member.memberId)).toEqual({ balance: 4_700, ledgerSum: -300, entries: 3 });
    } finally {
      await updateBonusRules(env.DB, 'DEMO', { contributions: '{}' });
    }
  });
});
