/**
 * Phone numbers (accounts §3 SMS send payload, §5 "Mobile number hint: 10 to 11 digits"). Pure.
 * A phone is stored and compared in E.164 form: '+' + dialling code + national number without its trunk 0,
 * so 0912 345 6789 typed with +63 and 912 345 6789 typed with 63 are the same phone.
 */

/** Dialling code digits without '+' (1 to 4 digits), or null when malformed. */
export function normalizeDialingCode(raw: string): string | null {
  const digits = raw.trim().replace(/^\+/, '');
  return /^[1-9]\d{0,3}$/.test(digits) ? digits : null;
}

/** The spec's mobile number rule: 10 to 11 digits as typed (spaces and dashes ignored). */
export function normalizeMobileNum(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return /^\d{10,11}$/.test(digits) ? digits : null;
}

/** E.164 form of a dialling code and a mobile number, or null when either is malformed. */
export function toE164(dialingCode: string, mobileNum: string): string | null {
  const dial = normalizeDialingCode(dialingCode);
  const mobile = normalizeMobileNum(mobileNum);
  if (!dial || !mobile) return null;
  const national = mobile.replace(/^0/, '');
  const e164 = `+${dial}${national}`;
  // E.164 allows at most 15 digits.
  return e164.length - 1 <= 15 ? e164 : null;
}

/** A number shown in logs and messages with all but the last 3 digits masked. */
export function maskPhone(e164: string): string {
  return e164.slice(0, 3) + '*'.repeat(Math.max(0, e164.length - 6)) + e164.slice(-3);
}
