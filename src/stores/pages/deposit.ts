import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { createDeposit, getDeposit, getPaymentMethods, type DepositView, type PaymentMethodView } from '../../api/wallet';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import type { MessageKey } from '../../../rules/i18n';
import { minorToDecimalString } from '../../../rules/format';
import { serverErrorKey } from '../../../rules/validation';
import { amountWithin, parseAmountInput } from '../../lib/wallet';
import { balanceMoved } from '../concepts/balance';
import { OUTCOME_CHECKING, outcomeUnknown, recheckAfterUnknownOutcome } from '../concepts/outcome';
import { env } from '../kit/environment';
import { createPage } from '../kit/page';
import { declineDepositPrompt, getLimits, saveLimit } from '../../api/protection';
import { wireToMinor } from '../../../contract/money';
import { confirmDateOfBirth } from '../../api/accounts';

/** The deposit page's flow (issue 13, Deposit; player-shell §2 /m/voucherCenter). */
export interface DepositState {
  /** loading methods → ready; submitting → redirecting (to the provider); checking a returned deposit. */
  phase: 'loading' | 'ready' | 'failed' | 'submitting' | 'redirecting';
  methods: PaymentMethodView[];
  currencySymbol: string;
  template: 0 | 1;
  methodCode: string | null;
  amountText: string;
  /** Counts quick-amount choices (the view re-renders its amount field with the chosen value). */
  presetRevision: number;
  error: MessageKey | null;
  /** The deposit the player came back from (…?deposit=<id>), with its latest status. */
  returned: DepositView | null;
  checking: boolean;
  /** A deposit refused by the player's deposit limit: which period, what is left (minor units), when more is. */
  refusal: DepositRefusal | null;
  /** The first-deposit step asking for a deposit limit (docs/player-protection.md); null once answered. */
  prompt: DepositPrompt | null;
  /**
   * The age step (docs/honest-money.md "Age check and consent"): the deposit was refused because the account (a
   * social-login registration) has no date of birth on a site that requires one; the date as typed, its error, busy.
   */
  ageStep: { dateText: string; error: MessageKey | null; busy: boolean } | null;
}

/** A deposit refused by a deposit limit (the answer's value, money decoded to minor units). */
export interface DepositRefusal {
  period: 'day' | 'week' | 'month';
  remainingMinor: number;
  resetsAt: number;
}

/**
 * The first-deposit prompt: due until answered; `shown` once the player asked to pay (the step comes before the
 * order); the period and amount as chosen (the amount never pre-filled), its error, busy.
 */
export interface DepositPrompt {
  shown: boolean;
  period: 'day' | 'week' | 'month';
  amountText: string;
  error: MessageKey | null;
  busy: boolean;
}

const INITIAL: DepositState = {
  phase: 'loading', methods: [], currencySymbol: '', template: 0, methodCode: null, amountText: '', presetRevision: 0, error: null, returned: null, checking: false,
  refusal: null, prompt: null, ageStep: null,
};

/** The refusal a deposit_limit_exceeded answer describes, or null (its value is in the wire's currency units). */
export function refusalOf(value: unknown): DepositRefusal | null {
  const v = value as { period?: unknown; remaining?: unknown; resetsAt?: unknown } | null;
  if (!v || (v.period !== 'day' && v.period !== 'week' && v.period !== 'month') || typeof v.remaining !== 'number' || typeof v.resetsAt !== 'number') return null;
  try {
    return { period: v.period, remainingMinor: wireToMinor(v.remaining), resetsAt: v.resetsAt };
  } catch {
    return null;
  }
}

/** Reads a returned deposit again this many times while it is pending, this far apart. */
export const CHECK_ATTEMPTS = 5;
export const CHECK_INTERVAL_MS = 1500;

/** An error code → the message the page shows. */
export function depositErrorKey(code: string): MessageKey {
  if (code === 'amount_out_of_range') return 'wallet.amountInvalid';
  if (code === 'payment_unavailable' || code === 'payment_method_not_found') return 'wallet.unavailable';
  if (code === 'network') return 'error.network';
  if (code === 'free_reject') return 'free_reject';
  if (code === 'deposit_limit_exceeded') return 'error.deposit_limit_exceeded';
  // A social-login account on a site that requires the date of birth (docs/honest-money.md "Age check and consent").
  if (code === 'date_of_birth_required') return 'error.date_of_birth_required';
  return 'wallet.failed';
}

