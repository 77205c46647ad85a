/**
 * Where a money limit's use is read (docs/player-protection.md): in built-in mode from the ledger and the deposit
 * orders, in upstream mode from the edge's record of the deposits and lottery bets it forwarded ("Upstream mode").
 * The limits page, the refusals and the guards read it through this one shape. Money is integer minor units.
 */
import type { LimitPeriod, MoneyLimitKind } from '../../../rules/protection';
import { MONEY_LIMIT_KINDS } from '../../../rules/protection';
import { hasAnyDeposit, windowUse, type ProtectedMember, type WindowUse } from '../../db/queries/protection';
import { upstreamWindowUse } from '../../db/queries/upstream-protection';

/** A member's limit use, by source. */
export interface LimitUsage {
  /** The money limit kinds this source can enforce (the others are not offered). */
  kinds: readonly MoneyLimitKind[];
  /** The use of one kind over a period's window ending at `now`. */
  windowUse(kind: MoneyLimitKind, period: LimitPeriod, now: number): Promise<WindowUse>;
  /** Whether the first-deposit prompt still applies (no deposit yet, and PlayDeck's deposit page takes deposits). */
  promptsAtFirstDeposit(): Promise<boolean>;
}

/** Built-in mode: every kind, from the ledger and the deposit orders. */
export function builtInUsage(db: D1Database, who: ProtectedMember): LimitUsage {
  return {
    kinds: MONEY_LIMIT_KINDS,
    windowUse: (kind, period, now) => windowUse(db, who.memberId, kind, period, now),
    promptsAtFirstDeposit: async () => !(await hasAnyDeposit(db, who.memberId)),
  };
}

/**
 * The money limit kinds the edge enforces in upstream mode: deposits (the deposit calls it forwards) and wagers (the
 * lottery bets it forwards). Losses need the platform's bet results, which the edge does not see.
 */
export const UPSTREAM_LIMIT_KINDS: readonly MoneyLimitKind[] = ['deposit', 'wager'];

/**
 * Upstream mode: deposit and wager limits from the edge's record (db/queries/upstream-protection.ts); no loss use.
 * The first-deposit prompt belongs to PlayDeck's deposit page, which upstream mode does not serve.
 */
export function upstreamUsage(db: D1Database, who: ProtectedMember): LimitUsage {
  return {
    kinds: UPSTREAM_LIMIT_KINDS,
    windowUse: (kind, period, now) =>
      kind === 'loss' ? Promise.resolve({ used: 0, oldestAt: null }) : upstreamWindowUse(db, who, kind === 'deposit' ? 'deposit' : 'bet', period, now),
    promptsAtFirstDeposit: () => Promise.resolve(false),
  };
}
