import { useRef, useState, type FormEvent } from 'react';
import { changePassword } from '../api/calls';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { checkPasswordChange, needsOldPassword, PASSWORD_SAVED_MS, type PasswordChangeValues } from '../lib/passwordChange';
import { firstFailing } from '../lib/validation';
import { hideToast, showToast } from '../stores/toast';

const ORDER = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;
/** Loading toast bound while the call runs. */
const LOADING_MS = 10_000;

/**
 * Change-password form (accounts §2 Change-password screen, §4, §5, §8): old password (only when no password is
 * held from the session — PlayDeck never keeps one), new password and confirmation, each with show/hide. A new
 * password equal to the old one shows same_password and submits nothing; success shows the saved text for 1 s,
 * then after 1 s goes home; a failure only hides the loading message.
 */
export default function ChangePasswordForm() {
  const hydrated = useHydrated();
  const oldShown = needsOldPassword(null);
  const [values, setValues] = useState<PasswordChangeValues>({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<ReturnType<typeof checkPasswordChange>['errors']>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<'same_password' | 'in_chang_saved' | null>(null);
  const inputs = useRef<Partial<Record<(typeof ORDER)[number], HTMLInputElement | null>>>({});
  const set = (field: keyof PasswordChangeValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkPasswordChange(values, oldShown);
    setErrors(check.errors);
    const failing = firstFailing(ORDER, check.errors);
    if (failing) {
      inputs.current[failing]?.focus();
      setNotice(null);
      return;
    }
    if (check.samePassword) {
      setNotice('same_password');
      inputs.current.newPassword?.focus();
      return;
    }
    setNotice(null);
    setBusy(true);
    const loading = showToast('in_please_wait', 'loading', LOADING_MS);
    try {
      await changePassword(values);
      hideToast(loading);
      setNotice('in_chang_saved');
      showToast('in_chang_saved', 'success', PASSWORD_SAVED_MS);
      setTimeout(() => window.location.assign('/m/home'), PASSWORD_SAVED_MS * 2);
    } catch {
      hideToast(loading);
      setBusy(false);
    }
  };

  return (
    <form className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      {oldShown && (
        <FormField
          label={t('password.old')} name="oldPassword" type="password" autoComplete="current-password" revealable
          value={values.oldPassword} onValue={set('oldPassword')} error={errors.oldPassword}
          inputRef={(el) => { inputs.current.oldPassword = el; }}
        />
      )}
      <FormField
        label={t('password.new')} name="newPassword" type="password" autoComplete="new-password" revealable
        hint={t('form.passwordHint')} value={values.newPassword} onValue={set('newPassword')} error={errors.newPassword}
        inputRef={(el) => { inputs.current.newPassword = el; }}
      />
      <FormField
        label={t('password.confirm')} name="confirmNewPassword" type="password" autoComplete="new-password" revealable
        value={values.confirmNewPassword} onValue={set('confirmNewPassword')} error={errors.confirmNewPassword}
        inputRef={(el) => { inputs.current.confirmNewPassword = el; }}
      />
      <p className={notice === 'in_chang_saved' ? 'form-ok' : 'form-error'} role="alert">{notice ? t(notice) : ''}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('password.submit')}
      </button>
    </form>
  );
}
