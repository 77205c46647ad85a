import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { CallRouter } from './call-router';
import { contentCalls } from '../../contract/calls/content';
import type { ValueOf } from '../../contract/call';
import type { ContractKind } from '../../contract/calls/content-schemas';
import { ApiError, ok } from '../lib/envelope';
import { decideOffer, findOffer, pendingOffers } from '../db/queries/contracts';
import { requireMember, type AuthedMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { enabledSwitchesFor } from '../middleware/merchant';
import { sanitizeRich } from '../model/rich-text';

/** Member types never prompted about contracts (accounts §6, §9). */
const NOT_AGENT_TYPES: readonly number[] = [4, 40, 41, 42];

/** An agent who may see contract requests: type above 0 and not 4, 40, 41, 42, with AGENTPOLICY3 on (accounts §6). */
async function isQualifyingAgent(c: Context<AppEnv>, member: AuthedMember): Promise<boolean> {
  if (member.type <= 0 || NOT_AGENT_TYPES.includes(member.type)) return false;
  return (await enabledSwitchesFor(c.env.DB, c.var.merchant.code)).includes('AGENTPOLICY3');
}

/** Field of the consolidated answer that flags a pending offer of each kind (platform-contract.md §3). */
const FLAG_OF: Record<ContractKind, 'dailysalreqtype' | 'divtypereq' | 'contracthoursalreq' | 'realtimesalreqtype'> = {
  daily: 'dailysalreqtype', dividend: 'divtypereq', hourly: 'contracthoursalreq', realtime: 'realtimesalreqtype',
};

/** POST handler of one contract action: accept (`agree: true`) or decline the member's pending offer of `kind`. */
async function decide(c: Context<AppEnv>, kind: ContractKind, body: { id: number; agree: boolean }) {
  const member = requireMember(c);
  const offer = (await isQualifyingAgent(c, member)) ? await findOffer(c.env.DB, c.var.merchant.code, member.memberId, body.id, kind) : null;
  if (!offer) throw new ApiError(404, 'contract_not_found', 'No such contract offer');
  const status = body.agree ? 'accepted' : 'declined';
  if (!(await decideOffer(c.env.DB, offer.id, status))) throw new ApiError(409, 'contract_decided', 'This offer was already answered');
  const value: ValueOf<typeof contentCalls.processDividendReq> = { id: offer.id, status };
  return ok(c, value);
}

/**
 * GET /wps/member/info/funds/consolidated (platform-contract.md §3 contract requests; accounts §2 Agent contract
 * prompts, §6): a non-empty flag per pending offer (its id; `divtypecompperiodreq` repeats the dividend flag, the
 * name the accounts spec reads) plus `offers[]` with the sanitised terms. Everything empty for members who are no
 * qualifying agent. 401 without a session.
 */
export const contractRequestRouter = new CallRouter('/wps/member')
  .serve(contentCalls.contractRequests, memberOnly, async (c) => {
    const member = requireMember(c);
    const offers = (await isQualifyingAgent(c, member)) ? await pendingOffers(c.env.DB, c.var.merchant.code, member.memberId) : [];
    const value: ValueOf<typeof contentCalls.contractRequests> = {
      dailysalreqtype: '', divtypereq: '', divtypecompperiodreq: '', contracthoursalreq: '', realtimesalreqtype: '',
      offers: offers.map((o) => ({ id: o.id, kind: o.kind, terms: sanitizeRich(o.terms), createdAt: o.created_at })),
    };
    for (const offer of offers) {
      const flag = FLAG_OF[offer.kind];
      if (value[flag] === '') value[flag] = String(offer.id);
    }
    value.divtypecompperiodreq = value.divtypereq;
    return ok(c, value);
  });

/**
 * The contract actions (platform-contract.md §3 "acting on them"; mounted at /wps/relay): `{ id, agree }` →
 * `{ id, status }`. 401; 404 `contract_not_found` (no such pending offer of that kind for this agent, or no
 * qualifying agent); 409 `contract_decided` when already answered; 400 `request_param_err`.
 */
export const contractActionRouter = new CallRouter('/wps/relay')
  .serve(contentCalls.processDividendReq, memberOnly, (c) => decide(c, 'dividend', c.req.valid('json')))
  .serve(contentCalls.processDailySalContract, memberOnly, (c) => decide(c, 'daily', c.req.valid('json')))
  .serve(contentCalls.processContractHourSalary, memberOnly, (c) => decide(c, 'hourly', c.req.valid('json')))
  .serve(contentCalls.processRealTimeSalaryContract, memberOnly, (c) => decide(c, 'realtime', c.req.valid('json')));
