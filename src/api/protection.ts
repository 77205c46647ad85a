import { callApi } from './client';
import { protectionCalls } from '../../contract/calls/protection';
import type { ValueOf } from '../../contract/call';

/**
 * The player protection calls (contract/calls/protection.ts; docs/player-protection.md): thin wrappers giving the
 * stores the limits page's data. Money is integer minor units (the client's money codec converts the wire's
 * currency units: client.ts); the session limit is minutes; time is epoch ms.
 */

/** The limits page's data, money in minor units. */
export type LimitsData = ValueOf<typeof protectionCalls.protectionLimits>;
/** One money limit with its use. */
export type MoneyLimitData = LimitsData['limits'][number];
/** What a change did: in force at once, pending, or nothing new. */
export type LimitOutcome = ValueOf<typeof protectionCalls.protectionSetLimit>['outcome'];

/** GET the player's limits. */
export const getLimits = (): Promise<LimitsData> => callApi(protectionCalls.protectionLimits);

/** POST a money limit (`amountMinor` null removes it). */
export function saveLimit(kind: MoneyLimitData['kind'], period: MoneyLimitData['period'], amountMinor: number | null) {
  return callApi(protectionCalls.protectionSetLimit, { body: { kind, period, amount: amountMinor } });
}

/** POST the session time limit in minutes (null removes it). */
export function saveSessionLimit(minutes: number | null) {
  return callApi(protectionCalls.protectionSetSessionLimit, { body: { minutes } });
}

/** POST the confirmation of a pending increase or removal. */
export function confirmLimitChange(kind: MoneyLimitData['kind'] | 'session', period: MoneyLimitData['period'] | 'session'): Promise<LimitsData> {
  return callApi(protectionCalls.protectionConfirmLimit, { body: { kind, period } });
}

/** POST "not now" to the first-deposit prompt. */
export const declineDepositPrompt = (): Promise<LimitsData> => callApi(protectionCalls.protectionDepositPrompt, { body: {} });
