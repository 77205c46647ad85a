import { useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import FormField from './FormField';
import { useFieldFocus } from '../hooks/useFieldFocus';
import { t } from '../../rules/i18n';
import type { ForgetByEmailFlow } from '../stores/pages/forgetByEmail';

/**
 * Forgot password by e-mail (accounts §2 /m/forget): username and e-mail; once sent, `in_been_out`. The flow lives
 * in src/stores/pages/forgetByEmail.ts (the `email` part of the page's visit, `flow`).
 */
export default function ForgetByEmail({ flow }: { flow: ForgetByEmailFlow }) {
  const { form } = flow;
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const formError = useStore(form.$formError);
  const busy = useStore(form.$busy);
  const sent = useStore(flow.$sent);
  const ref = useRef<HTMLFormElement>(null);
  useFieldFocus(ref, form.$focus);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submit();
  };

  if (sent) return <p className="card" role="status">{t('in_been_out')}</p>;
  return (
    <form ref={ref} className="account-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="lead">{t('forget.emailIntro')}</p>
      <FormField label={t('form.username')} name="username" autoComplete="username" autoCapitalize="off" spellCheck={false}
        value={values.username} onValue={form.setter('username')} error={errors.username} />
      <FormField label={t('form.email')} name="email" type="email" autoComplete="email"
        value={values.email} onValue={form.setter('email')} error={errors.email} />
      <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('forget.emailSubmit')}
      </button>
    </form>
  );
}
