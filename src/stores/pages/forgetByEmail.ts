import { atom } from 'nanostores';
import { forgotPasswordByEmail } from '../../api/accounts';
import { email as emailRule, loginUsername } from '../../../rules/validation';
import { createForm, formMessage, refusal, type FieldErrors } from '../kit/form';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/** Fields of the forgot-by-e-mail form in screen order. */
export const FORGET_BY_EMAIL_FIELDS = ['username', 'email'] as const;
type Field = (typeof FORGET_BY_EMAIL_FIELDS)[number];

/** The forgot-by-e-mail form (accounts §2 /m/forget, e-mail tab). */
export const forgetByEmailForm = createForm<Field>({ username: '', email: '' });
/** True once the request was sent: `in_been_out` shows instead of the form. */
export const $resetMailSent = atom(false);

/**
 * Sends the reset mail request (platform-contract.md §3 POST /wps/member/password/email, `username`, `email`):
 * both fields are required, the e-mail in its format; success shows `in_been_out` whatever the server found,
 * since the answer is the same whether or not the pair matched; a refusal shows under the form.
 */
export async function submitForgetByEmail(): Promise<void> {
  const { $values, $busy, $formError, showErrors } = forgetByEmailForm;
  if ($busy.get()) return;
  const values = $values.get();
  const errors: FieldErrors<Field> = {};
  const user = loginUsername(values.username);
  if (user) errors.username = user;
  const mail = values.email.trim() === '' ? 'validation.email' : emailRule(values.email.trim());
  if (mail) errors.email = mail;
  $formError.set(null);
  if (!showErrors(errors, FORGET_BY_EMAIL_FIELDS)) return;
  $busy.set(true);
  try {
    await forgotPasswordByEmail({ username: values.username.trim(), email: values.email.trim() });
    $resetMailSent.set(true);
  } catch (error) {
    $formError.set(formMessage(refusal(error)));
  } finally {
    $busy.set(false);
  }
}
