/**
 * Pure rules of the agent contract prompts and screens (accounts-and-communication §2 Agent contract prompts, §3
 * "Contract-request response value", §6 Agent members, §9 excluded member types; platform-contract.md §3).
 */

/** The contract kinds that have a prompt and a screen (accounts §6: daily salary, dividend, hourly salary). */
export const PROMPT_KINDS = ['daily', 'dividend', 'hourly'] as const;
/** One prompted contract kind. */
export type PromptKind = (typeof PROMPT_KINDS)[number];

/** Member types never prompted about contracts (accounts §6, §9). */
export const NOT_PROMPTED_TYPES: readonly number[] = [4, 40, 41, 42];

/** Contract screen page ids (rules/routes.ts) and their kinds. */
export const CONTRACT_PAGES = {
  getSalaryContract: 'daily',
  getDevidendContract: 'dividend',
  getHourContract: 'hourly',
} as const satisfies Record<string, PromptKind>;
/** A contract screen's page id. */
export type ContractPage = keyof typeof CONTRACT_PAGES;

/** The route each prompt's Go leads to (accounts §2 route table "/m/member/agent/…"). */
export const CONTRACT_ROUTES: Record<PromptKind, string> = {
  daily: '/m/member/agent/getSalaryContract',
  dividend: '/m/member/agent/getDevidendContract',
  hourly: '/m/member/agent/getHourContract',
};

/** The page id of each kind's screen (its title and prompt texts are keyed by it). */
export const PAGE_OF: Record<PromptKind, ContractPage> = { daily: 'getSalaryContract', dividend: 'getDevidendContract', hourly: 'getHourContract' };

/**
 * Whether a member is asked about contracts on home load (accounts §6): the site switch AGENTPOLICY3 is on and
 * the member type is not 4, 40, 41 or 42. The server answers nothing pending for members who are no agent.
 */
export function qualifiesForContractPrompts(memberType: number, agentPolicyOn: boolean): boolean {
  return agentPolicyOn && !NOT_PROMPTED_TYPES.includes(memberType);
}

/** The fields of the contract-request answer that flag a pending request (accounts §3). */
const FLAG_OF: Record<PromptKind, 'dailysalreqtype' | 'divtypecompperiodreq' | 'contracthoursalreq'> = {
  daily: 'dailysalreqtype', dividend: 'divtypecompperiodreq', hourly: 'contracthoursalreq',
};

/** The contract-request answer as these rules read it (a non-empty flag = a pending request). */
export interface ContractRequests {
  dailysalreqtype: string;
  divtypecompperiodreq: string;
  contracthoursalreq: string;
  offers?: { id: number; kind: string; terms: string; createdAt: number }[] | undefined;
}

/** The kinds with a pending request, in the order daily salary, dividend, hourly salary (accounts §6). */
export function pendingKinds(value: ContractRequests): PromptKind[] {
  return PROMPT_KINDS.filter((kind) => value[FLAG_OF[kind]].trim() !== '');
}

/** A pending offer as a contract screen shows it: its id and terms ('' when the platform sends none). */
export interface PendingOffer {
  id: number;
  terms: string;
  createdAt: number | null;
}

/**
 * The pending offer of `kind`: the offer whose id the flag names (PlayDeck's `offers[]` carry the terms), else
 * the flag's id alone (a platform answer without terms); null when nothing of that kind is pending.
 */
export function pendingOffer(value: ContractRequests, kind: PromptKind): PendingOffer | null {
  const flag = value[FLAG_OF[kind]].trim();
  if (flag === '') return null;
  const offer = value.offers?.find((o) => String(o.id) === flag) ?? value.offers?.find((o) => o.kind === kind);
  if (offer) return { id: offer.id, terms: offer.terms, createdAt: offer.createdAt };
  return /^\d{1,10}$/.test(flag) ? { id: Number(flag), terms: '', createdAt: null } : null;
}
