/** Phone numbers on the server: the shared rules (rules/phoneNumber.ts) and masking for logs. */
export { normalizeDialingCode, normalizeMobileNum, toE164 } from '../../../rules/phoneNumber';

/** A number shown in logs and messages with all but the last 3 digits masked. */
export function maskPhone(e164: string): string {
  return e164.slice(0, 3) + '*'.repeat(Math.max(0, e164.length - 6)) + e164.slice(-3);
}
