import { outcomeUnknown } from '../../api/client';
import type { MessageKey } from '../../../rules/i18n';
import { balanceMoved } from './balance';

/**
 * Money and play actions whose answer never came (docs/upstream-mode.md, "When the platform is slow, down or wrong"): a deposit,
 * withdrawal, lottery order or cancel, reward claim or sign-in that timed out, lost its connection or got 502
 * `upstream_unavailable` may still have run on the platform (it can apply a call after PlayDeck's deadline), so the
 * player is told the outcome is being checked — never that it failed — and the balance and the action's orders are
 * read again. The action keeps its idempotency key, so sending it again cannot apply it twice.
 */

/** The message shown while an action's outcome is being checked. */
export const OUTCOME_CHECKING: MessageKey = 'error.outcome_checking';

export { outcomeUnknown };

/**
 * Reads the balance again (balance.ts balanceMoved without an amount: the wallet is fetched at once) and runs each
 * `reload` (the action's orders or list), waiting for all; a reload that fails is ignored (its screen keeps what
 * it shows, and its own tick reads again).
 */
export async function recheckAfterUnknownOutcome(...reloads: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  balanceMoved();
  await Promise.all(reloads.map((reload) => reload().catch(() => undefined)));
}
