/**
 * Checking a lottery result in the browser (player-shell §2 /m/lotto-h5 "verify"): every draw publishes a
 * commitment before betting closes and its secret after the draw, so a player can check the result was fixed in
 * advance. Uses only WebCrypto. The recipe (the server's worker/model/lottery/draw.ts):
 *   1. hex(SHA-256(bytes of the secret)) equals the commitment;
 *   2. block 0 = HMAC-SHA-256(key = secret bytes, message = issue number), block k = HMAC(secret, issueNo + "#" + k);
 *      reading the bytes in order, a byte below 250 gives the digit byte mod 10, a byte of 250 or more is skipped;
 *      the first five digits are the result.
 */

/** Digits in a result. */
export const RESULT_LENGTH = 5;

const SECRET_HEX = /^[0-9a-f]{64}$/;

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Step 1: hex SHA-256 of the secret's bytes. */
export async function commitmentOf(secretHex: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', hexBytes(secretHex)));
}

/** Step 2: the five digits a secret fixes for an issue number. */
export async function digitsOf(secretHex: string, issueNo: string): Promise<number[]> {
  const key = await crypto.subtle.importKey('raw', hexBytes(secretHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  const digits: number[] = [];
  for (let block = 0; digits.length < RESULT_LENGTH; block++) {
    const message = encoder.encode(block === 0 ? issueNo : `${issueNo}#${block}`);
    for (const byte of new Uint8Array(await crypto.subtle.sign('HMAC', key, message))) {
      if (byte >= 250) continue;
      digits.push(byte % 10);
      if (digits.length === RESULT_LENGTH) break;
    }
  }
  return digits;
}

/** What a check found: each step's outcome, and what the secret really gives. */
export interface DrawCheck {
  commitmentMatches: boolean;
  digitsMatch: boolean;
  /** The digits recomputed from the secret (null when the secret is malformed). */
  recomputed: number[] | null;
}

/** Checks a published draw: the secret matches the commitment and yields the published digits. */
export async function checkDraw(draw: { issueNo: string; commitment: string; secret: string; digits: readonly number[] }): Promise<DrawCheck> {
  const secret = draw.secret.toLowerCase();
  if (!SECRET_HEX.test(secret)) return { commitmentMatches: false, digitsMatch: false, recomputed: null };
  const [commitment, recomputed] = await Promise.all([commitmentOf(secret), digitsOf(secret, draw.issueNo)]);
  return {
    commitmentMatches: commitment === draw.commitment.toLowerCase(),
    digitsMatch: recomputed.length === draw.digits.length && recomputed.every((d, i) => d === draw.digits[i]),
    recomputed,
  };
}
