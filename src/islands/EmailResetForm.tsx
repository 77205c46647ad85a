import { useRef, useState, type FormEvent } from 'react';
import { resetPasswordByEmailToken } from '../api/accounts';
import { ApiRequestError } from '../api/client';
import FormField from '../components/FormField';
import { focusField } from '../components/focusField';
import { useHydrated } from '../components/useHydrated';
import { isMessageKey, t, type MessageKey } from '../lib/i18n';
import { confirmPassword, firstFailing, inputIssues, password, serverErrorKey } from '../lib/validation';
import { showToast } from '../stores/toast';

type Field = 'newPassword' | 'confirmNewPassword';
const ORDER: readonly Field[] = ['newPassword', 'confirmNewPassword'];
/** How long the success text stays before the login screen (accounts §9: short messages 1 to 1.5 s). */
const DONE_MS = 1500;

/**
 * The page an e-mailed reset link opens (/m/forget?resetToken=…; PlayDeck extension POST
 * /wps/playdeck/password/emailReset): the new password twice (the password rule; equal), then the link's token
 * sets it once; success says so and goes to log in. A used or expired link says so (`reset_link_invalid`).
 */
export default function EmailResetForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState({ newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const show = (next: Partial<Record<Field, MessageKey>>) => {
    setErrors(next);
    const first = firstFailing(ORDER, next);
    if (first) focusField(form.current, first);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next: Partial<Record<Field, MessageKey>> = {};
    const fresh = password(values.newPassword, values.confirmNewPassword);
    if (fresh) next.newPassword = fresh;
    const confirmation = confirmPassword(values.confirmNewPassword, values.newPassword);
    if (confirmation) next.confirmNewPassword = confirmation;
    setFormError(null);
    show(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await resetPasswordByEmailToken({ token, ...values });
      showToast('forget.done', 'success', DONE_MS);
      setTimeout(() => window.location.assign('/m/login'), DONE_MS);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiRequestError)) throw error;
      const mapped: Partial<Record<Field, MessageKey>> = {};
      for (const { path, key } of inputIssues(error.value)) {
        if (path === 'newPassword' || path === 'confirmNewPassword') mapped[path] = key && isMessageKey(key) ? key : 'validation.password';
      }
      if (Object.keys(mapped).length > 0) show(mapped);
      else setFormError(serverErrorKey(error.errorCode));
    }
  };

  return (
    <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <p className="lead">{t('forget.newIntro')}</p>
      <FormField label={t('password.new')} name="newPassword" type="password" autoComplete="new-password" revealable
        hint={t('form.passwordHint')} value={values.newPassword} onValue={set('newPassword')} error={errors.newPassword} />
      <FormField label={t('password.confirm')} name="confirmNewPassword" type="password" autoComplete="new-password" revealable
        value={values.confirmNewPassword} onValue={set('confirmNewPassword')} error={errors.confirmNewPassword} />
      <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('password.submit')}
      </button>
    </form>
  );
}
