import { useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import NewPasswordFields from '../components/NewPasswordFields';
import { useFieldFocus } from '../hooks/useFieldFocus';
import { t } from '../../rules/i18n';
import { usePage } from '../hooks/usePage';
import { changePasswordPage, OLD_PASSWORD_SHOWN } from '../stores/pages/changePassword';

/**
 * Change-password form (accounts §2 Change-password screen, §4, §5, §8): old password, new password and
 * confirmation, each with show/hide. The flow lives in src/stores/pages/changePassword.ts.
 */
export default function ChangePasswordForm() {
  const hydrated = useHydrated();
  const page = usePage(changePasswordPage);
  const { form } = page;
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const notice = useStore(form.$formError);
  const saved = useStore(page.$passwordSaved);
  const busy = useStore(form.$busy);
  const ref = useRef<HTMLFormElement>(null);
  useFieldFocus(ref, form.$focus);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void page.submit();
  };

  return (
    <form ref={ref} className="account-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      {OLD_PASSWORD_SHOWN && (
        <FormField
          label={t('password.old')} name="oldPassword" type="password" autoComplete="current-password" revealable
          value={values.oldPassword} onValue={form.setter('oldPassword')} error={errors.oldPassword}
        />
      )}
      <NewPasswordFields form={form} />
      <p className={saved ? 'form-ok' : 'form-error'} role="alert">{saved ? t('in_chang_saved') : notice ? t(notice) : ''}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('password.submit')}
      </button>
    </form>
  );
}
