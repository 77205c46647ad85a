import { atom } from 'nanostores';
import { decideContract, getContractRequests } from '../../api/contracts';
import { ApiRequestError } from '../../api/client';
import {
  CONTRACT_ROUTES, pendingKinds, pendingOffer, qualifiesForContractPrompts, type PendingOffer, type PromptKind,
} from '../../lib/contracts';
import { $session, sessionMemberType } from '../concepts/session';
import { $siteSwitches } from '../concepts/switches';
import { openPage } from '../kit/navigation';
import { createPage, type Visit } from '../kit/page';

/**
 * The agent contract prompts of one home visit (accounts §2 Agent contract prompts, §6), a part of the home page
 * (./home.ts) built on its {@link Visit}:
 * - `$contractPrompts`: the prompts still to answer on this visit, first one shown.
 * - `checkContractPrompts()`: on home load, a qualifying agent (AGENTPOLICY3 on, member type not 4, 40, 41, 42) is
 *   asked about each pending daily-salary, dividend and hourly-salary request. Failures stay silent (the agent can
 *   open the contract screens from the member centre); an answer that arrives after the page exits is dropped.
 * - `cancelContractPrompt()`: this prompt goes away, the next (if any) shows.
 * - `goContractPrompt()`: to the prompted contract's screen.
 */
export function contractPrompts(visit: Visit) {
  const $contractPrompts = atom<PromptKind[]>([]);

  async function checkContractPrompts(): Promise<void> {
    const session = $session.get();
    const agentPolicy = $siteSwitches.get()?.AGENTPOLICY3 === true;
    if (!session || !qualifiesForContractPrompts(sessionMemberType(session), agentPolicy)) {
      $contractPrompts.set([]);
      return;
    }
    const prompts = await getContractRequests().then(pendingKinds, () => []);
    if (!visit.exited) $contractPrompts.set(prompts);
  }

  function cancelContractPrompt(): void {
    $contractPrompts.set($contractPrompts.get().slice(1));
  }

  function goContractPrompt(): void {
    const kind = $contractPrompts.get()[0];
    if (!kind) return;
    $contractPrompts.set([]);
    openPage(CONTRACT_ROUTES[kind]);
  }

  return { $contractPrompts, checkContractPrompts, cancelContractPrompt, goContractPrompt };
}

/** A contract screen: loading, nothing pending, the pending offer, answered (accepted or declined), or failed. */
export type ContractScreenState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'pending'; offer: PendingOffer; busy: boolean; errorCode: string | null }
  | { status: 'answered'; decision: 'accepted' | 'declined' }
  | { status: 'failed' };

/**
 * An agent contract screen of one visit (accounts §2 Agent contract prompts, §6; the three screens under
 * /m/member/agent/), made per visit (src/stores/kit/page.ts):
 * - `$contractScreen`: loading, nothing pending, the pending offer, answered (accepted or declined), or failed.
 * - `load(kind)`: loads the pending offer of `kind` (its terms from the server). Needs a session (the page gate
 *   sends visitors to login).
 * - `answer(kind, agree)`: accepts (`agree`) or declines the pending offer of `kind` (platform-contract.md §3
 *   "acting on them"). An offer answered meanwhile (409 contract_decided) or gone (404 contract_not_found) shows the
 *   server's message and the screen reloads what is pending now.
 * Answers that arrive after the page exits are dropped.
 */
export const contractScreenPage = createPage('member/agent', (visit) => {
  const $contractScreen = atom<ContractScreenState>({ status: 'loading' });

  async function load(kind: PromptKind): Promise<void> {
    $contractScreen.set({ status: 'loading' });
    if (!$session.get()) {
      $contractScreen.set({ status: 'none' });
      return;
    }
    try {
      const offer = pendingOffer(await getContractRequests(), kind);
      if (!visit.exited) $contractScreen.set(offer ? { status: 'pending', offer, busy: false, errorCode: null } : { status: 'none' });
    } catch {
      if (!visit.exited) $contractScreen.set({ status: 'failed' });
    }
  }

  async function answer(kind: PromptKind, agree: boolean): Promise<void> {
    const state = $contractScreen.get();
    if (state.status !== 'pending' || state.busy) return;
    $contractScreen.set({ ...state, busy: true, errorCode: null });
    try {
      const decision = await decideContract(kind, state.offer.id, agree);
      if (!visit.exited) $contractScreen.set({ status: 'answered', decision });
    } catch (error) {
      if (visit.exited) return;
      const errorCode = error instanceof ApiRequestError ? error.errorCode : 'internal_error';
      $contractScreen.set({ ...state, busy: false, errorCode });
    }
  }

  return { $contractScreen, load, answer };
});

/** One visit of an agent contract screen. */
export type ContractScreenPage = ReturnType<typeof contractScreenPage>;
