import { callApi } from './client';
import { contentCalls } from '../../contract/calls/content';
import type { PromptKind } from '../lib/contracts';

/**
 * Agent contract calls, typed (platform-contract.md §3 contract requests and "acting on them"; accounts §2 Agent
 * contract prompts): thin wrappers over callApi.
 */

/** The agent's pending contract requests (flags per kind, and PlayDeck's offers with their terms). */
export const getContractRequests = () => callApi(contentCalls.contractRequests);

const ACTION_OF = {
  daily: contentCalls.processDailySalContract,
  dividend: contentCalls.processDividendReq,
  hourly: contentCalls.processContractHourSalary,
} as const;

/** Accepts (`agree`) or declines the pending offer `id` of `kind`; resolves to the offer's new status. */
export async function decideContract(kind: PromptKind, id: number, agree: boolean): Promise<'accepted' | 'declined'> {
  const value = await callApi(ACTION_OF[kind], { body: { id, agree } });
  return value.status;
}
