import { resetPasswordByEmailToken } from '../../api/accounts';
import { confirmPassword, password } from '../../../rules/validation';
import { createForm, formMessage, issueErrors, refusal, type FieldErrors } from '../kit/form';
import { openPage } from '../kit/navigation';
import type { Visit } from '../kit/page';
import { showToast } from '../concepts/toast';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/** Fields of the e-mailed reset link's form in screen order. */
export const EMAIL_RESET_FIELDS = ['newPassword', 'confirmNewPassword'] as const;
type Field = (typeof EMAIL_RESET_FIELDS)[number];
/** How long the success text stays before the login screen (accounts §9: short messages 1 to 1.5 s). */
export const RESET_DONE_MS = 1500;

/**
 * The part of a visit of /m/forget an e-mailed reset link opens (/m/forget?resetToken=…), built by that page
 * (./forgetPassword.ts `forgetPage`) on its `visit`:
 * - `form`: the new password twice (../kit/form.ts).
 * - `submit(token)`: sets the new password with the link's `token` (PlayDeck extension POST
 *   /wps/playdeck/password/emailReset): the password rule and the confirmation first; success says forget.done and
 *   goes to log in after RESET_DONE_MS (on the visit's timer); a used or expired link shows `reset_link_invalid`
 *   under the form; a refused field shows by it.
 * An answer that arrives after the visit exits is dropped.
 */
export function emailResetFlow(visit: Visit) {
  const form = createForm<Field>({ newPassword: '', confirmNewPassword: '' });

  async function submit(token: string): Promise<void> {
    const { $values, $busy, $formError, showErrors } = form;
    if ($busy.get()) return;
    const values = $values.get();
    const errors: FieldErrors<Field> = {};
    const fresh = password(values.newPassword, values.confirmNewPassword);
    if (fresh) errors.newPassword = fresh;
    const confirmation = confirmPassword(values.confirmNewPassword, values.newPassword);
    if (confirmation) errors.confirmNewPassword = confirmation;
    $formError.set(null);
    if (!showErrors(errors, EMAIL_RESET_FIELDS)) return;
    $busy.set(true);
    try {
      await resetPasswordByEmailToken({ token, ...values });
      if (visit.exited) return;
      showToast('forget.done', 'success', RESET_DONE_MS);
      visit.later(() => openPage('/m/login'), RESET_DONE_MS);
    } catch (error) {
      if (visit.exited) return;
      $busy.set(false);
      const refused = refusal(error);
      const mapped = issueErrors(refused, EMAIL_RESET_FIELDS, { newPassword: 'validation.password', confirmNewPassword: 'validation.password' });
      if (showErrors(mapped, EMAIL_RESET_FIELDS)) $formError.set(formMessage(refused));
    }
  }

  return { form, submit };
}

/** The reset-link part of one visit of /m/forget. */
export type EmailResetFlow = ReturnType<typeof emailResetFlow>;
