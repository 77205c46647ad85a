/**
 * The registration fields and their format rules (accounts §2 Registration screen, §3 Registration payload,
 * §5 Validation rules), shared by the browser's form checks (src/lib/validation.ts, which adds message keys)
 * and the server's (worker/services/registration-rules.ts, which adds messages and the settings logic), so a
 * value the form lets through is never refused for its format, and the other way round. Pure; values are
 * checked trimmed except the secrets (see the callers).
 */

/** Every registration field the spec names, in spec order (accounts §2). */
export const REGISTER_FIELDS = [
  'countryDialingCode', 'username', 'password', 'confirmPassword', 'paymentPassword', 'affiliateCode',
  'recommenderId', 'nickname', 'payeeName', 'email', 'mobileNum', 'idNumber', 'qqNum', 'facebook', 'wechat',
  'line', 'whatsapp', 'zalo', 'captcha', 'verificationCode',
] as const;

/** A registration field name. */
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** Fields whose format is a rule of its own: the confirmation is compared, the captcha answer verified. */
export type FormattedField = Exclude<RegisterField, 'confirmPassword' | 'captcha'>;

/** Length in code points (what a player counts), not UTF-16 units. */
export const codePoints = (value: string): number => [...value].length;

/** The password format of password and paymentPassword: 6–20 characters, no spaces, a letter and a digit. */
export function isWellFormedPassword(value: string): boolean {
  const length = codePoints(value);
  return length >= 6 && length <= 20 && /^[^\s\p{C}]+$/u.test(value) && /\p{L}/u.test(value) && /\p{Nd}/u.test(value);
}

const CODE = /^[A-Za-z0-9]{1,32}$/;
const HANDLE = /^[^\s\p{C}]{1,64}$/u;
const PHONE_LIKE = /^\+?\d{6,15}$/;

/**
 * Whether a value has its field's format:
 * username 4–16 letters or digits starting with a letter; passwords as isWellFormedPassword; e-mail a plausible
 * address under 255 characters (§9); mobile 10–11 digits (§5 hint); country dialling code 1–4 digits not starting
 * with 0, optional '+'; invitation and recommender codes 1–32 letters or digits; nickname 1–20 characters without
 * control characters, not only spaces; payee name up to 50 letters (with spaces, dots, apostrophes, hyphens),
 * starting with a letter; ID number 4–32 letters, digits or hyphens; QQ 5–12 digits not starting with 0;
 * Facebook, WeChat and LINE ids up to 64 characters without spaces; WhatsApp and Zalo 6–15 digits, optional '+';
 * SMS code 4 to 8 digits (PlayDeck sends 6).
 */
export const FIELD_FORMATS: Record<FormattedField, (value: string) => boolean> = {
  countryDialingCode: (v) => /^\+?[1-9]\d{0,3}$/.test(v),
  username: (v) => /^[A-Za-z][A-Za-z0-9]{3,15}$/.test(v),
  password: isWellFormedPassword,
  paymentPassword: isWellFormedPassword,
  affiliateCode: (v) => CODE.test(v),
  recommenderId: (v) => CODE.test(v),
  nickname: (v) => v.trim() !== '' && codePoints(v) <= 20 && /^[^\p{C}]+$/u.test(v),
  payeeName: (v) => codePoints(v) <= 50 && /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(v),
  email: (v) => v.length < 255 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v),
  mobileNum: (v) => /^\d{10,11}$/.test(v),
  idNumber: (v) => /^[A-Za-z0-9-]{4,32}$/.test(v),
  qqNum: (v) => /^[1-9]\d{4,11}$/.test(v),
  facebook: (v) => HANDLE.test(v),
  wechat: (v) => HANDLE.test(v),
  line: (v) => HANDLE.test(v),
  whatsapp: (v) => PHONE_LIKE.test(v),
  zalo: (v) => PHONE_LIKE.test(v),
  verificationCode: (v) => /^\d{4,8}$/.test(v),
};
