import { useRef, useState, type FormEvent } from 'react';
import { forgotPasswordByEmail } from '../api/accounts';
import { ApiRequestError } from '../api/client';
import FormField from '../components/FormField';
import { focusField } from '../components/focusField';
import { useHydrated } from '../components/useHydrated';
import { t, type MessageKey } from '../lib/i18n';
import { email as emailRule, firstFailing, loginUsername, serverErrorKey } from '../lib/validation';

type Field = 'username' | 'email';
const ORDER: readonly Field[] = ['username', 'email'];

/**
 * Forgot password by e-mail (accounts §2 /m/forget, platform-contract.md §3 POST /wps/member/password/email,
 * form-encoded `username`, `email`): both fields are required (the e-mail in its format); success shows
 * `in_been_out` whatever the server found, since the answer is the same whether or not the pair matched.
 */
export default function ForgetByEmail() {
  const hydrated = useHydrated();
  const [values, setValues] = useState({ username: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next: Partial<Record<Field, MessageKey>> = {};
    const user = loginUsername(values.username);
    if (user) next.username = user;
    const mail = values.email.trim() === '' ? 'validation.email' : emailRule(values.email.trim());
    if (mail) next.email = mail;
    setErrors(next);
    setFormError(null);
    const first = firstFailing(ORDER, next);
    if (first) {
      focusField(form.current, first);
      return;
    }
    setBusy(true);
    try {
      await forgotPasswordByEmail({ username: values.username.trim(), email: values.email.trim() });
      setSent(true);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      setFormError(serverErrorKey(error.errorCode));
    } finally {
      setBusy(false);
    }
  };

  if (sent) return <p className="card" role="status">{t('in_been_out')}</p>;
  return (
    <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <p className="lead">{t('forget.emailIntro')}</p>
      <FormField label={t('form.username')} name="username" autoComplete="username" autoCapitalize="off" spellCheck={false}
        value={values.username} onValue={set('username')} error={errors.username} />
      <FormField label={t('form.email')} name="email" type="email" autoComplete="email"
        value={values.email} onValue={set('email')} error={errors.email} />
      <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('forget.emailSubmit')}
      </button>
    </form>
  );
}
