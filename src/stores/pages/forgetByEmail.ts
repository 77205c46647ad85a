import { atom } from 'nanostores';
import { forgotPasswordByEmail } from '../../api/accounts';
import { email as emailRule, loginUsername } from '../../../rules/validation';
import { createForm, formMessage, refusal, type FieldErrors } from '../kit/form';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)
import type { Visit } from '../kit/page';

/** Fields of the forgot-by-e-mail form in screen order. */
export const FORGET_BY_EMAIL_FIELDS = ['username', 'email'] as const;
type Field = (typeof FORGET_BY_EMAIL_FIELDS)[number];

/**
 * The forgot-by-e-mail part of a visit of /m/forget (accounts §2 /m/forget, e-mail tab), built by that page
 * (./forgetPassword.ts `forgetPage`) on its `visit`:
 * - `form`: username and e-mail (../kit/form.ts); `$sent`: true once the request was sent (`in_been_out` shows
 *   instead of the form).
 * - `submit()`: sends the reset mail request (platform-contract.md §3 POST /wps/member/password/email, `username`,
 *   `email`): both fields are required, the e-mail in its format; success shows `in_been_out` whatever the server
 *   found, since the answer is the same whether or not the pair matched; a refusal shows under the form.
 * An answer that arrives after the visit exits is dropped.
 */
export function forgetByEmailFlow(visit: Visit) {
  const form = createForm<Field>({ username: '', email: '' });
  const $sent = atom(false);

  async function submit(): Promise<void> {
    const { $values, $busy, $formError, showErrors } = form;
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
      if (!visit.exited) $sent.set(true);
    } catch (error) {
      if (!visit.exited) $formError.set(formMessage(refusal(error)));
    } finally {
      if (!visit.exited) $busy.set(false);
    }
  }

  return { form, $sent, submit };
}

/** The forgot-by-e-mail part of one visit of /m/forget. */
export type ForgetByEmailFlow = ReturnType<typeof forgetByEmailFlow>;
