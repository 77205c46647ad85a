/**
 * Provably fair rounds of the built-in demo games (table, crash, shooter): commit–reveal with a server seed, a
 * client seed and a nonce, the scheme players know from other provably fair games. Pure and synchronous, so the
 * worker plays with it and the browser checks with it.
 *
 * - The server holds a secret seed of 32 random bytes (64 lower-case hex characters) per member and publishes its
 *   commitment hex(SHA-256(seed bytes)) before the round is played.
 * - The player's browser sends a client seed (1–64 printable characters) with the round; the nonce counts the
 *   member's rounds.
 * - The round's numbers come from block k = HMAC-SHA-256(key = seed bytes, message = UTF-8 `clientSeed:nonce:k`),
 *   k = 0, 1, …, read as consecutive big-endian 32-bit words. A uniform integer in [0, n) takes the next word x and
 *   keeps it when x < floor(2^32 / n) × n (otherwise it takes the next one), answering x mod n.
 * - After the round the seed is revealed and a fresh one committed, so every round can be checked:
 *   hex(SHA-256(seed)) equals the commitment published before, and replaying the stream gives the same result.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** A uniform random integer in [0, n): the only source of chance in a round. */
export type RandomInt = (n: number) => number;

/** The seeds of one round as the player sees them after it. */
export interface FairSeeds {
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  nonce: number;
}

const SEED_HEX = /^[0-9a-f]{64}$/;
/** Client seeds: 1–64 printable ASCII characters without spaces (they are part of the HMAC message). */
export const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** A fresh server seed: 32 bytes from the platform CSPRNG, lower-case hex. */
export function newServerSeed(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** A client seed the browser proposes when the player does not choose one: 16 random hex characters. */
export function newClientSeed(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** The commitment published before a round: hex SHA-256 of the seed's bytes. Throws for a malformed seed. */
export function commitmentOf(serverSeed: string): string {
  if (!SEED_HEX.test(serverSeed)) throw new Error('A server seed is 64 lower-case hex characters');
  return bytesToHex(sha256(hexToBytes(serverSeed)));
}

/** The round's random integers (see the module comment), deterministic in its seeds. */
export function fairStream(serverSeed: string, clientSeed: string, nonce: number): RandomInt {
  if (!SEED_HEX.test(serverSeed)) throw new Error('A server seed is 64 lower-case hex characters');
  const key = hexToBytes(serverSeed);
  let block = 0;
  let words: Uint8Array = new Uint8Array(0);
  let at = 0;
  const nextWord = (): number => {
    if (at + 4 > words.length) {
      words = hmac(sha256, key, utf8ToBytes(`${clientSeed}:${nonce}:${block}`));
      block += 1;
      at = 0;
    }
    const x = (((words[at] as number) << 24) | ((words[at + 1] as number) << 16) | ((words[at + 2] as number) << 8) | (words[at + 3] as number)) >>> 0;
    at += 4;
    return x;
  };
  return (n: number) => {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new Error('randomInt needs 0 < n ≤ 2^32');
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = nextWord();
      if (x < limit) return x % n;
    }
  };
}

/** Whether a revealed seed matches its commitment (false for a malformed seed). */
export function seedMatches(serverSeed: string, commitment: string): boolean {
  return SEED_HEX.test(serverSeed) && commitmentOf(serverSeed) === commitment.toLowerCase();
}
