/**
 * Phone numbers (accounts §3 SMS send payload, §5 "Mobile number hint: 10 to 11 digits"). Pure, shared by the
 * worker (which stores and compares phones by it) and the forms (which load it on first use to check a number before
 * a code is sent).
 * A phone is stored and compared in E.164 form, read by libphonenumber-js with the country's own rules: the
 * national trunk prefix is dropped whatever it is (0 in most countries, 8 in Russia and Kazakhstan, 80 in
 * Belarus), so 0912 345 6789 typed with +63 and 912 345 6789 typed with 63 are the same phone, and so are
 * 8 912 345-67-89 and 912 345-67-89 typed with +7.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

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

/**
 * E.164 form of a dialling code and a mobile number, or null when either is malformed or the number cannot be a
 * number of that dialling code. "Cannot be" is libphonenumber's possible-length check, not its number-range
 * check (a dialling code no country uses is malformed too): ranges change faster than a deployment's metadata, a wrongly refused player could not register at all,
 * and the SMS code proves the number anyway.
 */
export function toE164(dialingCode: string, mobileNum: string): string | null {
  const dial = normalizeDialingCode(dialingCode);
  const mobile = normalizeMobileNum(mobileNum);
  if (!dial || !mobile) return null;
  let phone;
  try {
    phone = parsePhoneNumberFromString(mobile, { defaultCallingCode: dial });
  } catch {
    return null; // a dialling code no country has (libphonenumber throws for it)
  }
  if (!phone || phone.countryCallingCode !== dial || !phone.isPossible()) return null;
  return phone.number;
}
