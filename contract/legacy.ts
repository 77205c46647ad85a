/**
 * Contract facts of the platform's legacy payload encryption (platform-contract.md §1.6). Pure data, no imports,
 * so the worker (built-in API, upstream adapter), the browser and the platform stand-in (run directly by Node)
 * all read the same list.
 */

/** One call whose body the platform's clients encrypt. */
export interface LegacyEncryptedCall {
  method: 'POST' | 'PUT';
  path: string;
  /** What it is, for logs and docs. */
  call: string;
}

/**
 * The encrypted calls (§1.6.5): login, login verification, register (username, mobile, mail), change password,
 * set password by phone, points redeem and convert. The contract shows no path for registration by mail nor for
 * the points calls (PTSYS3): registration by mail is ASSUMED at `PUT /wps/member/register/email` (the sibling of
 * `/register/mobile`); the points calls are left out until a source shows their paths (PlayDeck serves no points
 * mall, and in upstream mode an unlisted path is simply forwarded as sent).
 */
export const LEGACY_ENCRYPTED_CALLS: readonly LegacyEncryptedCall[] = [
  { method: 'POST', path: '/wps/session/login', call: 'login' },
  { method: 'POST', path: '/wps/session/login/verification', call: 'login verification' },
  { method: 'PUT', path: '/wps/member/register', call: 'register by username' },
  { method: 'PUT', path: '/wps/member/register/mobile', call: 'register by mobile' },
  { method: 'PUT', path: '/wps/member/register/email', call: 'register by mail (path assumed)' },
  { method: 'POST', path: '/wps/member/password', call: 'change password' },
  { method: 'POST', path: '/wps/member/password/verification', call: 'set password by phone' },
];

/** The paths of LEGACY_ENCRYPTED_CALLS (method-independent view). */
export const LEGACY_ENCRYPTED_PATHS: readonly string[] = LEGACY_ENCRYPTED_CALLS.map((c) => c.path);

/** Whether `method path` is one of the encrypted calls (path without query; trailing slash ignored). */
export function isLegacyEncryptedCall(method: string, path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return LEGACY_ENCRYPTED_CALLS.some((c) => c.method === method.toUpperCase() && c.path === clean);
}

/** Where the platform publishes its RSA modulus as hex text, with a `t=<epoch ms>` cache-buster (§1.6.1). */
export const LEGACY_RSA_KEY_PATH = '/wps/session/key/rsa';
