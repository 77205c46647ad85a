import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { createDeposit, getDeposit, getPaymentMethods, type DepositView, type PaymentMethodView } from '../../api/wallet';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import type { MessageKey } from '../../../rules/i18n';
import { amountWithin, parseAmountInput } from '../../lib/wallet';
import { balanceMoved } from '../concepts/balance';
import { OUTCOME_CHECKING, outcomeUnknown, recheckAfterUnknownOutcome } from '../kit/outcome';
import { env, wait } from '../kit/environment';

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
}

const INITIAL: DepositState = {
  phase: 'loading', methods: [], currencySymbol: '', template: 0, methodCode: null, amountText: '', presetRevision: 0, error: null, returned: null, checking: false,
};

/** The deposit page's state. */
export const $deposit = atom<DepositState>(INITIAL);

/** Reads a returned deposit again this many times while it is pending, this far apart. */
export const CHECK_ATTEMPTS = 5;
export const CHECK_INTERVAL_MS = 1500;

/** An error code → the message the page shows. */
export function depositErrorKey(code: string): MessageKey {
  if (code === 'amount_out_of_range') return 'wallet.amountInvalid';
  if (code === 'payment_unavailable' || code === 'payment_method_not_found') return 'wallet.unavailable';
  if (code === 'network') return 'error.network';
  if (code === 'free_reject') return 'free_reject';
  return 'wallet.failed';
}

let pendingKey: { key: string; methodCode: string; amountMinor: number } | null = null;

/**
 * Opens the page: loads the site's methods (the first is chosen) and, when the URL names a deposit the player
 * came back from (`?deposit=<id>`), checks it. Without the `payments` capability nothing is called.
 */
export async function openDepositPage(search: string): Promise<void> {
  if (!hasCapability(CAPABILITIES.payments)) {
    $deposit.set({ ...INITIAL, phase: 'failed', error: 'error.feature_disabled' });
    return;
  }
  $deposit.set({ ...$deposit.get(), phase: 'loading', error: null });
  const returnedId = Number(new URLSearchParams(search).get('deposit'));
  try {
    const site = await getPaymentMethods();
    $deposit.set({
      ...$deposit.get(), phase: 'ready', methods: site.methods, currencySymbol: site.currencySymbol, template: site.template,
      methodCode: $deposit.get().methodCode ?? site.methods[0]?.methodCode ?? null,
    });
  } catch (error) {
    $deposit.set({ ...$deposit.get(), phase: 'failed', error: depositErrorKey(error instanceof ApiRequestError ? error.errorCode : 'network') });
    return;
  }
  if (Number.isSafeInteger(returnedId) && returnedId > 0) await checkDeposit(returnedId);
}

/** Chooses a payment method. */
export function chooseMethod(methodCode: string): void {
  $deposit.set({ ...$deposit.get(), methodCode, error: null });
}

/** Sets the amount as typed (or a quick amount, in minor units). */
export function setDepositAmount(value: string | number): void {
  const state = $deposit.get();
  if (typeof value === 'number') {
    $deposit.set({ ...state, amountText: (value / 100).toFixed(2), presetRevision: state.presetRevision + 1, error: null });
  } else {
    $deposit.set({ ...state, amountText: value, error: null });
  }
}

/**
 * Places the deposit order and sends the player to the provider's page. The amount must be within the chosen
 * method's limits (else `wallet.amountInvalid`, nothing sent). A retried submit of the same method and amount
 * reuses the idempotency key, so a lost answer never creates a second order. When the answer was lost (network,
 * 502 `upstream_unavailable`: outcome.ts) the page says the outcome is being checked (`error.outcome_checking`),
 * keeps the key for a retry and reads the balance again.
 */
export async function submitDeposit(): Promise<void> {
  const state = $deposit.get();
  if (state.phase !== 'ready') return;
  const method = state.methods.find((m) => m.methodCode === state.methodCode);
  const amountMinor = parseAmountInput(state.amountText);
  if (!method || !amountWithin(amountMinor, method.minMinor, method.maxMinor)) {
    $deposit.set({ ...state, error: 'wallet.amountInvalid' });
    return;
  }
  if (!pendingKey || pendingKey.methodCode !== method.methodCode || pendingKey.amountMinor !== amountMinor) {
    pendingKey = { key: crypto.randomUUID(), methodCode: method.methodCode, amountMinor };
  }
  $deposit.set({ ...state, phase: 'submitting', error: null });
  try {
    const deposit = await createDeposit({ methodCode: method.methodCode, amountMinor, idempotencyKey: pendingKey.key });
    pendingKey = null;
    if (!deposit.redirectUrl) {
      $deposit.set({ ...$deposit.get(), phase: 'ready', returned: deposit });
      return;
    }
    $deposit.set({ ...$deposit.get(), phase: 'redirecting' });
    env().navigate(deposit.redirectUrl);
  } catch (error) {
    if (outcomeUnknown(error)) {
      $deposit.set({ ...$deposit.get(), phase: 'ready', error: OUTCOME_CHECKING });
      await recheckAfterUnknownOutcome();
      return;
    }
    pendingKey = null;
    $deposit.set({ ...$deposit.get(), phase: 'ready', error: depositErrorKey(error instanceof ApiRequestError ? error.errorCode : 'network') });
  }
}

/**
 * Checks a deposit the player came back from: reads it up to CHECK_ATTEMPTS times while it is pending (the
 * provider's notice may come a moment later); once credited, the balance store takes the new balance at once.
 */
export async function checkDeposit(depositId: number): Promise<void> {
  $deposit.set({ ...$deposit.get(), checking: true });
  for (let attempt = 0; attempt < CHECK_ATTEMPTS; attempt += 1) {
    try {
      const deposit = await getDeposit(depositId);
      $deposit.set({ ...$deposit.get(), returned: deposit });
      if (deposit.status === 'credited') balanceMoved(deposit.balanceMinor);
      if (deposit.status !== 'pending') break;
    } catch {
      break;
    }
    if (attempt < CHECK_ATTEMPTS - 1) await wait(CHECK_INTERVAL_MS);
  }
  $deposit.set({ ...$deposit.get(), checking: false });
}
