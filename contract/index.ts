import { systemCalls } from './calls/system';
import { catalogueCalls } from './calls/catalogue';
import { accountsCalls } from './calls/accounts';
import { lotteryCalls } from './calls/lottery';
import { extensionCalls } from './calls/extensions';
import { contentCalls } from './calls/content';
import { walletCalls } from './calls/wallet';
import { profileCalls } from './calls/profile';
import { historyCalls } from './calls/history';
import { conversationCalls } from './calls/conversations';
import { rewardCalls } from './calls/rewards';
import { protectionCalls } from './calls/protection';
import { protectionToolCalls } from './calls/protection-tools';
import type { CallDef } from './call';

/**
 * Every call of PlayDeck's API contract (platform-contract.md §2–§4 and PlayDeck's extensions), by name. The
 * worker validates with these schemas, the browser's client sends them, the OpenAPI document and the contract
 * tests enumerate them.
 */
export const CALLS = {
  ...systemCalls,
  ...catalogueCalls,
  ...accountsCalls,
  ...lotteryCalls,
  ...contentCalls,
  ...extensionCalls,
  ...walletCalls,
  ...profileCalls,
  ...historyCalls,
  ...conversationCalls,
  ...rewardCalls,
  ...protectionCalls,
  ...protectionToolCalls,
};

/** Every call as a list (OpenAPI, contract tests). */
export function allCalls(): CallDef[] {
  return Object.values(CALLS) as CallDef[];
}
