/**
 * The fixed vocabularies of the operator's content (accounts-and-communication §3, §4, §6, §9), with no imports so
 * that the operator's scripts (run by Node directly) and both sides of the contract share them.
 */

/** Announcement content types (accounts §3): A notice, PL player notice, B banner, PU popup, PR promotion. */
export const ANNOUNCEMENT_TYPES = ['A', 'PL', 'B', 'PU', 'PR'] as const;

/** Popup execution (accounts §4 Popup): A members, B guests, F a member's first login. */
export const EXECUTIONS = ['A', 'B', 'F'] as const;

/** Kinds of agent contract (accounts §6): daily salary, dividend, hourly salary, real-time salary. */
export const CONTRACT_KINDS = ['daily', 'dividend', 'hourly', 'realtime'] as const;
