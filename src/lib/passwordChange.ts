/**
 * Change-password and reset-by-SMS form rules (accounts §2 Change-password screen, §4 "Change password success",
 * §5 Change password, §8 "New password equals old → same_password prompt, no submit").
 */
import type { MessageKey } from './i18n';
import { confirmPassword, loginPassword, mobileNum, password } from './validation';

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

/** Phone fields must be valid before a code is asked for (accounts §5 "SMS code request requires valid phone fields first"). */
export function phoneErrors(values: Pick<ResetValues, 'countryDialingCode' | 'mobileNum'>): Partial<Record<keyof ResetValues, MessageKey>> {
  const errors: Partial<Record<keyof ResetValues, MessageKey>> = {};
  if (!/^\d{1,4}$/.test(values.countryDialingCode)) errors.countryDialingCode = 'validation.required';
  const mobile = mobileNum(values.mobileNum.trim());
  if (mobile) errors.mobileNum = mobile;
  return errors;
}

/** Field errors of the whole reset form, in screen order. */
export function resetErrors(values: ResetValues): Partial<Record<keyof ResetValues, MessageKey>> {
  const errors = phoneErrors(values);
  if (!/^\d{4,8}$/.test(values.verificationCode.trim())) errors.verificationCode = 'validation.smsCode';
  const fresh = password(values.newPassword, values.confirmNewPassword);
  if (fresh) errors.newPassword = fresh;
  const confirmation = confirmPassword(values.confirmNewPassword, values.newPassword);
  if (confirmation) errors.confirmNewPassword = confirmation;
  return errors;
}

/** Default wait before a new code may be asked for (accounts §9 "default send wait 60 s"). */
export const SMS_DEFAULT_WAIT_MS = 60_000;
/** The countdown is checked every 500 ms (accounts §9). */
export const SMS_POLL_MS = 500;

/** Whole seconds left until the server's expiration time; 0 means the get-code link is back. */
export function smsSecondsLeft(expirationTime: number, now: number): number {
  return Math.max(0, Math.ceil((expirationTime - now) / 1000));
}
