import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import {
  confirmLimitChange, getLimits, saveLimit, saveSessionLimit, type LimitOutcome, type LimitsData, type MoneyLimitData,
} from '../../api/protection';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { SESSION_LIMIT_MINUTES } from '../../../rules/protection';
import { serverErrorKey } from '../../../rules/validation';
import type { MessageKey } from '../../../rules/i18n';
import { parseAmountInput } from '../../lib/wallet';
import { createPage } from '../kit/page';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/** One limit's slot on the page: a money limit `<kind>.<period>`, or `session`. */
export type LimitSlot = `${MoneyLimitData['kind']}.${MoneyLimitData['period']}` | 'session';

/** The limits page's flow (docs/player-protection.md). */
export interface LimitsState {
  phase: 'loading' | 'ready' | 'failed';
  data: LimitsData | null;
  /** What the player typed per slot (amounts in currency units, the session limit in minutes); never pre-filled. */
  drafts: Partial<Record<LimitSlot, string>>;
  /** The slot whose change is being sent. */
  busy: LimitSlot | null;
  /** The last change's outcome, by slot, and the error of a slot. */
  outcome: { slot: LimitSlot; outcome: LimitOutcome } | null;
  error: { slot: LimitSlot | null; key: MessageKey } | null;
}

const INITIAL: LimitsState = { phase: 'loading', data: null, drafts: {}, busy: null, outcome: null, error: null };

/** Splits a money slot into its kind and period. */
function partsOf(slot: Exclude<LimitSlot, 'session'>): [MoneyLimitData['kind'], MoneyLimitData['period']] {
  const [kind, period] = slot.split('.') as [MoneyLimitData['kind'], MoneyLimitData['period']];
  return [kind, period];
}

/** A session limit as typed: whole minutes within SESSION_LIMIT_MINUTES, else null. */
export function parseMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= SESSION_LIMIT_MINUTES.min && minutes <= SESSION_LIMIT_MINUTES.max ? minutes : null;
}

function errorKey(error: unknown): MessageKey {
  return serverErrorKey(error instanceof ApiRequestError ? error.errorCode : 'network');
}

/**
 * The limits page of one visit (docs/player-protection.md; RTS 12), made per visit (src/stores/kit/page.ts):
 * - `$limits`: the limits in force with their use, pending changes, the drafts, the slot being sent, the last
 *   outcome and error.
 * - `open()`: loads the limits (nothing without the `protection` capability: `error.feature_disabled`).
 * - `setDraft(slot, text)`; `save(slot)`: sends the typed amount (or minutes); an empty or invalid entry is refused
 *   on the page (`protection.invalidAmount` / `protection.invalidMinutes`), nothing sent. The outcome says whether
 *   the change is in force or pending for 24 hours.
 * - `remove(slot)`: asks to remove the limit (pending for 24 hours); `confirm(slot)`: confirms a pending change whose
 *   cooling-off has passed.
 * Answers that arrive after the page exits are dropped.
 */
export const limitsPage = createPage('limits', (visit) => {
  const $limits = atom<LimitsState>(INITIAL);

  async function open(): Promise<void> {
    if (!hasCapability(CAPABILITIES.protection)) {
      $limits.set({ ...INITIAL, phase: 'failed', error: { slot: null, key: 'error.feature_disabled' } });
      return;
    }
    $limits.set({ ...$limits.get(), phase: 'loading', error: null });
    try {
      const data = await getLimits();
      if (!visit.exited) $limits.set({ ...$limits.get(), phase: 'ready', data });
    } catch (error) {
      if (!visit.exited) $limits.set({ ...$limits.get(), phase: 'failed', error: { slot: null, key: errorKey(error) } });
    }
  }

  function setDraft(slot: LimitSlot, text: string): void {
    const state = $limits.get();
    $limits.set({ ...state, drafts: { ...state.drafts, [slot]: text }, error: state.error?.slot === slot ? null : state.error });
  }

  async function send(slot: LimitSlot, call: () => Promise<{ outcome: LimitOutcome; limits: LimitsData } | LimitsData>): Promise<void> {
    $limits.set({ ...$limits.get(), busy: slot, error: null, outcome: null });
    try {
      const answer = await call();
      if (visit.exited) return;
      const state = $limits.get();
      if ('outcome' in answer) {
        $limits.set({ ...state, busy: null, data: answer.limits, drafts: { ...state.drafts, [slot]: '' }, outcome: { slot, outcome: answer.outcome } });
      } else {
        $limits.set({ ...state, busy: null, data: answer, outcome: { slot, outcome: 'in_force' } });
      }
    } catch (error) {
      if (!visit.exited) $limits.set({ ...$limits.get(), busy: null, error: { slot, key: errorKey(error) } });
    }
  }

  async function save(slot: LimitSlot): Promise<void> {
    const text = $limits.get().drafts[slot] ?? '';
    if (slot === 'session') {
      const minutes = parseMinutes(text);
      if (minutes === null) {
        $limits.set({ ...$limits.get(), error: { slot, key: 'protection.invalidMinutes' } });
        return;
      }
      await send(slot, () => saveSessionLimit(minutes));
      return;
    }
    const amountMinor = parseAmountInput(text);
    if (amountMinor === null) {
      $limits.set({ ...$limits.get(), error: { slot, key: 'protection.invalidAmount' } });
      return;
    }
    const [kind, period] = partsOf(slot);
    await send(slot, () => saveLimit(kind, period, amountMinor));
  }

  async function remove(slot: LimitSlot): Promise<void> {
    if (slot === 'session') {
      await send(slot, () => saveSessionLimit(null));
      return;
    }
    const [kind, period] = partsOf(slot);
    await send(slot, () => saveLimit(kind, period, null));
  }

  async function confirm(slot: LimitSlot): Promise<void> {
    if (slot === 'session') {
      await send(slot, () => confirmLimitChange('session', 'session'));
      return;
    }
    const [kind, period] = partsOf(slot);
    await send(slot, () => confirmLimitChange(kind, period));
  }

  return { $limits, open, setDraft, save, remove, confirm };
});
