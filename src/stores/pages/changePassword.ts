import { atom } from 'nanostores';
import { changePassword as callChangePassword } from '../../api/accounts';
import { checkPasswordChange, needsOldPassword, PASSWORD_SAVED_MS } from '../../lib/passwordChange';
import { createForm, formMessage, issueErrors, refusal } from '../kit/form';
import { openPage } from '../kit/navigation';
import { createPage } from '../kit/page';
import { replaceRememberedToken } from '../concepts/remember';
import { hideToast, showToast } from '../concepts/toast';

/** Fields of the change-password form in screen order (accounts §2 Change-password screen). */
export const CHANGE_PASSWORD_FIELDS = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;
type Field = (typeof CHANGE_PASSWORD_FIELDS)[number];
/** How long the loading toast may stay while the call runs. */
const LOADING_MS = 10_000;

/**
 * PlayDeck never holds the player's password in memory (remember-me keeps a revocable token instead), so per
 * accounts §2 "shown only if no password is held" the old-password field always shows.
 */
export const OLD_PASSWORD_SHOWN = needsOldPassword(null);

/**
 * The change-password page of one visit (accounts §2 Change-password screen, /m/changePsw), made per visit
 * (src/stores/kit/page.ts):
 * - `form`: values, field errors, the form message (same_password or a refusal), busy (../kit/form.ts).
 * - `$passwordSaved`: true once the new password is saved (the success text shows, then home).
 * - `submit()`: submits the change (accounts §4 "Change password success", §8): checks the fields (first failing
 *   gets focus); a new password equal to the old shows same_password and sends nothing; while the call runs a
 *   loading toast shows; success hides it, swaps a kept login's remember token for the fresh one, shows
 *   in_chang_saved for 1 s and goes home 1 s later; a refusal hides the loading text and shows the reason by its
 *   field (wrong_password by the old password) or under the form.
 * An answer that arrives after the page exits is dropped (a saved password still swaps the remember token), and
 * the way home waiting on the visit's timer ends with it.
 */
export const changePasswordPage = createPage('changePsw', (visit) => {
  const form = createForm<Field>({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const $passwordSaved = atom(false);

  async function submit(): Promise<void> {
    const { $values, $busy, $formError, showErrors, focus } = form;
    if ($busy.get()) return;
    const values = $values.get();
    const check = checkPasswordChange(values, OLD_PASSWORD_SHOWN);
    if (!showErrors(check.errors, CHANGE_PASSWORD_FIELDS)) {
      $formError.set(null);
      return;
    }
    if (check.samePassword) {
      $formError.set('same_password');
      focus('newPassword');
      return;
    }
    $formError.set(null);
    $busy.set(true);
    const loading = showToast('in_please_wait', 'loading', LOADING_MS);
    try {
      const rememberToken = (await callChangePassword(values))?.rememberToken;
      hideToast(loading);
      replaceRememberedToken(rememberToken);
      if (visit.exited) return;
      $passwordSaved.set(true);
      showToast('in_chang_saved', 'success', PASSWORD_SAVED_MS);
      visit.later(() => openPage('/m/home'), PASSWORD_SAVED_MS * 2);
    } catch (error) {
      hideToast(loading);
      if (visit.exited) return;
      $busy.set(false);
      const refused = refusal(error);
      const mapped = issueErrors(refused, CHANGE_PASSWORD_FIELDS, {
        oldPassword: 'validation.loginPassword', newPassword: 'validation.password', confirmNewPassword: 'in_confirmation_correct',
      });
      if (refused.errorCode === 'wrong_password') mapped.oldPassword = 'error.wrong_password';
      if (showErrors(mapped, CHANGE_PASSWORD_FIELDS)) $formError.set(formMessage(refused));
    }
  }

  return { form, $passwordSaved, submit };
});

/** One visit of the change-password page. */
export type ChangePasswordPage = ReturnType<typeof changePasswordPage>;
