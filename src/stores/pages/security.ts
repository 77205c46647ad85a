import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { getSecurityConfig, savePaymentPassword } from '../../api/wallet';
import type { MessageKey } from '../../../rules/i18n';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/** The security page's data (issue 13, Member centre: password, payment password, bound mobile and e-mail). */
export interface SecurityState {
  config: { paymentPasswordSet: boolean; mobileBound: boolean; mobileNum: string; emailBound: boolean; email: string } | null;
  failed: boolean;
  /** The payment password form. */
  form: { current: string; next: string; confirm: string };
  saving: boolean;
  error: MessageKey | null;
  saved: boolean;
}

/** The security page's state. */
export const $security = atom<SecurityState>({
  config: null, failed: false, form: { current: '', next: '', confirm: '' }, saving: false, error: null, saved: false,
});

/** Loads the member's security settings. */
export async function loadSecurity(): Promise<void> {
  try {
    const config = await getSecurityConfig();
    $security.set({ ...$security.get(), config, failed: false });
  } catch {
    $security.set({ ...$security.get(), failed: true });
  }
}

/** Changes one field of the payment password form. */
export function setSecurityField(field: 'current' | 'next' | 'confirm', value: string): void {
  const state = $security.get();
  $security.set({ ...state, form: { ...state.form, [field]: value }, error: null, saved: false });
}

function errorKey(code: string): MessageKey {
  if (code === 'wrong_password') return 'error.wrong_password';
  if (code === 'payment_password_wrong') return 'wallet.passwordWrong';
  if (code === 'TOO_MANY_REQUEST') return 'error.too_many_requests';
  if (code === 'free_reject') return 'free_reject';
  if (code === 'network') return 'error.network';
  return 'wallet.failed';
}

/**
 * Sets the payment password (the first time `current` is the LOGIN password) or changes it (`current` is the
 * payment password in use). The new one is 6 digits and must be typed twice alike; nothing is sent otherwise.
 */
export async function savePaymentPasswordForm(): Promise<void> {
  const state = $security.get();
  if (state.saving || !state.config) return;
  const { current, next, confirm } = state.form;
  const refuse = (error: MessageKey) => $security.set({ ...state, error, saved: false });
  if (!/^\d{6}$/.test(next)) return refuse('wallet.sixDigits');
  if (next !== confirm) return refuse('wallet.passwordsDiffer');
  if (current === '') return refuse('wallet.fieldRequired');
  $security.set({ ...state, saving: true, error: null, saved: false });
  try {
    await savePaymentPassword(state.config.paymentPasswordSet
      ? { newPaymentPassword: next, oldPaymentPassword: current }
      : { newPaymentPassword: next, loginPassword: current });
    const config = { ...state.config, paymentPasswordSet: true };
    $security.set({ ...$security.get(), config, saving: false, saved: true, form: { current: '', next: '', confirm: '' } });
  } catch (error) {
    $security.set({ ...$security.get(), saving: false, error: errorKey(error instanceof ApiRequestError ? error.errorCode : 'network') });
  }
}
