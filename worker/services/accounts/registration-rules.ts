/**
 * Registration field rules (accounts §2 Registration screen, §3 Registration payload, §5 Validation rules).
 * Pure: given the submitted values and the merchant's field settings it returns the accepted values or the
 * list of issues. The captcha answer is only checked for presence here; the caller verifies it.
 */

import { FIELD_FORMATS, REGISTER_FIELDS, isWellFormedPassword, type FormattedField, type RegisterField } from '../../../contract/fieldFormats';

export { REGISTER_FIELDS, type RegisterField };

/** Enabled/required flags of one field (a field without settings is disabled). */
export interface FieldSetting {
  enabled: boolean;
  required: boolean;
}

/** One refused field: `path` is the field name, `key` the spec's message key where it names one. */
export interface FieldIssue {
  path: string;
  message: string;
  key?: string;
}

/** Username registration cannot create an account without these, whatever the settings say. */
export const USERNAME_REGISTRATION_REQUIRES: ReadonlySet<RegisterField> = new Set(['username', 'password']);

/**
 * How registration by mobile number reads the settings (accounts §3 site switches): the phone is always
 * required; the SMS code when REGMOBVERF3 is on, unless a Firebase ID token proves the phone (else the code
 * field is ignored); the password when MOBILENUMPASSREG3 is on (else both password fields are ignored and the
 * account logs in by SMS code only). A username is optional when the phone is proven (without one the account is
 * named after the phone, `mob_<digits>`); with REGMOBVERF3 off the phone is unproven, so the player must choose a
 * username: an account name derived from a number nobody proved would squat the name of its owner's account
 * (issue 10, finding 3; the form asks for it too, rules/register-tabs.ts).
 */
export function mobileRegistrationMode(switches: {
  verifyPhone: boolean;
  passwordRequired: boolean;
  firebaseToken: boolean;
}): RegistrationMode {
  const requires: RegisterField[] = ['countryDialingCode', 'mobileNum'];
  const ignores: RegisterField[] = [];
  if (switches.verifyPhone && !switches.firebaseToken) requires.push('verificationCode');
  else ignores.push('verificationCode');
  if (switches.passwordRequired) requires.push('password');
  else ignores.push('password', 'confirmPassword');
  if (!switches.verifyPhone) requires.push('username');
  return { requires: new Set(requires), ignores: new Set(ignores), optional: new Set(switches.verifyPhone ? ['username'] : []) };
}

/**
 * How username registration reads the settings: username and password always required. A mobile number the
 * site's settings let the player type is bound to the account only when proven (issue 10, finding 3): with
 * REGMOBVERF3 on and a number typed, the dialling code and the 'register' SMS code are required too; otherwise
 * the code field is ignored and the number is kept unproven, for contact only.
 */
export function usernameRegistrationMode(switches: { verifyPhone: boolean; mobileTyped: boolean }): RegistrationMode {
  if (switches.verifyPhone && switches.mobileTyped) {
    return { requires: new Set<RegisterField>(['username', 'password', 'countryDialingCode', 'mobileNum', 'verificationCode']) };
  }
  return { requires: USERNAME_REGISTRATION_REQUIRES, ignores: new Set<RegisterField>(['verificationCode']) };
}

/** How one registration flow overrides the merchant's settings. */
export interface RegistrationMode {
  /** Fields checked and required whatever the settings say. */
  requires: ReadonlySet<RegisterField>;
  /** Fields left out entirely (neither checked nor kept). */
  ignores?: ReadonlySet<RegisterField>;
  /** Fields checked when filled but never required, whatever the settings say. */
  optional?: ReadonlySet<RegisterField>;
}

/** Password rule: 6–20 characters, no spaces, at least one letter and one digit (contract/fieldFormats.ts). */
export const isValidPassword = isWellFormedPassword;

