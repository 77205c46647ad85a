import { Secret, TOTP } from 'otpauth';
import { randomBytes } from '@noble/hashes/utils.js';
import type { Bindings } from '../../env';
import { hashToken } from '../crypto/tokens';
import { openTotpSecret, sealTotpSecret, totpSealKey } from './totp-seal';
import {
  acceptTotpStep, confirmTotp, findTotpState, setPendingTotpSecret, spendRecoveryCode,
} from '../../db/queries/console-sessions';

/**
 * Two-factor sign-in of the console (docs/back-office.md "Two-factor sign-in"): TOTP (RFC 6238: SHA-1, 6 digits,
 * 30-second steps, the authenticator apps' default) with the `otpauth` library, and one-time recovery codes.
 * - The secret is stored sealed with CONSOLE_TOTP_KEY (./totp-seal.ts); `env` gives the key.
 * - Enrolment: a new 160-bit secret is stored as pending and shown ONCE (otpauth:// URI and base32); a first valid
 *   code confirms it, and ten recovery codes are made, stored as SHA-256 hashes and shown once. The secret is never
 *   returned again; a confirmed enrolment cannot be replaced from the console (the operator command resets it).
 * - Verification: a code of the current step or the one before/after (clock drift) is accepted once: the step it
 *   matched must be later than the last accepted one (acceptTotpStep, atomic), so a code seen over a shoulder
 *   cannot be used again in its window.
 * - A recovery code (`xxxxx-xxxxx`, case and dashes ignored) works once instead of a TOTP code.
 */

/** TOTP step length (s), digits, and how many steps either side of now are accepted. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
/** Recovery codes made per enrolment. */
export const RECOVERY_CODE_COUNT = 10;

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totp(secret: string, label = 'operator', issuer = 'PlayDeck console'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A recovery code: 10 characters of a 31-letter alphabet (≈ 50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from(randomBytes(10), (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The stored form of a recovery code (lower case, no dashes or spaces, SHA-256 hex). */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
}

/**
 * Starts (or restarts) an enrolment: stores a new pending secret and returns it as base32 and as an otpauth:// URI
 * labelled with the site and username. Null when an enrolment is already confirmed.
 */
export async function startTotpEnrolment(db: D1Database, env: Bindings, operatorId: number, label: string, issuer: string): Promise<{ secret: string; uri: string } | null> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = await sealTotpSecret(await totpSealKey(env), operatorId, secret);
  if (!(await setPendingTotpSecret(db, operatorId, sealed))) return null;
  return { secret, uri: totp(secret, label, issuer).toString() };
}

/** The step a code matches for `secret` at `now` (epoch ms), or null. */
export function totpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * Confirms a pending enrolment with its first code: true and ten recovery codes (shown once) when the code is
 * right, else null. `audit` (the change's audit row) joins the same batch.
 */
export async function confirmTotpEnrolment(db: D1Database, env: Bindings, operatorId: number, code: string, audit: D1PreparedStatement, now = Date.now()): Promise<string[] | null> {
  const state = await findTotpState(db, operatorId);
  if (!state?.secret || state.enabled) return null;
  const secret = await openTotpSecret(await totpSealKey(env), operatorId, state.secret);
  if (secret === null) return null;
  const step = totpStep(secret, code.trim(), now);
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await confirmTotp(db, operatorId, step, codes.map(recoveryCodeHash), now, [audit]);
  return codes;
}

/**
 * Checks a second factor at sign-in: a 6-digit TOTP code (once per step, replay refused) or an unused recovery code
 * (then spent). `totp` / `recovery` when accepted, null when wrong, replayed or spent.
 */
export async function verifySecondFactor(db: D1Database, env: Bindings, operatorId: number, code: string, now = Date.now()): Promise<'totp' | 'recovery' | null> {
  const text = code.trim();
  const state = await findTotpState(db, operatorId);
  if (!state?.secret || !state.enabled) return null;
  if (/^\d{6}$/.test(text)) {
    const secret = await openTotpSecret(await totpSealKey(env), operatorId, state.secret);
    const step = secret === null ? null : totpStep(secret, text, now);
    return step !== null && (await acceptTotpStep(db, operatorId, step)) ? 'totp' : null;
  }
  return (await spendRecoveryCode(db, operatorId, recoveryCodeHash(text), now)) ? 'recovery' : null;
}
