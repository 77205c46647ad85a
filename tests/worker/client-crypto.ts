import { encryptLegacyPayload, parseModulusHex } from '../../worker/services/legacy-crypto';

/**
 * PROVISIONAL: the platform mobile client's payload encryption (platform-contract.md §1.6, §7.1), as the client
 * replay test (tests/worker/client-replay.test.ts) needs it. This stand-in reuses PlayDeck's own legacy routine
 * and only copies the client's one hard limit: its big-number library computes a correct ciphertext for moduli
 * of at most 1024 bits, so a larger key is refused here (the client would send a wrong ciphertext). It is to be
 * replaced by the faithful emulation of the client's RSA/BigInt routine with the same signature.
 *
 * `payload` → `{ headers, body }` as the newer client sends it: body `{"value":"<base64 DES-ECB>"}`, headers
 * `Encryption` (hex RSA of the reversed key), `X-Digest` (the ciphertext), `X-RSA` (the modulus hex) and
 * `Content-Type: application/json`. `randomKey`: the 16-character symmetric key (drawn when absent).
 */
export function clientEncrypt(
  payload: unknown,
  modulusHex: string,
  randomKey?: string,
): { headers: Record<string, string>; body: string } {
  const n = parseModulusHex(modulusHex);
  if (n.toString(2).length > 1024) {
    throw new Error(`the client's RSA routine handles moduli up to 1024 bits; this key has ${n.toString(2).length}`);
  }
  const sent = encryptLegacyPayload(payload, { n, e: 65537n }, randomKey === undefined ? {} : { key: randomKey });
  return { headers: sent.headers, body: sent.body };
}
