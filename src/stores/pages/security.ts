import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { getSecurityConfig, savePaymentPassword as savePaymentPasswordCall } from '../../api/wallet';
import type { MessageKey } from '../../../rules/i18n';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)
import { createPage } from '../kit/page';
import { profileForm } from './profile';

/** The security page's data (issue 13, Member centre: password, payment password, bound mobile and e-mail). */
export interface SecurityState {
  config: {
    paymentPasswordSet: boolean; mobileBound: boolean; mobileNum: string; emailBound: boolean; email: string;
    /** An address waiting for its confirmation link (masked), '' or absent when none. */
    emailPending?: string | undefined;
  } | null;
  failed: boolean;
  /** What the opened e-mail confirmation link came to (shown once on arrival), or null. */
  emailNotice: { ok: boolean; key: MessageKey } | null;
  /** The payment password form. */
  form: { current: string; next: string; confirm: string };
  saving: boolean;
  error: MessageKey | null;
  saved: boolean;
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
 * What an opened e-mail confirmation link came to, from the page's hash (`#emailConfirm=ok|<errorCode>`, written
 * by the worker's confirm route, worker/api/accounts-extensions.ts): ok → the address is bound; a used or expired
 * link → error.email_link_invalid; too many tries → error.too_many_requests; anything else → wallet.failed. Null
 * when the hash carries no outcome.
 */
export function emailConfirmNotice(hash: string): { ok: boolean; key: MessageKey } | null {
  const outcome = new URLSearchParams(hash.replace(/^#/, '')).get('emailConfirm');
  if (outcome === null) return null;
  if (outcome === 'ok') return { ok: true, key: 'wallet.emailConfirmed' };
  if (outcome === 'email_link_invalid') return { ok: false, key: 'error.email_link_invalid' };
  if (outcome === 'TOO_MANY_REQUEST') return { ok: false, key: 'error.too_many_requests' };
  return { ok: false, key: 'wallet.failed' };
}

/**
 * The member centre's security page of one visit (issue 13, Member centre: password, payment password, bound
 * mobile and e-mail; /m/member/security), made per visit (src/stores/kit/page.ts):
 * - `$security`: the member's security settings (`config`), whether loading them failed, the payment password form.
 * - `load()`: loads the member's security settings.
 * - `setField(field, value)`: changes one field of the payment password form.
 * - `savePaymentPassword()`: sets the payment password (the first time `current` is the LOGIN password) or changes
 *   it (`current` is the payment password in use). The new one is 6 digits and must be typed twice alike; nothing
 *   is sent otherwise.
 * - `profile`: the profile edits on the same page (./profile.ts `profileForm`); an e-mail saved there reloads
 *   `$security` (the address then waits for its confirmation link: `config.emailPending`).
 * - `arrived(hash)`: shows what an opened e-mail confirmation link came to (`emailNotice`, see emailConfirmNotice).
 * Answers that arrive after the page exits are dropped.
 */
export const securityPage = createPage('member/security', (visit) => {
  const $security = atom<SecurityState>({
    config: null, failed: false, emailNotice: null, form: { current: '', next: '', confirm: '' }, saving: false, error: null, saved: false,
  });

  function arrived(hash: string): void {
    const notice = emailConfirmNotice(hash);
    if (notice) $security.set({ ...$security.get(), emailNotice: notice });
  }

  async function load(): Promise<void> {
    try {
      const config = await getSecurityConfig();
      if (!visit.exited) $security.set({ ...$security.get(), config, failed: false });
    } catch {
      if (!visit.exited) $security.set({ ...$security.get(), failed: true });
    }
  }

  function setField(field: 'current' | 'next' | 'confirm', value: string): void {
    const state = $security.get();
    $security.set({ ...state, form: { ...state.form, [field]: value }, error: null, saved: false });
  }

  async function savePaymentPassword(): Promise<void> {
    const state = $security.get();
    if (state.saving || !state.config) return;
    const { current, next, confirm } = state.form;
    const refuse = (error: MessageKey) => $security.set({ ...state, error, saved: false });
    if (!/^\d{6}$/.test(next)) return refuse('wallet.sixDigits');
    if (next !== confirm) return refuse('wallet.passwordsDiffer');
    if (current === '') return refuse('wallet.fieldRequired');
    $security.set({ ...state, saving: true, error: null, saved: false });
    try {
      await savePaymentPasswordCall(state.config.paymentPasswordSet
        ? { newPaymentPassword: next, oldPaymentPassword: current }
        : { newPaymentPassword: next, loginPassword: current });
      if (visit.exited) return;
      const config = { ...state.config, paymentPasswordSet: true };
      $security.set({ ...$security.get(), config, saving: false, saved: true, form: { current: '', next: '', confirm: '' } });
    } catch (error) {
      if (!visit.exited) $security.set({ ...$security.get(), saving: false, error: errorKey(error instanceof ApiRequestError ? error.errorCode : 'network') });
    }
  }

  return { $security, load, setField, savePaymentPassword, arrived, profile: profileForm(visit, load) };
});

/** One visit of the security page. */
export type SecurityPage = ReturnType<typeof securityPage>;
