import { callApi } from './client';
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
