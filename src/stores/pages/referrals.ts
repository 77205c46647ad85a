import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { applyForAgent, getAgentStanding, getInvite, type AgentStandingView, type InviteView } from '../../api/rewards';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import type { MessageKey } from '../../../rules/i18n';
import { createPage } from '../kit/page';
import { rewardErrorOf, type RewardsPhase } from './rewards';

/**
 * The flows of invite friends and agent registration (issue 13, Invite friends, Agent registration; player-shell
 * §6 invite entry). Without the `rewards` capability (upstream mode) both screens show the feature unavailable.
 * Each screen's store is made per visit (src/stores/kit/page.ts): answers that arrive after the page exits are
 * dropped.
 */

const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.errorCode : 'network');

/** The registration link an invitation code opens (the form's affiliate check reads `affiliateCode`). */
export function invitationLink(origin: string, code: string): string {
  return `${origin}/m/register?affiliateCode=${encodeURIComponent(code)}`;
}

/** The invite page's state. */
export interface InviteState {
  phase: RewardsPhase;
  info: InviteView | null;
  error: MessageKey | null;
}

/**
 * The invite page of one visit (REFERRAL promotion, /m/inviteFriends):
 * - `$invite`: the member's invitation code, friends and rewards earned.
 * - `load()`: loads them.
 */
export const invitePage = createPage('inviteFriends', (visit) => {
  const $invite = atom<InviteState>({ phase: 'loading', info: null, error: null });

  async function load(): Promise<void> {
    if (!hasCapability(CAPABILITIES.rewards)) return $invite.set({ phase: 'unavailable', info: null, error: null });
    try {
      const info = await getInvite();
      if (!visit.exited) $invite.set({ phase: 'ready', info, error: null });
    } catch (error) {
      if (!visit.exited) $invite.set({ ...$invite.get(), phase: 'failed', error: rewardErrorOf(codeOf(error)) });
    }
  }

  return { $invite, load };
});

/** One visit of the invite page. */
export type InvitePage = ReturnType<typeof invitePage>;

/** The agent application form's fields (text as typed). */
export interface AgentForm {
  fullName: string;
  contact: string;
  channel: string;
  expectedPlayers: string;
  remark: string;
}

/** The agent page's state. */
export interface AgentState {
  phase: RewardsPhase;
  standing: AgentStandingView | null;
  form: AgentForm;
  invalid: keyof AgentForm | null;
  error: MessageKey | null;
}

const EMPTY_FORM: AgentForm = { fullName: '', contact: '', channel: '', expectedPlayers: '', remark: '' };

/** The first field that fails the server's rules (contract/calls/rewards.ts agentApplyBody), or null. */
export function invalidAgentField(form: AgentForm): keyof AgentForm | null {
  if (form.fullName.trim().length < 2 || form.fullName.trim().length > 60) return 'fullName';
  if (form.contact.trim().length < 5 || form.contact.trim().length > 80) return 'contact';
  if (form.channel.trim().length < 2 || form.channel.trim().length > 200) return 'channel';
  const players = Number(form.expectedPlayers.trim());
  if (!/^\d{1,7}$/.test(form.expectedPlayers.trim()) || players < 1) return 'expectedPlayers';
  if (form.remark.trim().length > 200) return 'remark';
  return null;
}

/**
 * The agent registration page of one visit (/m/agentRegister):
 * - `$agent`: the member's standing (applied, agent, or neither), the application form, the field to fix, the error.
 * - `load()`: loads the member's standing.
 * - `setField(field, value)`: changes one field.
 * - `submit()`: sends the application after checking the fields (invalidAgentField); the standing then shows it
 *   waiting for review; an application already pending or an agent already approved says so and reloads the
 *   standing.
 */
export const agentPage = createPage('agentRegister', (visit) => {
  const $agent = atom<AgentState>({ phase: 'loading', standing: null, form: EMPTY_FORM, invalid: null, error: null });

  async function load(): Promise<void> {
    if (!hasCapability(CAPABILITIES.rewards)) return $agent.set({ ...$agent.get(), phase: 'unavailable' });
    try {
      const standing = await getAgentStanding();
      if (!visit.exited) $agent.set({ ...$agent.get(), phase: 'ready', standing, error: null });
    } catch (error) {
      if (!visit.exited) $agent.set({ ...$agent.get(), phase: 'failed', error: rewardErrorOf(codeOf(error)) });
    }
  }

  function setField(field: keyof AgentForm, value: string): void {
    const state = $agent.get();
    $agent.set({ ...state, form: { ...state.form, [field]: value }, invalid: state.invalid === field ? null : state.invalid, error: null });
  }

  async function submit(): Promise<void> {
    const state = $agent.get();
    if (state.phase !== 'ready') return;
    const invalid = invalidAgentField(state.form);
    if (invalid) return $agent.set({ ...state, invalid, error: 'agent.fieldInvalid' });
    $agent.set({ ...state, phase: 'busy', invalid: null, error: null });
    const f = state.form;
    try {
      const standing = await applyForAgent({
        fullName: f.fullName.trim(), contact: f.contact.trim(), channel: f.channel.trim(), expectedPlayers: Number(f.expectedPlayers.trim()), remark: f.remark.trim(),
      });
      if (!visit.exited) $agent.set({ ...$agent.get(), phase: 'ready', standing, form: EMPTY_FORM });
    } catch (error) {
      if (visit.exited) return;
      const code = codeOf(error);
      const message: MessageKey = code === 'agent_application_pending' ? 'agent.pending' : code === 'already_agent' ? 'agent.approved' : code === 'request_param_err' ? 'error.invalid_input' : rewardErrorOf(code);
      $agent.set({ ...$agent.get(), phase: 'ready', error: message });
      if (code === 'agent_application_pending' || code === 'already_agent') await load();
    }
  }

  return { $agent, load, setField, submit };
});

/** One visit of the agent registration page. */
export type AgentPage = ReturnType<typeof agentPage>;
