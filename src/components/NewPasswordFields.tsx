import { useStore } from '@nanostores/react';
import FormField from './FormField';
import { t } from '../../rules/i18n';
import type { FormState } from '../stores/kit/form';

/**
 * The new password and its confirmation, each with show/hide (accounts §2 forgot and change password, §5 rules):
 * the two fields both password forms end with, bound to a form store that has `newPassword` and
 * `confirmNewPassword`.
 */
export default function NewPasswordFields<F extends string>({ form }: { form: FormState<F | 'newPassword' | 'confirmNewPassword'> }) {
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  return (
    <>
      <FormField
        label={t('password.new')} name="newPassword" type="password" autoComplete="new-password" revealable
        hint={t('form.passwordHint')} value={values.newPassword} onValue={form.setter('newPassword')} error={errors.newPassword}
      />
      <FormField
        label={t('password.confirm')} name="confirmNewPassword" type="password" autoComplete="new-password" revealable
        value={values.confirmNewPassword} onValue={form.setter('confirmNewPassword')} error={errors.confirmNewPassword}
      />
    </>
  );
}
