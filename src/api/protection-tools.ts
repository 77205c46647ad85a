import { callApi } from './client';
import { sealedCall } from './sealed';
import { protectionToolCalls } from '../../contract/calls/protection-tools';
import type { ValueOf } from '../../contract/call';

/**
 * The protection tools' calls (contract/calls/protection-tools.ts; docs/player-protection.md "Reality checks",
 * "Statements", "Responsible gambling page"): thin wrappers for the stores. Money is integer minor units (the
 * client's codec converts the wire's currency units); time is epoch ms.
 */

/** The session's reality check: due time, time played, net result (minor units). */
export type RealityCheckData = ValueOf<typeof protectionToolCalls.realityCheck>;
/** An activity statement (minor units). */
export type StatementData = ValueOf<typeof protectionToolCalls.statement>;

/** GET the session's reality check. */
export const getRealityCheck = (): Promise<RealityCheckData> => callApi(protectionToolCalls.realityCheck);

/** POST "continue" on a due reality check. */
export const continueRealityCheck = (): Promise<RealityCheckData> => callApi(protectionToolCalls.realityCheckContinue, { body: {} });

/** POST the player's reality check interval (minutes; 0 = off). */
export function saveRealityCheckInterval(minutes: 0 | 15 | 30 | 60): Promise<RealityCheckData> {
  return callApi(protectionToolCalls.realityCheckInterval, { body: { minutes } });
}

/** GET the statement of UTC days `from`…`to` (YYYY-MM-DD, both included). */
export const getStatement = (from: string, to: string): Promise<StatementData> => callApi(protectionToolCalls.statement, { query: { from, to } });

/** GET whether the member centre asks for this month's statement review. */
export const getStatementPrompt = (): Promise<{ reviewDue: boolean }> => callApi(protectionToolCalls.statementPrompt);

/** GET the site's help organisations (operator content). */
export const getHelpOrganisations = (): Promise<{ links: { name: string; url: string }[] }> => callApi(protectionToolCalls.helpOrganisations);

/** A break or self-exclusion that started (`until` null: permanent). */
export type StartedExclusionData = ValueOf<typeof protectionToolCalls.protectionExclude>;
/** A block in force as a refusal or the reopening answer carries it. */
export type ExclusionBlockData = { kind: 'break' | 'self_exclusion'; until: number | null; reopenable: boolean };
/** Where a blocked player's balance is paid. */
export type PayoutDetails = { payeeName: string; bankName: string; accountNumber: string; paymentPassword: string; idempotencyKey: string };

/** POST a break or self-exclusion (RTS 14): in force at once, every session of the player ends with it. */
export function startExclusion(kind: 'break' | 'self_exclusion', duration: string): Promise<StartedExclusionData> {
  return callApi(protectionToolCalls.protectionExclude, { body: { kind, duration } });
}

/** POST sealed: ask to reopen the account after a self-exclusion ended (no session; the log-in password proves it). */
export function askReopen(username: string, password: string): Promise<ExclusionBlockData | null> {
  return sealedCall(protectionToolCalls.protectionReopen, { username, password });
}

/** POST sealed: pay out the balance of a player on a break or self-excluded (no session). Money in minor units. */
export function requestExcludedPayout(username: string, password: string, details: PayoutDetails): Promise<{ withdrawalId: number; amount: number; balance: number }> {
  return sealedCall(protectionToolCalls.protectionPayout, { username, password, ...details });
}
