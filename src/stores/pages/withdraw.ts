import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { getWithdrawInfo, requestWithdrawal, type WithdrawInfoView } from '../../api/wallet';
import type { MessageKey } from '../../../rules/i18n';
import { amountWithin, parseAmountInput } from '../../lib/wallet';
import { balanceMoved } from '../concepts/balance';
import { OUTCOME_CHECKING, outcomeUnknown, recheckAfterUnknownOutcome } from '../concepts/outcome';
import { createPage } from '../kit/page';

/** The withdrawal form's fields. */
export interface WithdrawForm {
  amountText: string;
  payeeName: string;
  bankName: string;
  accountNumber: string;
  paymentPassword: string;
}

/** The withdraw page's flow (issue 13, Withdraw; player-shell §2 /m/withdraw). */
export interface WithdrawState {
  phase: 'loading' | 'ready' | 'failed' | 'submitting';
  info: WithdrawInfoView | null;
  form: WithdrawForm;
  /** The field to fix, when the error belongs to one. */
  invalid: keyof WithdrawForm | null;
  error: MessageKey | null;
  /** Shown after a request was filed. */
  notice: MessageKey | null;
  /** The player ticked "give up my bonus" after the warning (only asked while a bonus is there; docs/honest-money.md). */
  forfeitConfirmed: boolean;
}

const EMPTY_FORM: WithdrawForm = { amountText: '', payeeName: '', bankName: '', accountNumber: '', paymentPassword: '' };

/** An error code → the message and the field it belongs to. */
export function withdrawErrorOf(code: string): { error: MessageKey; invalid: keyof WithdrawForm | null } {
  switch (code) {
    case 'amount_out_of_range': return { error: 'wallet.amountInvalid', invalid: 'amountText' };
    case 'insufficient_balance': return { error: 'wallet.insufficient', invalid: 'amountText' };
    case 'payment_password_wrong': return { error: 'wallet.passwordWrong', invalid: 'paymentPassword' };
    case 'payment_password_not_set': return { error: 'wallet.setPaymentPasswordFirst', invalid: null };
    case 'withdraw_unavailable': return { error: 'wallet.withdrawOff', invalid: null };
    case 'bonus_forfeit_unconfirmed': return { error: 'error.bonus_forfeit_unconfirmed', invalid: null };
    case 'TOO_MANY_REQUEST': return { error: 'error.too_many_requests', invalid: null };
    case 'network': return { error: 'error.network', invalid: null };
    default: return { error: 'wallet.failed', invalid: null };
  }
}

/**
 * The withdraw page of one visit (issue 13, Withdraw; player-shell §2 /m/withdraw), made per visit
 * (src/stores/kit/page.ts):
 * - `$withdraw`: the phase, the limits, balance and withdrawals (`info`), the form, the field to fix, the error and
 *   the notice shown after a request was filed.
 * - `load()`: loads limits, balance and the player's withdrawals; the payee name on file fills an empty field.
 * - `setField(field, value)`: changes one field (clears the error and notice).
 * - `confirmForfeit(confirmed)`: the player's answer to the warning shown while a bonus not yet wagered is there: a
 *   request forfeits it (docs/honest-money.md), so `submit()` refuses until it is ticked and then sends
 *   `forfeitBonus: true`.
 * - `submit()`: files the request: checks the amount (limits and available balance) and that every field is
 *   filled, then sends it; on success the balance store takes the balance after the hold at once and the list
 *   reloads. When the answer was lost (network, 502 `upstream_unavailable`: ../concepts/outcome.ts) the request may
 *   still have been filed: the page says it is being checked (`error.outcome_checking` as its notice), keeps the
 *   idempotency key for a retry of the same request (for this visit), and reads the balance and the list again.
 * Answers that arrive after the page exits are dropped; a filed request's balance still reaches the balance store
 * (the money moved whatever the player is looking at).
 */
