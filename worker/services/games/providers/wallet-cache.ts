/**
 * What the signed wallet keeps per isolate so that a debit is one D1 round trip in the common case
 * (docs/game-providers.md "Wallet timing"): the provider row, an authenticated game session and the site's bonus
 * contributions, each for WALLET_CACHE_TTL_MS after it was read (like the host → site cache). Nothing here is
 * trusted on its own: a debit made from these reads writes a transaction row that checks every one of them inside
 * its batch (LiveCheck, worker/db/queries/provider-wallet.ts), so a provider switched off, a key renamed, a session
 * expired or gone, or contributions changed abort the batch and the call is made again from fresh reads.
 */
import type { GameProvider, ProviderSession } from '../../../db/queries/provider-wallet';
import { bonusRulesOf, type BonusRules } from '../../../model/bonus-rules';

/** How long a read is kept (ms). */
export const WALLET_CACHE_TTL_MS = 30_000;
/** How many entries each cache keeps at most (the oldest is dropped first). */
const MAX_ENTRIES = 2_000;

class TimedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until: now + WALLET_CACHE_TTL_MS });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** A site's bonus rules as a debit uses them, with the stored contributions text its batch compares (null: no row). */
export interface CachedBonusRules {
  rules: BonusRules;
  contributions: string | null;
}

const providers = new TimedCache<GameProvider>();
const sessions = new TimedCache<ProviderSession>();
const bonusRules = new TimedCache<CachedBonusRules>();

const providerKey = (where: { merchantCode: string; providerCode: string }) => `${where.merchantCode}\n${where.providerCode}`;
const sessionKey = (where: { merchantCode: string; providerCode: string }, sessionId: string) => `${providerKey(where)}\n${sessionId}`;

/** The cached reads a debit of `sessionId` needs, or null when any is missing (or older than the TTL). */
export function cachedDebitReads(
  where: { merchantCode: string; providerCode: string }, sessionId: string, now: number,
): { provider: GameProvider; session: ProviderSession; bonus: CachedBonusRules } | null {
  const provider = providers.get(providerKey(where), now);
  const session = sessions.get(sessionKey(where, sessionId), now);
  const bonus = bonusRules.get(where.merchantCode, now);
  return provider && session && bonus ? { provider, session, bonus } : null;
}

/**
 * Keeps what a fresh read found: an enabled provider, an authenticated session (one with a session id) and, when
 * read, the site's bonus_rules row (`undefined`: not read; null: the site has none). Anything else is dropped.
 */
export function rememberWalletReads(
  where: { merchantCode: string; providerCode: string },
  reads: { provider?: GameProvider | null; session?: ProviderSession | null; bonusRulesRow?: Record<string, string | number> | null },
  now: number,
): void {
  if (reads.provider !== undefined) {
    if (reads.provider?.enabled) providers.set(providerKey(where), reads.provider, now);
    else providers.delete(providerKey(where));
  }
  if (reads.session?.sessionId) sessions.set(sessionKey(where, reads.session.sessionId), reads.session, now);
  if (reads.bonusRulesRow !== undefined) {
    const row = reads.bonusRulesRow;
    bonusRules.set(where.merchantCode, { rules: bonusRulesOf(row), contributions: row ? String(row.contributions) : null }, now);
  }
}

/** Drops what a debit from cached reads found stale (its batch's check failed): the provider, the session, the rules. */
export function forgetWalletReads(where: { merchantCode: string; providerCode: string }, sessionId: string): void {
  providers.delete(providerKey(where));
  sessions.delete(sessionKey(where, sessionId));
  bonusRules.delete(where.merchantCode);
}
