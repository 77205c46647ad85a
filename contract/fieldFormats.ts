/**
 * The registration fields and their format rules (accounts §2 Registration screen, §3 Registration payload,
 * §5 Validation rules), shared by the browser's form checks (rules/validation.ts, which adds message keys)
 * and the server's (worker/services/accounts/registration-rules.ts, which adds messages and the settings logic), so a
 * value the form lets through is never refused for its format, and the other way round. Pure; values are
 * checked trimmed except the secrets (see the callers).
 */

/** Every registration field the spec names, in spec order (accounts §2). */
export const REGISTER_FIELDS = [
  'countryDialingCode', 'username', 'password', 'confirmPassword', 'paymentPassword', 'affiliateCode',
  'recommenderId', 'nickname', 'payeeName', 'email', 'mobileNum', 'idNumber', 'qqNum', 'facebook', 'wechat',
  'line', 'whatsapp', 'zalo', 'dateOfBirth', 'captcha', 'verificationCode',
] as const;

/** A registration field name. */
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** Fields whose format is a rule of its own: the confirmation is compared, the captcha answer verified. */
export type FormattedField = Exclude<RegisterField, 'confirmPassword' | 'captcha'>;

/** Length in code points (what a player counts), not UTF-16 units. */
export const codePoints = (value: string): number => [...value].length;

/** The password format of password and paymentPassword: 6–20 characters, no spaces, a letter and a digit. */
export function isWellFormedPassword(value: string): boolean {
  return matchesPattern(FIELD_PATTERNS.password, value);
}

/**
 * A field's rule as the registration settings send it (platform-contract.md §3 registration settings):
 * `acceptedPattern` is a regular expression source (Unicode flag, whole value), or "*" for any value;
 * `minLength`/`maxLength` count code points; `patternId` names the message (`reg_pattern_<patternId>`).
 */
export interface FieldPattern {
  acceptedPattern: string;
  patternId: string;
  minLength: number;
  maxLength: number;
}

const CODE: Omit<FieldPattern, 'patternId'> = { acceptedPattern: '^[A-Za-z0-9]+$', minLength: 1, maxLength: 32 };
const HANDLE: Omit<FieldPattern, 'patternId'> = { acceptedPattern: '^[^\\s\\p{C}]+$', minLength: 1, maxLength: 64 };
const PHONE_LIKE: Omit<FieldPattern, 'patternId'> = { acceptedPattern: '^\\+?\\d{6,15}$', minLength: 6, maxLength: 16 };
const PASSWORD: Omit<FieldPattern, 'patternId'> = {
  acceptedPattern: '^(?=.*\\p{L})(?=.*\\p{Nd})[^\\s\\p{C}]+$', minLength: 6, maxLength: 20,
};

/**
 * The default rule of every formatted field (the built-in API sends these in the registration settings; both the
 * form and the server check by them): username 4–16 letters or digits starting with a letter; passwords 6–20
 * characters without spaces, a letter and a digit; e-mail a plausible address under 255 characters (§9); mobile
 * 10–11 digits (§5 hint); country dialling code 1–4 digits not starting with 0, optional '+'; invitation and
 * recommender codes 1–32 letters or digits; nickname 1–20 characters without control characters, not only
 * spaces; payee name up to 50 letters (with spaces, dots, apostrophes, hyphens), starting with a letter; ID number
 * 4–32 letters, digits or hyphens; QQ 5–12 digits not starting with 0; Facebook, WeChat and LINE ids up to 64
 * characters without spaces; WhatsApp and Zalo 6–15 digits, optional '+'; SMS code 4 to 8 digits (PlayDeck sends 6).
 */
export const FIELD_PATTERNS: Record<FormattedField, FieldPattern> = {
  countryDialingCode: { acceptedPattern: '^\\+?[1-9]\\d{0,3}$', patternId: 'countryDialingCode', minLength: 1, maxLength: 5 },
  username: { acceptedPattern: '^[A-Za-z][A-Za-z0-9]+$', patternId: 'username', minLength: 4, maxLength: 16 },
  password: { ...PASSWORD, patternId: 'password' },
  paymentPassword: { ...PASSWORD, patternId: 'paymentPassword' },
  affiliateCode: { ...CODE, patternId: 'affiliateCode' },
  recommenderId: { ...CODE, patternId: 'recommenderId' },
  nickname: { acceptedPattern: '^(?!\\s*$)[^\\p{C}]+$', patternId: 'nickname', minLength: 1, maxLength: 20 },
  payeeName: { acceptedPattern: "^[\\p{L}\\p{M}][\\p{L}\\p{M} .'-]*$", patternId: 'payeeName', minLength: 1, maxLength: 50 },
  email: { acceptedPattern: '^[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+$', patternId: 'email', minLength: 5, maxLength: 254 },
  mobileNum: { acceptedPattern: '^\\d+$', patternId: 'mobileNum', minLength: 10, maxLength: 11 },
  idNumber: { acceptedPattern: '^[A-Za-z0-9-]+$', patternId: 'idNumber', minLength: 4, maxLength: 32 },
  qqNum: { acceptedPattern: '^[1-9]\\d+$', patternId: 'qqNum', minLength: 5, maxLength: 12 },
  facebook: { ...HANDLE, patternId: 'facebook' },
  wechat: { ...HANDLE, patternId: 'wechat' },
  line: { ...HANDLE, patternId: 'line' },
  whatsapp: { ...PHONE_LIKE, patternId: 'whatsapp' },
  zalo: { ...PHONE_LIKE, patternId: 'zalo' },
  // The date of birth where the site requires it (docs/honest-money.md, Age check): an ISO date, as <input type="date"> sends it.
  dateOfBirth: { acceptedPattern: '^\\d{4}-\\d{2}-\\d{2}$', patternId: 'dateOfBirth', minLength: 10, maxLength: 10 },
  verificationCode: { acceptedPattern: '^\\d+$', patternId: 'verificationCode', minLength: 4, maxLength: 8 },
};

/** Every patternId of the default rules (each has a `reg_pattern_<patternId>` message in every locale). */
export const PATTERN_IDS: readonly string[] = [...new Set(Object.values(FIELD_PATTERNS).map((p) => p.patternId))];

const compiled = new Map<string, RegExp | null>();

/** Whether a value passes a rule as the settings send it ("*" = any pattern; lengths in code points). */
export function matchesPattern(rule: Pick<FieldPattern, 'acceptedPattern' | 'minLength' | 'maxLength'>, value: string): boolean {
  const length = codePoints(value);
  if (length < rule.minLength || length > rule.maxLength) return false;
  if (rule.acceptedPattern === '*' || rule.acceptedPattern === '') return true;
  let re = compiled.get(rule.acceptedPattern);
  if (re === undefined) {
    try {
      re = new RegExp(rule.acceptedPattern, 'u');
    } catch {
      re = null;
    }
    compiled.set(rule.acceptedPattern, re);
  }
  // An operator pattern that does not compile accepts nothing rather than everything.
  return re !== null && re.test(value);
}

/** Whether a value has its field's default format (FIELD_PATTERNS). */
export const FIELD_FORMATS: Record<FormattedField, (value: string) => boolean> = Object.fromEntries(
  (Object.entries(FIELD_PATTERNS) as [FormattedField, FieldPattern][]).map(([field, rule]) => [field, (v: string) => matchesPattern(rule, v)]),
) as Record<FormattedField, (value: string) => boolean>;