export const withdrawPage = createPage('withdraw', (visit) => {
  const $withdraw = atom<WithdrawState>({ phase: 'loading', info: null, form: EMPTY_FORM, invalid: null, error: null, notice: null, forfeitConfirmed: false });
  let pendingKey: { key: string; signature: string } | null = null;

  async function load(): Promise<void> {
    const state = $withdraw.get();
    if (!state.info) $withdraw.set({ ...state, phase: 'loading' });
    try {
      const info = await getWithdrawInfo();
      if (visit.exited) return;
      const current = $withdraw.get();
      $withdraw.set({
        ...current, info, phase: current.phase === 'submitting' ? 'submitting' : 'ready',
        form: { ...current.form, payeeName: current.form.payeeName || info.payeeName },
      });
    } catch (error) {
      if (visit.exited || $withdraw.get().info) return;
      $withdraw.set({ ...$withdraw.get(), phase: 'failed', ...withdrawErrorOf(error instanceof ApiRequestError ? error.errorCode : 'network') });
    }
  }

  function setField(field: keyof WithdrawForm, value: string): void {
    const state = $withdraw.get();
    $withdraw.set({ ...state, form: { ...state.form, [field]: value }, invalid: state.invalid === field ? null : state.invalid, error: null, notice: null });
  }

  /** Ticks or unticks "I give up my bonus" under the forfeit warning. */
  function confirmForfeit(confirmed: boolean): void {
    $withdraw.set({ ...$withdraw.get(), forfeitConfirmed: confirmed, error: null, notice: null });
  }

  async function submit(): Promise<void> {
    const state = $withdraw.get();
    if (state.phase !== 'ready' || !state.info) return;
    const { form, info } = state;
    const amountMinor = parseAmountInput(form.amountText);
    const refuse = (error: MessageKey, invalid: keyof WithdrawForm | null) => $withdraw.set({ ...state, error, invalid, notice: null });
    if (!amountWithin(amountMinor, info.minMinor, info.maxMinor)) return refuse('wallet.amountInvalid', 'amountText');
    if (amountMinor > info.availableMinor) return refuse('wallet.insufficient', 'amountText');
    for (const field of ['payeeName', 'bankName', 'accountNumber'] as const) {
      if (form[field].trim().length < 2) return refuse('wallet.fieldRequired', field);
    }
    if (!info.paymentPasswordSet) return refuse('wallet.setPaymentPasswordFirst', null);
    if (!/^\d{6}$/.test(form.paymentPassword)) return refuse('wallet.sixDigits', 'paymentPassword');
    const forfeit = info.bonusMinor > 0;
    if (forfeit && !state.forfeitConfirmed) return refuse('error.bonus_forfeit_unconfirmed', null);
    const signature = `${amountMinor}|${form.payeeName}|${form.bankName}|${form.accountNumber}`;
    if (!pendingKey || pendingKey.signature !== signature) pendingKey = { key: crypto.randomUUID(), signature };
    $withdraw.set({ ...state, phase: 'submitting', error: null, invalid: null, notice: null });
    try {
      const answer = await requestWithdrawal({
        amountMinor, payeeName: form.payeeName.trim(), bankName: form.bankName.trim(), accountNumber: form.accountNumber.trim(),
        paymentPassword: form.paymentPassword, idempotencyKey: pendingKey.key, ...(forfeit ? { forfeitBonus: true } : {}),
      });
      pendingKey = null;
      balanceMoved(answer.balanceMinor);
      if (visit.exited) return;
      $withdraw.set({ ...$withdraw.get(), phase: 'ready', form: { ...EMPTY_FORM, payeeName: form.payeeName }, notice: 'wallet.withdrawRequested', forfeitConfirmed: false });
      await load();
    } catch (error) {
      if (visit.exited) return;
      if (outcomeUnknown(error)) {
        $withdraw.set({ ...$withdraw.get(), phase: 'ready', error: null, invalid: null, notice: OUTCOME_CHECKING, form: { ...form, paymentPassword: '' } });
        await recheckAfterUnknownOutcome(load);
        return;
      }
      pendingKey = null;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      $withdraw.set({ ...$withdraw.get(), phase: 'ready', ...withdrawErrorOf(code), form: { ...form, paymentPassword: '' } });
    }
  }

  return { $withdraw, load, setField, confirmForfeit, submit };
});

/** One visit of the withdraw page. */
export type WithdrawPage = ReturnType<typeof withdrawPage>;
