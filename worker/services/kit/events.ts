/**
 * Domain events: a tiny typed seam so one domain reacts to another's facts without importing it (docs/design.md,
 * Where things live). The domain where a fact happens `emit`s it; a domain that cares subscribes with `on`, and
 * the worker's assembly (worker/index.ts) wires the subscriptions once per isolate. Handlers run in the order
 * they were registered, one after another, awaited by `emit`; a handler's error propagates to the emitter (it
 * is not swallowed), so the emitter's caller sees it as it would a direct call.
 *
 * Delivery is at most once per `emit`: the emitter decides when a fact is new (e.g. a deposit credited now, not
 * a replayed notice) and emits it once; handlers must still be idempotent in the database (a unique key), since
 * the fact's own write has already committed when they run and a failed handler is not retried.
 */

/** Every domain event by name, with its payload. Amounts are integer minor units. */
export interface DomainEvents {
  /**
   * A deposit was credited to a member's wallet (issue 13, Wallet and payments): emitted by
   * worker/services/wallet/deposits.ts exactly once per deposit, after the ledger credit and the deposit's
   * `credited` status were written together, never for a replayed notice.
   */
  depositCredited: { db: D1Database; memberId: number; depositId: number; amountMinor: number };
}

/** A subscriber of one event. */
export type DomainEventHandler<K extends keyof DomainEvents> = (event: DomainEvents[K]) => Promise<void>;

const handlers: { [K in keyof DomainEvents]?: DomainEventHandler<K>[] } = {};

/**
 * Subscribes `handler` to the event `name`. Registering the same handler again changes nothing (the assembly may
 * run more than once per isolate, e.g. in tests).
 *
 * @returns a function that removes the subscription (tests)
 */
export function on<K extends keyof DomainEvents>(name: K, handler: DomainEventHandler<K>): () => void {
  const list = (handlers[name] ??= []) as DomainEventHandler<K>[];
  if (!list.includes(handler)) list.push(handler);
  return () => {
    const at = list.indexOf(handler);
    if (at >= 0) list.splice(at, 1);
  };
}

/** Runs every subscriber of `name` with `event`, in registration order; resolves when all are done, rejects with the first error. */
export async function emit<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): Promise<void> {
  for (const handler of [...((handlers[name] ?? []) as DomainEventHandler<K>[])]) await handler(event);
}
