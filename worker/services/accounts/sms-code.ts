import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * SMS verification codes (accounts §3 SMS send payload, §4 SMS code, §9 "default send wait 60 s"). Pure rules:
 * 6 digits from crypto.getRandomValues, 10 minutes of life, at most 5 wrong tries, one send per 60 s.
 */

/** How long a code can be used (ms). */
export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong answers a code survives; the 5th wrong one kills it. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Wait before the same phone may ask again (ms): the client's countdown runs to now + this. */
export const SMS_RESEND_WAIT_MS = 60 * 1000;

/** A uniformly random 6-digit code; rejection sampling keeps every code equally likely. */
export function newSmsCode(): string {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return String(value % 1_000_000).padStart(6, '0');
  }
}

/** What is stored instead of the code: SHA-256 over the code's row id and the digits. */
export function hashSmsCode(id: string, code: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(`sms:${id}:${code.trim()}`)));
}

/** The message text sent to the phone (the code is never logged). */
export function smsCodeMessage(siteName: string, code: string): string {
  return `${siteName}: your verification code is ${code}. It expires in ${SMS_CODE_TTL_MS / 60_000} minutes. Never share it.`;
}
