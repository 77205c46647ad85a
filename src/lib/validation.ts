/**
 * Field rules of the login and registration forms (accounts §5 Validation rules). Every rule is a pure
 * function returning a message key, or null when the value passes. The client rules mirror the server's
 * so most mistakes are caught before a call; the server still has the last word.
 */
import { isMessageKey, type MessageKey } from './i18n';

/** Result of one rule: a message key to show, or null when the value passes. */
export type RuleResult = MessageKey | null;

const USERNAME = /^[A-Za-z][A-Za-z0-9]{3,15}$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MOBILE = /^\d{10,11}$/;
const AFFILIATE = /^[A-Za-z0-9_-]{1,32}$/;

/** Login username (accounts §5 loginUsername): required once trimmed. */
export function loginUsername(value: string): RuleResult {
  return value.trim() === '' ? 'validation.loginUsername' : null;
}

/** Login password (accounts §5 loginPassword): required, taken as typed. */
export function loginPassword(value: string): RuleResult {
  return value === '' ? 'validation.loginPassword' : null;
}

/** Username (accounts §5 "account format incorrect"): 4–16 letters or digits, starting with a letter. */
export function username(value: string): RuleResult {
  return USERNAME.test(value) ? null : 'validation.username';
}

/**
 * Password (accounts §5 "password format incorrect"): 6–20 characters with at least one letter and one digit;
 * it also fails with in_confirmation_correct when both it and the confirmation are filled and differ.
 */
export function password(value: string, confirmation = ''): RuleResult {
  const wellFormed =
    value.length >= 6 && value.length <= 20 && /[A-Za-z]/.test(value) && /\d/.test(value);
  if (!wellFormed) return 'validation.password';
  if (confirmation !== '' && confirmation !== value) return 'in_confirmation_correct';
  return null;
}

/** Confirm password (accounts §5): required (in_incorrect_password) and equal to the password (in_confirmation_correct). */
export function confirmPassword(value: string, passwordValue: string): RuleResult {
  if (value === '') return 'in_incorrect_password';
  return value === passwordValue ? null : 'in_confirmation_correct';
}

/** E-mail (accounts §5, §9 "email length under 255"): a plausible address shorter than 255 characters. */
export function email(value: string): RuleResult {
  return value.length < 255 && EMAIL.test(value) ? null : 'validation.email';
}

/** Mobile number (accounts §5 "Mobile number hint: 10 to 11 digits"). */
export function mobileNum(value: string): RuleResult {
  return MOBILE.test(value) ? null : 'validation.mobileNum';
}

/** Nickname (accounts §5 "name format not valid"): 1–20 characters, not only spaces. */
export function nickname(value: string): RuleResult {
  const length = [...value].length;
  return value.trim() !== '' && length <= 20 ? null : 'validation.nickname';
}

/** Invitation code (accounts §5 "invalid invitation code"): 1–32 letters, digits, - or _. */
export function affiliateCode(value: string): RuleResult {
  return AFFILIATE.test(value) ? null : 'invitation_code_error';
}

/**
 * Captcha text (accounts §5): required when shown — in_vwrite_code on registration, the 'enter the code'
 * text on login — and 1 to 16 characters.
 */
export function captcha(value: string, form: 'login' | 'register'): RuleResult {
  const text = value.trim();
  if (text === '') return form === 'register' ? 'in_vwrite_code' : 'login.enterCode';
  return text.length <= 16 ? null : 'validation.captcha';
}

/** Registration fields PlayDeck draws, in screen order (accounts §2 Registration screen). */
export const REGISTER_FIELDS = [
  'username', 'password', 'confirmPassword', 'nickname', 'email', 'countryDialingCode', 'mobileNum', 'affiliateCode',
  'captcha',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterValues = Record<RegisterField, string>;

/** Fields that cannot be left empty once shown, whatever the setting says (accounts §5). */
const ALWAYS_REQUIRED: ReadonlySet<RegisterField> = new Set(['username', 'password', 'confirmPassword', 'captcha']);

/** The message a field shows when the server refuses its value (invalid_input issues map back to fields). */
export const FORMAT_MESSAGE: Record<RegisterField, MessageKey> = {
  username: 'validation.username',
  password: 'validation.password',
  confirmPassword: 'in_confirmation_correct',
  nickname: 'validation.nickname',
  email: 'validation.email',
  countryDialingCode: 'validation.required',
  mobileNum: 'validation.mobileNum',
  affiliateCode: 'invitation_code_error',
  captcha: 'error.captcha_invalid',
};

/**
 * One registration field against the server's settings (accounts §5): a non-required empty field passes;
 * an empty required one gets its "required" message; anything else goes through the field's rule.
 */
export function registerField(field: RegisterField, values: RegisterValues, required: boolean): RuleResult {
  const value = field === 'username' ? values.username.trim() : values[field];
  if (value === '' && !required && !ALWAYS_REQUIRED.has(field)) return null;
  switch (field) {
    case 'username':
      return value === '' ? 'validation.required' : username(value);
    case 'password':
      return value === '' ? 'validation.required' : password(value, values.confirmPassword);
    case 'confirmPassword':
      return confirmPassword(value, values.password);
    case 'nickname':
      return nickname(value);
    case 'email':
      return email(value);
    case 'mobileNum':
      return mobileNum(value);
    case 'affiliateCode':
      return affiliateCode(value);
    case 'captcha':
      return captcha(value, 'register');
    case 'countryDialingCode':
      return value === '' ? 'validation.required' : null;
  }
}

/** Errors of the whole registration form, keyed by field, for the fields on screen (in screen order). */
export function registerErrors(
  shown: readonly { field: RegisterField; required: boolean }[],
  values: RegisterValues,
): Partial<Record<RegisterField, MessageKey>> {
  const errors: Partial<Record<RegisterField, MessageKey>> = {};
  for (const { field, required } of shown) {
    const error = registerField(field, values, required);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The first failing field in screen order, which receives focus (accounts §5). */
export function firstFailing<F extends string>(order: readonly F[], errors: Partial<Record<F, unknown>>): F | null {
  return order.find((field) => errors[field]) ?? null;
}

/** Translated text key for a server error `code` (DESIGN.md: texts from the code, never raw server text). */
export function serverErrorKey(code: string): MessageKey {
  if (code === 'free_reject') return 'free_reject';
  const key = `error.${code}`;
  return isMessageKey(key) ? key : 'error.internal_error';
}