/** The message each field's format rule (FIELD_FORMATS, shared with the browser) gives when it fails. */
const MESSAGES: Record<FormattedField, string> = {
  username: 'Username must be 4 to 16 letters or digits and start with a letter',
  password: 'Password must be 6 to 20 characters with at least one letter and one digit',
  paymentPassword: 'Payment password must be 6 to 20 characters with at least one letter and one digit',
  email: 'E-mail format incorrect',
  mobileNum: 'Mobile number must have 10 to 11 digits',
  nickname: 'Nickname is at most 20 characters',
  countryDialingCode: 'Country dialling code is 1 to 4 digits',
  affiliateCode: 'Invalid invitation code',
  recommenderId: 'Recommender id is letters and digits',
  payeeName: 'Name format not valid',
  idNumber: 'ID number is 4 to 32 letters or digits',
  qqNum: 'QQ number is 5 to 12 digits',
  facebook: 'Facebook account is at most 64 characters',
  wechat: 'WeChat id is at most 64 characters',
  line: 'LINE id is at most 64 characters',
  whatsapp: 'WhatsApp number is 6 to 15 digits',
  zalo: 'Zalo number is 6 to 15 digits',
  dateOfBirth: 'Date of birth is a date (YYYY-MM-DD)',
  verificationCode: 'Verification code is 4 to 8 digits',
};

/** Fields whose value is kept exactly as typed (secrets); the others are trimmed. */
const UNTRIMMED: ReadonlySet<RegisterField> = new Set(['password', 'confirmPassword', 'paymentPassword']);

/** Outcome: the accepted values of enabled fields (absent when empty), or the issues. */
export type RegistrationCheck =
  | { ok: true; values: Partial<Record<RegisterField, string>> }
  | { ok: false; issues: FieldIssue[] };

/**
 * Checks submitted registration values against the merchant's settings:
 * - a disabled field is ignored (neither checked nor kept);
 * - an enabled, non-required empty field passes; a required one must be present;
 * - a present value must pass its field rule;
 * - confirmPassword must equal password (message keys in_incorrect_password / in_confirmation_correct);
 * - captcha, when enabled, must be present (key in_vwrite_code); its answer is verified by the caller.
 * `mode` says which fields the flow always requires or leaves out (username registration by default).
 */
export function checkRegistration(
  submitted: Partial<Record<RegisterField, string | undefined>>,
  settings: ReadonlyMap<string, FieldSetting>,
  mode: RegistrationMode = { requires: USERNAME_REGISTRATION_REQUIRES },
): RegistrationCheck {
  const issues: FieldIssue[] = [];
  const values: Partial<Record<RegisterField, string>> = {};
  for (const field of REGISTER_FIELDS) {
    const setting = settings.get(field);
    if (mode.ignores?.has(field)) continue;
    const enabled = mode.requires.has(field) || mode.optional?.has(field) === true || setting?.enabled === true;
    const required = mode.requires.has(field) || (enabled && setting?.required === true && !mode.optional?.has(field));
    if (!enabled) continue;
    const raw = submitted[field] ?? '';
    const value = UNTRIMMED.has(field) ? raw : raw.trim();
    if (value === '') {
      if (field === 'confirmPassword' || field === 'captcha') {
        // The screen always asks for these when shown (accounts §5), so enabled means required.
        const key = field === 'captcha' ? 'in_vwrite_code' : 'in_incorrect_password';
        issues.push({ path: field, message: `${field} is required`, key });
      } else if (required) {
        issues.push({ path: field, message: `${field} is required` });
      }
      continue;
    }
    if (field === 'confirmPassword' || field === 'captcha') {
      values[field] = value;
      continue;
    }
    if (!FIELD_FORMATS[field](value)) {
      issues.push({ path: field, message: MESSAGES[field] });
      continue;
    }
    values[field] = value;
  }
  if (values.confirmPassword !== undefined && values.confirmPassword !== (submitted.password ?? '')) {
    issues.push({ path: 'confirmPassword', message: 'Confirmation password not matched', key: 'in_confirmation_correct' });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, values };
}
