import { scrypt } from 'node:crypto';
import { randomBytes } from '@noble/hashes/utils.js';

/**
 * Password hashing with scrypt (N = 2^14, r = 8, p = 1, 32-byte key, 16-byte random salt per password), computed
 * by the runtime's own node:crypto (native in workerd and Node, about 20 times faster than a JavaScript scrypt,
 * which matters on Workers' CPU limits); RFC 7914 vectors in tests/worker/accounts/password-hash.test.ts pin the output.
 * The stored string describes itself so parameters can be raised later without breaking old hashes:
 *   $scrypt$ln=14,r=8,p=1$<salt base64>$<key base64>
 * Passwords are never logged or returned.
 */
const LOG_N = 14;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Upper bounds for parameters read back from storage, so a tampered row cannot make us burn minutes of CPU. */
const MAX_LOG_N = 17;
const MAX_R = 16;
const MAX_P = 4;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** scrypt of the NFKC-normalised password (UTF-8) with the given salt and parameters; `dkLen` bytes. */
export function derive(password: string, salt: Uint8Array, logN: number, r: number, p: number, dkLen: number): Promise<Uint8Array> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    // NFKC so the same password typed on different keyboards (full-width digits, composed accents) matches.
    // maxmem: scrypt needs 128·N·r bytes; the default cap (32 MiB) would refuse the largest accepted stored cost.
    scrypt(password.normalize('NFKC'), salt, dkLen, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) => {
      if (error) reject(error);
      else resolve(new Uint8Array(key.buffer, key.byteOffset, key.byteLength));
    });
  });
}

/** Comparison whose time does not depend on where the first difference is. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Hashes a password for storage (16 MiB of memory, tens of ms of CPU); returns the self-describing encoded string. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, LOG_N, R, P, KEY_BYTES);
  return `$scrypt$ln=${LOG_N},r=${R},p=${P}$${toBase64(salt)}$${toBase64(key)}`;
}

interface Parsed {
  logN: number;
  r: number;
  p: number;
  salt: Uint8Array;
  key: Uint8Array;
}

function parse(encoded: string): Parsed | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(encoded);
  if (!match) return null;
  const [, logN, r, p, salt, key] = match;
  const parsed = {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
    salt: fromBase64(salt ?? ''),
    key: fromBase64(key ?? ''),
  };
  if (!parsed.salt || !parsed.key || parsed.key.length < 16) return null;
  if (parsed.logN < 10 || parsed.logN > MAX_LOG_N || parsed.r < 1 || parsed.r > MAX_R || parsed.p < 1 || parsed.p > MAX_P) {
    return null;
  }
  return parsed as Parsed;
}

/**
 * True when `password` matches the stored hash. With no stored hash (unknown user, trial account) or an
 * unreadable one it still runs the KDF at the default cost and answers false, so response time does not
 * reveal whether an account exists (accounts §3 login; no enumeration).
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    await derive(password, randomBytes(SALT_BYTES), LOG_N, R, P, KEY_BYTES);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p, parsed.key.length);
  return constantTimeEqual(key, parsed.key);
}
