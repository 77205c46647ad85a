import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money, wireMoney } from '../money';
import { LIMIT_PERIODS, MONEY_LIMIT_KINDS, SESSION_LIMIT_MINUTES } from '../protection-kinds';

/**
 * Player protection calls (docs/player-protection.md; UKGC RTS 12 financial limits and the session time limit):
 * PlayDeck extensions under /wps/playdeck/protection, served in built-in mode with the `payments` capability (the
 * limits guard the deposits and bets the built-in API takes). Money is decimal currency units on the wire; time
 * is UTC epoch ms. Every call needs a real account (401 without a session; 403 `free_reject` for guests and trial
 * accounts).
 */

/** A limit amount in currency units: positive, at most 100 000 000. */
const limitAmount = money(wireMoney.pipe(z.number().positive().max(100_000_000)));

/** A pending increase or removal: the requested value (null = removal) and from when it may be confirmed. */
const pendingChange = <V extends z.ZodType>(value: V) => z.object({
  value: value.nullable(),
  requestedAt: z.number().int(),
  confirmableAt: z.number().int(),
}).nullable();

/** The limits page's data (answered by every protection call). */
export const limitsValue = z.object({
  /** Money limits in force, by kind then period: the limit, what was used and is left in its rolling window. */
  limits: z.array(z.object({
    kind: z.enum(MONEY_LIMIT_KINDS),
    period: z.enum(LIMIT_PERIODS),
    limit: money(),
    used: money(),
    remaining: money(),
    /** When the oldest movement counted leaves the window (more becomes available); null when nothing is counted. */
    resetsAt: z.number().int().nullable(),
    pending: pendingChange(money()),
  })),
  /** The session time limit in minutes, or null. */
  session: z.object({ minutes: z.number().int(), pending: pendingChange(z.number().int()) }).nullable(),
  /** Ask for a deposit limit at the first deposit (no deposit yet, no deposit limit, the prompt not answered). */
  depositPrompt: z.boolean(),
  /** The server's clock (epoch ms): a pending change may be confirmed when now ≥ its confirmableAt. */
  now: z.number().int(),
  /** The site's currency symbol, for showing the amounts. */
  currencySymbol: z.string(),
  /**
   * The money limit kinds offered; absent means all. In front of the platform (upstream mode) only deposit and wager:
   * losses need the platform's bet results (docs/player-protection.md "Upstream mode").
   */
  kinds: z.array(z.enum(MONEY_LIMIT_KINDS)).optional(),
});

/** What a change did: in force at once, pending (cooling-off, then confirmation), or nothing new. */
export const LIMIT_OUTCOMES = ['in_force', 'pending', 'unchanged'] as const;

/** The player protection calls. */
export const protectionCalls = {
  /** GET the player's limits, their use and pending changes → limitsValue. */
  protectionLimits: defineCall({
    name: 'protectionLimits', method: 'GET', path: `${EXTENSION_PREFIX}/protection/limits`, auth: 'member', extension: true,
    value: limitsValue,
    summary: 'The player\'s deposit, loss, wager and session time limits (PlayDeck extension, RTS 12; capability payments).',
  }),
  /**
   * POST `{ kind (deposit|loss|wager), period (day|week|month), amount (currency units) | null (remove) }` →
   * `{ outcome, limits }`. A new or lower limit is in force at once; a higher one or a removal is pending for 24
   * hours and then needs protectionConfirmLimit. 400 `request_param_err`.
   */
  protectionSetLimit: defineCall({
    name: 'protectionSetLimit', method: 'POST', path: `${EXTENSION_PREFIX}/protection/limits`, auth: 'member', extension: true,
    body: z.object({ kind: z.enum(MONEY_LIMIT_KINDS), period: z.enum(LIMIT_PERIODS), amount: limitAmount.nullable() }),
    value: z.object({ outcome: z.enum(LIMIT_OUTCOMES), limits: limitsValue }),
    summary: 'Set, lower, raise or remove a money limit (PlayDeck extension, RTS 12).',
  }),
  /**
   * POST `{ minutes (5…1440) | null (remove) }` → `{ outcome, limits }`: the session time limit, by the same rule
   * (shorter at once, longer or none after 24 hours and a confirmation). A session older than the limit in force ends
   * (401 `session_time_limit` on its next call). 400 `request_param_err`.
   */
  protectionSetSessionLimit: defineCall({
    name: 'protectionSetSessionLimit', method: 'POST', path: `${EXTENSION_PREFIX}/protection/sessionLimit`, auth: 'member', extension: true,
    body: z.object({ minutes: z.number().int().min(SESSION_LIMIT_MINUTES.min).max(SESSION_LIMIT_MINUTES.max).nullable() }),
    value: z.object({ outcome: z.enum(LIMIT_OUTCOMES), limits: limitsValue }),
    summary: 'Set, shorten, lengthen or remove the session time limit (PlayDeck extension).',
  }),
  /**
   * POST `{ kind (deposit|loss|wager|session), period (day|week|month|session) }` → limitsValue: confirms a pending
   * increase or removal after its cooling-off. 409 `no_pending_change`; 409 `limit_not_confirmable` (value
   * `{ confirmableAt }`) before its time.
   */
  protectionConfirmLimit: defineCall({
    name: 'protectionConfirmLimit', method: 'POST', path: `${EXTENSION_PREFIX}/protection/limits/confirm`, auth: 'member', extension: true,
    body: z.object({ kind: z.enum([...MONEY_LIMIT_KINDS, 'session']), period: z.enum([...LIMIT_PERIODS, 'session']) }),
    value: limitsValue,
    summary: 'Confirm a raised or removed limit after 24 hours of cooling-off (PlayDeck extension, RTS 12).',
  }),
  /** POST `{}` → limitsValue: the player answered "not now" to the first-deposit prompt to set a deposit limit. */
  protectionDepositPrompt: defineCall({
    name: 'protectionDepositPrompt', method: 'POST', path: `${EXTENSION_PREFIX}/protection/depositPrompt`, auth: 'member', extension: true,
    body: z.object({}),
    value: limitsValue,
    summary: 'Answer "not now" to the first-deposit prompt to set a deposit limit (PlayDeck extension).',
  }),
};
