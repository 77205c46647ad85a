/**
 * Field rules of the login, registration and password forms (accounts §5 Validation rules). Every rule is a pure
 * function returning a message key, or null when the value passes. The registration formats are the server's own
 * (both read contract/fieldFormats.ts; tests/unit/accounts/validation.test.ts checks the whole rules agree) so most mistakes
 * are caught before a call; the server still has the last word.
 */
import { FIELD_FORMATS, REGISTER_FIELDS, matchesPattern, type FieldPattern, type RegisterField } from '../contract/fieldFormats';
import { isMessageKey, type MessageKey } from './i18n';
import { MESSAGE_OF_CODE, isTooManyRequests } from '../contract/errors';

export { REGISTER_FIELDS, type RegisterField };

/** Result of one rule: a message key to show, or null when the value passes. */
export type RuleResult = MessageKey | null;

/** accounts §5 "On a language change, filled fields are revalidated after a 200 ms debounce". */
export const LANGUAGE_REVALIDATE_MS = 200;

/** Login username (accounts §5 loginUsername): required once trimmed. */
export function loginUsername(value: string): RuleResult {
  return value.trim() === '' ? 'validation.loginUsername' : null;
}

/** Login password (accounts §5 loginPassword): required, taken as typed. */
export function loginPassword(value: string): RuleResult {
  return value === '' ? 'validation.loginPassword' : null;
}

/** Login mobile number (accounts §5 loginMobileNum): required, then the 10-to-11-digit rule. */
export function loginMobileNum(value: string): RuleResult {
  return value.trim() === '' ? 'validation.loginMobileNum' : mobileNum(value.trim());
}

/** SMS verification code (accounts §5 verificationCode): 4 to 8 digits (PlayDeck sends 6). */
export function verificationCode(value: string): RuleResult {
  return FIELD_FORMATS.verificationCode(value.trim()) ? null : 'validation.smsCode';
}

/** Country dialling code (accounts §3): 1 to 4 digits, an optional leading '+'. */
export function countryDialingCode(value: string): RuleResult {
  return FIELD_FORMATS.countryDialingCode(value.trim()) ? null : 'validation.countryDialingCode';
}

/** Username (accounts §5 "account format incorrect"): 4–16 letters or digits, starting with a letter. */
export function username(value: string): RuleResult {
  return FIELD_FORMATS.username(value) ? null : 'validation.username';
}

/**
 * Password (accounts §5 "password format incorrect"): 6–20 characters with at least one letter and one digit;
 * it also fails with in_confirmation_correct when both it and the confirmation are filled and differ.
 */
export function password(value: string, confirmation = ''): RuleResult {
  if (!FIELD_FORMATS.password(value)) return 'validation.password';
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
  return FIELD_FORMATS.email(value) ? null : 'validation.email';
}

/** Mobile number (accounts §5 "Mobile number hint: 10 to 11 digits"). */
export function mobileNum(value: string): RuleResult {
  return FIELD_FORMATS.mobileNum(value) ? null : 'validation.mobileNum';
}

/** Nickname (accounts §5 "name format not valid"): 1–20 characters, no control characters, not only spaces. */
export function nickname(value: string): RuleResult {
  return FIELD_FORMATS.nickname(value) ? null : 'validation.nickname';
}

