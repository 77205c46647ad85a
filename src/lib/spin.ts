import type { MessageKey } from '../../rules/i18n';

/**
 * Demo round rules (slot spins and the fair games' rounds) (docs/design.md Money: "a retried request with the same idempotency key changes nothing
 * twice"): every new spin gets a fresh key; a retry after a lost answer reuses the key of the spin it retries.
 */

/** One spin as sent: its idempotency key, game and stake in minor units. */
export interface SpinAttempt {
  key: string;
  nodeId: number;
  stakeMinor: number;
}

/**
 * The spin to send now: the pending (unanswered) spin of this game when there is one — same key, same stake —
 * otherwise a new spin with a fresh key.
 */
export function nextSpin(pending: SpinAttempt | null, nodeId: number, stakeMinor: number, freshKey: () => string): SpinAttempt {
  if (pending && pending.nodeId === nodeId) return pending;
  return { key: freshKey(), nodeId, stakeMinor };
}

/**
 * Whether a failed spin stays pending for a retry with the same key: when the answer was lost (network) or the
 * server failed (5xx), the spin may have been settled, so only the same key may be sent again. A refusal (4xx,
 * e.g. insufficient_balance) settled nothing; the next spin is a new one.
 */
export function keepForRetry(status: number, code: string): boolean {
  return code === 'network' || status === 0 || status >= 500;
}

/** True when the balance covers the stake (the Spin button is disabled otherwise). */
export function canAfford(balanceMinor: number | null, stakeMinor: number | null): boolean {
  return balanceMinor !== null && stakeMinor !== null && stakeMinor > 0 && balanceMinor >= stakeMinor;
}

/**
 * The message a refused or failed demo round shows, by its errorCode: insufficient_balance, network, the logout
 * codes (log in again), game_not_found, vendor_maintenance, free_reject (a trial account may not play this game for
 * money); anything else is the generic failure.
 */
export function roundErrorKey(code: string): MessageKey {
  if (code === 'insufficient_balance') return 'slot.insufficient';
  if (code === 'network') return 'slot.network';
  if (code === 'customer.not.login' || code === 'user.or.token.invalid') return 'slot.login';
  if (code === 'game_not_found') return 'slot.notFound';
  if (code === 'vendor_maintenance') return 'launch.error.vendor_maintenance';
  if (code === 'free_reject') return 'free_reject';
  // A limit the player set (docs/player-protection.md): the limits page says what is left and when.
  if (code === 'loss_limit_exceeded' || code === 'wager_limit_exceeded') return `error.${code}`;
  return 'slot.failed';
}
