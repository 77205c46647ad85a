import { useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import FormField from './FormField';
import { useHydrated } from './useHydrated';
import { useFieldFocus } from '../hooks/useFieldFocus';
import { t } from '../../rules/i18n';
import type { EmailResetFlow } from '../stores/pages/emailReset';

/**
 * The page an e-mailed reset link opens (/m/forget?resetToken=…): the new password twice. The flow lives in
 * src/stores/pages/emailReset.ts (the `link` part of the page's visit, `flow`).
 */
export default function EmailResetForm({ flow, token }: { flow: EmailResetFlow; token: string }) {
  const { form } = flow;
  const hydrated = useHydrated();
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const formError = useStore(form.$formError);
  const busy = useStore(form.$busy);
  const ref = useRef<HTMLFormElement>(null);
  useFieldFocus(ref, form.$focus);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submit(token);
  };

  return (
    <form ref={ref} className="account-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="lead">{t('forget.newIntro')}</p>
      <FormField label={t('password.new')} name="newPassword" type="password" autoComplete="new-password" revealable
        hint={t('form.passwordHint')} value={values.newPassword} onValue={form.setter('newPassword')} error={errors.newPassword} />
      <FormField label={t('password.confirm')} name="confirmNewPassword" type="password" autoComplete="new-password" revealable
        value={values.confirmNewPassword} onValue={form.setter('confirmNewPassword')} error={errors.confirmNewPassword} />
      <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('password.submit')}
      </button>
    </form>
  );
}
