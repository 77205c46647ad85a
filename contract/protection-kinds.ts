/**
 * The player protection limits' vocabulary (docs/player-protection.md), shared by the contract's schemas
 * (contract/calls/protection.ts) and the pure rules (rules/protection.ts).
 */

/** Money limits: gross deposits, losses (bets − wins − refunds), wagers (bets − refunds). */
export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;

/** The periods of a money limit: rolling 24 hours, 7 days and 30 days ("one month"). */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;

/** Bounds of the session time limit the player may choose, in minutes (5 minutes to 24 hours). */
export const SESSION_LIMIT_MINUTES = { min: 5, max: 24 * 60 } as const;