/**
 * The deposit page of one visit (issue 13, Deposit; player-shell §2 /m/voucherCenter), made per visit
 * (src/stores/kit/page.ts):
 * - `$deposit`: the phase, the site's methods, the chosen method and amount, the error, the deposit the player came
 *   back from and whether it is being checked.
 * - `open(search)`: loads the site's methods (the first is chosen) and, when the URL names a deposit the player
 *   came back from (`?deposit=<id>`), checks it. Without the `payments` capability nothing is called.
 * - `chooseMethod(methodCode)`; `setAmount(value)`: the amount as typed, or a quick amount in minor units.
 * - `submit()`: places the deposit order and sends the player to the provider's page. The amount must be within
 *   the chosen method's limits (else `wallet.amountInvalid`, nothing sent). A retried submit of the same method and
 *   amount reuses the idempotency key (for this visit), so a lost answer never creates a second order. When the
 *   answer was lost (network, 502 `upstream_unavailable`: ../concepts/outcome.ts) the page says the outcome is being
 *   checked (`error.outcome_checking`), keeps the key for a retry and reads the balance again.
 * - `prompt` (docs/player-protection.md): at the first deposit (no deposit yet, no deposit limit, not answered
 *   before) `submit()` first shows a step asking for a deposit limit: `setPrompt({ period, amountText })`,
 *   `promptSetLimit()` (the amount is never pre-filled; an invalid one is `protection.invalidAmount`, nothing sent)
 *   or `promptNotNow()`; once answered, the deposit goes on (the new limit already guards it).
 * - `ageStep` (docs/honest-money.md "Age check and consent"): a deposit refused with `date_of_birth_required` (a
 *   social-login account without a date of birth where the site requires one) opens a step asking for it:
 *   `setAgeDate(text)`, `confirmAge()`; once accepted the deposit goes on by itself.
 * - A deposit refused by a deposit limit (`deposit_limit_exceeded`) keeps `refusal`: the period, what is left and
 *   when more becomes available.
 * - `check(depositId)`: reads a deposit the player came back from up to CHECK_ATTEMPTS times, CHECK_INTERVAL_MS
 *   apart, while it is pending (the provider's notice may come a moment later); once credited, the balance store
 *   takes the new balance at once.
 * Answers that arrive after the page exits are dropped and the checks' waits end with it.
 */
