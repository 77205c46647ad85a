/**
 * Change-password and reset-by-SMS form rules (accounts §2 Change-password screen, §4 "Change password success",
 * §5 Change password, §8 "New password equals old → same_password prompt, no submit").
 */
import type { MessageKey } from '../../rules/i18n';
import { confirmPassword, countryDialingCode, loginMobileNum, loginPassword, password, verificationCode } from '../../rules/validation';

/** "The saved text shows for 1 s, then after 1 s the user goes home." */
export const PASSWORD_SAVED_MS = 1000;

/** "An old-password field shown only if no password is held in memory from the session." */
export function needsOldPassword(heldPassword: string | null | undefined): boolean {
  return !heldPassword;
}

/** Values of the change-password form. */
export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Field errors of the change-password form, and whether the same_password prompt shows instead of a submit. */
export interface PasswordChangeCheck {
  errors: Partial<Record<keyof PasswordChangeValues, MessageKey>>;
  samePassword: boolean;
}

/**
 * Checks the form: the old password follows the loginPassword rule when its field is shown; the new password
 * follows the password rule and must equal the confirmation (in_confirmation_correct); the confirmation is
 * required (in_incorrect_password); a new password equal to the old one is refused with same_password.
 */
export function checkPasswordChange(values: PasswordChangeValues, oldShown: boolean, heldPassword: string | null = null): PasswordChangeCheck {
  const errors: PasswordChangeCheck['errors'] = {};
  if (oldShown) {
    const old = loginPassword(values.oldPassword);
    if (old) errors.oldPassword = old;
  }
  const fresh = password(values.newPassword, values.confirmNewPassword);
  if (fresh) errors.newPassword = fresh;
  const confirmation = confirmPassword(values.confirmNewPassword, values.newPassword);
  if (confirmation) errors.confirmNewPassword = confirmation;
  const old = oldShown ? values.oldPassword : heldPassword ?? '';
  const samePassword = Object.keys(errors).length === 0 && old !== '' && old === values.newPassword;
  return { errors, samePassword };
}

/** Values of the reset-by-SMS form. */
export interface ResetValues {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Field errors of the whole reset form, in screen order (accounts §5: phone fields, the SMS code, the new password twice). */
export function resetErrors(values: ResetValues): Partial<Record<keyof ResetValues, MessageKey>> {
  const errors: Partial<Record<keyof ResetValues, MessageKey>> = {};
  const dial = countryDialingCode(values.countryDialingCode);
  if (dial) errors.countryDialingCode = dial;
  const mobile = loginMobileNum(values.mobileNum);
  if (mobile) errors.mobileNum = mobile;
  const code = verificationCode(values.verificationCode);
  if (code) errors.verificationCode = code;
  const fresh = password(values.newPassword, values.confirmNewPassword);
  if (fresh) errors.newPassword = fresh;
  const confirmation = confirmPassword(values.confirmNewPassword, values.newPassword);
  if (confirmation) errors.confirmNewPassword = confirmation;
  return errors;
}
