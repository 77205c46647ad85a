import { useRef, useState, type FormEvent } from 'react';
import { changePassword } from '../api/accounts';
import { ApiRequestError } from '../api/client';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { isMessageKey, t, type MessageKey } from '../lib/i18n';
import { checkPasswordChange, needsOldPassword, PASSWORD_SAVED_MS, type PasswordChangeValues } from '../lib/passwordChange';
import { firstFailing, inputIssues, serverErrorKey } from '../lib/validation';
import { replaceRememberedToken } from '../stores/remember';
import { hideToast, showToast } from '../stores/toast';

const ORDER = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;
type Field = (typeof ORDER)[number];
/** The message of a field the server refused (invalid_input issues name the field). */
const ISSUE_MESSAGE: Record<Field, MessageKey> = {
  oldPassword: 'validation.loginPassword', newPassword: 'validation.password', confirmNewPassword: 'in_confirmation_correct',
};
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
  // PlayDeck never holds the player's password in memory (remember-me keeps a revocable token instead), so per
  // accounts §2 "shown only if no password is held" the old-password field always shows.
  const oldShown = needsOldPassword(null);
  const [values, setValues] = useState<PasswordChangeValues>({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<ReturnType<typeof checkPasswordChange>['errors']>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<MessageKey | null>(null);
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
      const rememberToken = (await changePassword(values))?.rememberToken;
      hideToast(loading);
      // The server revoked the old remember-me tokens; a kept login gets the fresh one (accounts §3 "re-encoded").
      replaceRememberedToken(rememberToken);
      setNotice('in_chang_saved');
      showToast('in_chang_saved', 'success', PASSWORD_SAVED_MS);
      setTimeout(() => window.location.assign('/m/home'), PASSWORD_SAVED_MS * 2);
    } catch (error) {
      // accounts §8 "Failed password change: loading hidden"; the reason shows by the field it concerns.
      hideToast(loading);
      setBusy(false);
      if (!(error instanceof ApiRequestError)) throw error;
      const mapped: typeof errors = {};
      for (const { path, key } of inputIssues(error.value)) {
        const field = ORDER.find((f) => f === path);
        if (field) mapped[field] = key && isMessageKey(key) ? key : ISSUE_MESSAGE[field];
      }
      if (error.errorCode === 'wrong_password') mapped.oldPassword = 'error.wrong_password';
      setErrors(mapped);
      const failing = firstFailing(ORDER, mapped);
      if (failing) inputs.current[failing]?.focus();
      else setNotice(serverErrorKey(error.errorCode));
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