export const depositPage = createPage('voucherCenter', (visit) => {
  const $deposit = atom<DepositState>(INITIAL);
  let pendingKey: { key: string; methodCode: string; amountMinor: number } | null = null;

  /** Resolves after `ms` on the visit's timer; true when the page is still open then (false at once on exit). */
  function pause(ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      visit.later(() => resolve(true), ms);
      visit.onExit(() => resolve(false));
    });
  }

  async function open(search: string): Promise<void> {
    if (!hasCapability(CAPABILITIES.payments)) {
      $deposit.set({ ...INITIAL, phase: 'failed', error: 'error.feature_disabled' });
      return;
    }
    $deposit.set({ ...$deposit.get(), phase: 'loading', error: null });
    const returnedId = Number(new URLSearchParams(search).get('deposit'));
    try {
      // The limits only decide whether to ask for a deposit limit first: a failure to read them asks nothing.
      const [site, limits] = await Promise.all([getPaymentMethods(), getLimits().catch(() => null)]);
      if (visit.exited) return;
      $deposit.set({
        ...$deposit.get(), phase: 'ready', methods: site.methods, currencySymbol: site.currencySymbol, template: site.template,
        methodCode: $deposit.get().methodCode ?? site.methods[0]?.methodCode ?? null,
        prompt: limits?.depositPrompt ? { shown: false, period: 'day', amountText: '', error: null, busy: false } : null,
      });
    } catch (error) {
      if (!visit.exited) $deposit.set({ ...$deposit.get(), phase: 'failed', error: depositErrorKey(error instanceof ApiRequestError ? error.errorCode : 'network') });
      return;
    }
    if (Number.isSafeInteger(returnedId) && returnedId > 0) await check(returnedId);
  }

  function chooseMethod(methodCode: string): void {
    $deposit.set({ ...$deposit.get(), methodCode, error: null });
  }

  function setAmount(value: string | number): void {
    const state = $deposit.get();
    if (typeof value === 'number') {
      $deposit.set({ ...state, amountText: minorToDecimalString(value), presetRevision: state.presetRevision + 1, error: null });
    } else {
      $deposit.set({ ...state, amountText: value, error: null });
    }
  }

  async function submit(): Promise<void> {
    const state = $deposit.get();
    if (state.phase !== 'ready') return;
    const method = state.methods.find((m) => m.methodCode === state.methodCode);
    const amountMinor = parseAmountInput(state.amountText);
    if (!method || !amountWithin(amountMinor, method.minMinor, method.maxMinor)) {
      $deposit.set({ ...state, error: 'wallet.amountInvalid' });
      return;
    }
    if (state.prompt) {
      // The first deposit: ask for a deposit limit before the order (answered, the deposit goes on by itself).
      $deposit.set({ ...state, error: null, prompt: { ...state.prompt, shown: true } });
      return;
    }
    if (!pendingKey || pendingKey.methodCode !== method.methodCode || pendingKey.amountMinor !== amountMinor) {
      pendingKey = { key: crypto.randomUUID(), methodCode: method.methodCode, amountMinor };
    }
    $deposit.set({ ...state, phase: 'submitting', error: null, refusal: null });
    try {
      const deposit = await createDeposit({ methodCode: method.methodCode, amountMinor, idempotencyKey: pendingKey.key });
      pendingKey = null;
      if (visit.exited) return;
      if (!deposit.redirectUrl) {
        $deposit.set({ ...$deposit.get(), phase: 'ready', returned: deposit });
        return;
      }
      $deposit.set({ ...$deposit.get(), phase: 'redirecting' });
      env().navigate(deposit.redirectUrl);
    } catch (error) {
      if (visit.exited) return;
      if (outcomeUnknown(error)) {
        $deposit.set({ ...$deposit.get(), phase: 'ready', error: OUTCOME_CHECKING });
        await recheckAfterUnknownOutcome();
        return;
      }
      pendingKey = null;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      if (code === 'date_of_birth_required') {
        $deposit.set({ ...$deposit.get(), phase: 'ready', error: null, ageStep: { dateText: '', error: null, busy: false } });
        return;
      }
      const refusal = code === 'deposit_limit_exceeded' && error instanceof ApiRequestError ? refusalOf(error.value) : null;
      $deposit.set({ ...$deposit.get(), phase: 'ready', error: depositErrorKey(code), refusal });
    }
  }

  function setAgeDate(dateText: string): void {
    const state = $deposit.get();
    if (state.ageStep) $deposit.set({ ...state, ageStep: { ...state.ageStep, dateText, error: null } });
  }

  /**
   * Sends the typed date of birth (checked by the server against the site's legal age); accepted, or given before,
   * the step closes and the deposit goes on by itself. Refused: `error.date_of_birth_required` (no real date),
   * `error.under_legal_age` (kept by the server: the deposit stays refused), other failures as the server says.
   */
  async function confirmAge(): Promise<void> {
    const step = $deposit.get().ageStep;
    if (!step || step.busy) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(step.dateText)) {
      $deposit.set({ ...$deposit.get(), ageStep: { ...step, error: 'error.date_of_birth_required' } });
      return;
    }
    $deposit.set({ ...$deposit.get(), ageStep: { ...step, busy: true, error: null } });
    try {
      await confirmDateOfBirth(step.dateText);
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      if (code !== 'date_of_birth_set') {
        const key: MessageKey = code === 'under_legal_age' || code === 'date_of_birth_required' ? `error.${code}` : serverErrorKey(code);
        if (!visit.exited) $deposit.set({ ...$deposit.get(), ageStep: { ...step, busy: false, error: key } });
        return;
      }
    }
    if (visit.exited) return;
    $deposit.set({ ...$deposit.get(), ageStep: null });
    await submit();
  }

  function setPrompt(change: Partial<Pick<DepositPrompt, 'period' | 'amountText'>>): void {
    const state = $deposit.get();
    if (state.prompt) $deposit.set({ ...state, prompt: { ...state.prompt, ...change, error: null } });
  }

  /** Sets the deposit limit the player typed in the first-deposit step; the step then closes. */
  async function promptSetLimit(): Promise<void> {
    const prompt = $deposit.get().prompt;
    if (!prompt || prompt.busy) return;
    const amountMinor = parseAmountInput(prompt.amountText);
    if (amountMinor === null) {
      $deposit.set({ ...$deposit.get(), prompt: { ...prompt, error: 'protection.invalidAmount' } });
      return;
    }
    await answerPrompt(() => saveLimit('deposit', prompt.period, amountMinor));
  }

  /** "Not now": the step closes and is not asked again. */
  async function promptNotNow(): Promise<void> {
    if ($deposit.get().prompt?.busy) return;
    await answerPrompt(() => declineDepositPrompt());
  }

  async function answerPrompt(send: () => Promise<unknown>): Promise<void> {
    const prompt = $deposit.get().prompt;
    if (!prompt) return;
    $deposit.set({ ...$deposit.get(), prompt: { ...prompt, busy: true, error: null } });
    try {
      await send();
      if (visit.exited) return;
      $deposit.set({ ...$deposit.get(), prompt: null });
      await submit();
    } catch (error) {
      if (!visit.exited) $deposit.set({ ...$deposit.get(), prompt: { ...prompt, busy: false, error: serverErrorKey(error instanceof ApiRequestError ? error.errorCode : 'network') } });
    }
  }

  async function check(depositId: number): Promise<void> {
    $deposit.set({ ...$deposit.get(), checking: true });
    for (let attempt = 0; attempt < CHECK_ATTEMPTS; attempt += 1) {
      try {
        const deposit = await getDeposit(depositId);
        if (visit.exited) return;
        $deposit.set({ ...$deposit.get(), returned: deposit });
        if (deposit.status === 'credited') balanceMoved(deposit.balanceMinor);
        if (deposit.status !== 'pending') break;
      } catch {
        break;
      }
      if (attempt < CHECK_ATTEMPTS - 1 && !(await pause(CHECK_INTERVAL_MS))) return;
    }
    if (!visit.exited) $deposit.set({ ...$deposit.get(), checking: false });
  }

  return { $deposit, open, chooseMethod, setAmount, submit, check, setPrompt, promptSetLimit, promptNotNow, setAgeDate, confirmAge };
});

/** One visit of the deposit page. */
export type DepositPage = ReturnType<typeof depositPage>;