/** Invitation code (accounts §5 "invalid invitation code"): 1–32 letters or digits. */
export function affiliateCode(value: string): RuleResult {
  return FIELD_FORMATS.affiliateCode(value) ? null : 'invitation_code_error';
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

/** The registration form's values, every field as typed. */
export type RegisterValues = Record<RegisterField, string>;

/** True when `name` is a registration field (server settings and issue paths are checked with it). */
export function isRegisterField(name: string): name is RegisterField {
  return (REGISTER_FIELDS as readonly string[]).includes(name);
}

/** The message a field shows when its value is refused (also for server issues that name no key). */
export const FORMAT_MESSAGE: Record<RegisterField, MessageKey> = {
  countryDialingCode: 'validation.countryDialingCode',
  username: 'validation.username',
  password: 'validation.password',
  confirmPassword: 'in_confirmation_correct',
  paymentPassword: 'validation.paymentPassword',
  affiliateCode: 'invitation_code_error',
  recommenderId: 'validation.recommenderId',
  nickname: 'validation.nickname',
  payeeName: 'validation.payeeName',
  email: 'validation.email',
  mobileNum: 'validation.mobileNum',
  idNumber: 'validation.idNumber',
  qqNum: 'validation.qqNum',
  facebook: 'validation.facebook',
  wechat: 'validation.wechat',
  line: 'validation.line',
  whatsapp: 'validation.whatsapp',
  zalo: 'validation.zalo',
  dateOfBirth: 'validation.dateOfBirth',
  captcha: 'error.captcha_invalid',
  verificationCode: 'validation.smsCode',
};

/** Fields kept exactly as typed (secrets); the others are checked trimmed, as the server does. */
const UNTRIMMED: ReadonlySet<RegisterField> = new Set(['password', 'confirmPassword', 'paymentPassword']);

/** A field's value as the rules see it. */
export function fieldValue(field: RegisterField, values: Readonly<RegisterValues>): string {
  return UNTRIMMED.has(field) ? values[field] : values[field].trim();
}

/** A field's rule as the registration settings send it (platform-contract.md §3): pattern, lengths, patternId. */
export type FieldRule = Pick<FieldPattern, 'acceptedPattern' | 'patternId' | 'minLength' | 'maxLength'>;

/** The message of a failed settings rule: `reg_pattern_<patternId>` (§3), or the field's own when that key is unknown. */
export function patternMessage(patternId: string, field: RegisterField): MessageKey {
  const key = `reg_pattern_${patternId}`;
  return isMessageKey(key) ? key : FORMAT_MESSAGE[field];
}

/**
 * One registration field (accounts §5): a non-required empty field passes; otherwise the value goes through the
 * field's rule and its message shows. Confirm password and captcha are always required once shown. With the
 * server's `rule` (registration settings) the value is checked by that rule and a failure shows
 * `reg_pattern_<patternId>`; the built-in API checks by the same rules (contract/fieldFormats.ts).
 */
export function registerField(field: RegisterField, values: Readonly<RegisterValues>, required: boolean, rule?: FieldRule): RuleResult {
  const value = fieldValue(field, values);
  if (value === '' && !required && field !== 'confirmPassword' && field !== 'captcha') return null;
  if (rule && field !== 'confirmPassword' && field !== 'captcha') {
    if (value === '' || !matchesPattern(rule, value)) return patternMessage(rule.patternId, field);
    if (field === 'password' && values.confirmPassword !== '' && values.confirmPassword !== value) return 'in_confirmation_correct';
    return null;
  }
  switch (field) {
    case 'countryDialingCode':
      return countryDialingCode(value);
    case 'username':
      return username(value);
    case 'password':
      return password(value, values.confirmPassword);
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
    case 'verificationCode':
      return verificationCode(value);
    default:
      return FIELD_FORMATS[field](value) ? null : FORMAT_MESSAGE[field];
  }
}

/** A field on screen and whether it must be filled (from the server settings and the registration tab). */
export interface ShownField {
  field: RegisterField;
  required: boolean;
  /** The server's rule for the field, when the settings sent one. */
  rule?: FieldRule;
  /** Required as soon as this other field is filled (the SMS code once a number is typed on the username tab). */
  requiredWith?: RegisterField;
  /** A note shown under the field beside its hint (e.g. that no SMS code is sent to this number). */
  note?: MessageKey;
}

/** Errors of the whole registration form, keyed by field, for the fields on screen. */
export function registerErrors(shown: readonly ShownField[], values: Readonly<RegisterValues>): Partial<Record<RegisterField, MessageKey>> {
  const errors: Partial<Record<RegisterField, MessageKey>> = {};
  for (const { field, required, rule, requiredWith } of shown) {
    const needed = required || (requiredWith !== undefined && fieldValue(requiredWith, values) !== '');
    const error = registerField(field, values, needed, rule);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The first failing field in screen order, which receives focus (accounts §5). */
export function firstFailing<F extends string>(order: readonly F[], errors: Partial<Record<F, unknown>>): F | null {
  return order.find((field) => errors[field]) ?? null;
}

/**
 * Errors after a language change (accounts §5 "filled fields are revalidated"): filled fields get their rule's
 * fresh result; the errors of empty fields stay as they were.
 */
export function revalidateFilled<F extends string>(
  values: Readonly<Record<F, string>>,
  current: Partial<Record<F, MessageKey>>,
  rule: (field: F) => RuleResult,
): Partial<Record<F, MessageKey>> {
  const next: Partial<Record<F, MessageKey>> = {};
  for (const field of Object.keys(values) as F[]) {
    const error = values[field] === '' ? current[field] : rule(field);
    if (error) next[field] = error;
  }
  return next;
}

/** Translated text key for a server `errorCode` (docs/design.md: texts from the code, never raw server text; platform codes through MESSAGE_OF_CODE). */
export function serverErrorKey(errorCode: string): MessageKey {
  if (errorCode === 'free_reject' || errorCode === 'same_password' || errorCode === 'invitation_code_error') return errorCode;
  const code = isTooManyRequests(errorCode) ? 'TOO_MANY_REQUEST' : errorCode;
  const key = `error.${MESSAGE_OF_CODE[code] ?? code}`;
  return isMessageKey(key) ? key : 'error.internal_error';
}

/** Issues of an invalid_input answer (`value.issues[{ path, key? }]`), empty for any other value. */
export function inputIssues(value: unknown): { path: string; key?: string | undefined }[] {
  const issues = (value as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? issues.filter((i): i is { path: string; key?: string } => typeof (i as { path?: unknown })?.path === 'string') : [];
}
