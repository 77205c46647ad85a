/**
 * Draw results by commitment (player-shell §3 "Game", lottery): provably fair and checkable by anyone.
 *
 * - Each draw gets a secret of 32 random bytes (crypto.getRandomValues), stored as 64 lower-case hex characters.
 * - The commitment SHA-256(secret bytes), as hex, is published with the draw while it still takes bets.
 * - The secret is published only once the draw time has passed; it fixes the five result digits.
 *
 * Digits from the secret: block 0 = HMAC-SHA-256(key = secret bytes, message = UTF-8 issue number, e.g.
 * "20260101-0042"); block k ≥ 1 = HMAC-SHA-256(secret, issueNo + "#" + k). Read the bytes of block 0, then block
 * 1, … in order; a byte b < 250 gives the next digit b mod 10, a byte ≥ 250 is skipped (250 is the largest multiple
 * of 10 in a byte, so every digit is equally likely). The first five digits are the result, first position first.
 *
 * Verification recipe (any language):
 *   1. before betting closed, note the commitment C of the issue;
 *   2. after the draw, take the published secret S and check hex(SHA-256(bytes(S))) = C;
 *   3. recompute the digits from S and the issue number as above and compare them with the published result.
 * In Node: `createHash('sha256').update(Buffer.from(S, 'hex')).digest('hex')` and
 * `createHmac('sha256', Buffer.from(S, 'hex')).update(issueNo).digest()`.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** Number of digits in a result. */
export const RESULT_LENGTH = 5;

const SECRET_HEX = /^[0-9a-f]{64}$/;

/** A fresh draw secret: 32 bytes from the platform CSPRNG as lower-case hex. */
export function newDrawSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

function secretBytes(secretHex: string): Uint8Array {
  if (!SECRET_HEX.test(secretHex)) throw new Error('A draw secret is 64 lower-case hex characters');
  return hexToBytes(secretHex);
}

/** The commitment published before the draw: hex SHA-256 of the secret's bytes. */
export function commitmentOf(secretHex: string): string {
  return bytesToHex(sha256(secretBytes(secretHex)));
}

/** The five result digits (0–9, first position first) the secret fixes for an issue; see the module comment. */
export function deriveDigits(secretHex: string, issueNo: string): number[] {
  const key = secretBytes(secretHex);
  const digits: number[] = [];
  for (let block = 0; digits.length < RESULT_LENGTH; block++) {
    const message = block === 0 ? issueNo : `${issueNo}#${block}`;
    for (const byte of hmac(sha256, key, utf8ToBytes(message))) {
      if (byte >= 250) continue;
      digits.push(byte % 10);
      if (digits.length === RESULT_LENGTH) break;
    }
  }
  return digits;
}

/** What a player checks after a draw: the secret matches the commitment and yields the published digits. */
export function verifyDraw(draw: { issueNo: string; secret: string; commitment: string; digits: readonly number[] }): boolean {
  if (!SECRET_HEX.test(draw.secret)) return false;
  if (commitmentOf(draw.secret) !== draw.commitment.toLowerCase()) return false;
  const expected = deriveDigits(draw.secret, draw.issueNo);
  return expected.length === draw.digits.length && expected.every((d, i) => d === draw.digits[i]);
}

/** Digits as stored in `lottery_draws.result` ("07319") and back. */
export function digitsToText(digits: readonly number[]): string {
  return digits.join('');
}

/** Parses a stored result; null for anything that is not five digits. */
export function digitsFromText(text: string | null): number[] | null {
  if (text === null || !/^\d{5}$/.test(text)) return null;
  return [...text].map(Number);
}
