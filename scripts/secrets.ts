/**
 * The secrets `npm run keys` makes (scripts/keys.ts; docs/deployment.md "Secrets"), in the formats the worker's own
 * parsers read:
 *   - PAYLOAD_PRIVATE_KEYS: a JSON array of EC P-256 private JWKs, each with a `kid` (worker/services/crypto/
 *     payload-keys.ts). The first is published; the others still open bodies sealed to them. Rotation puts a new
 *     key FIRST and keeps the old ones after it (a browser that sealed to an old key a moment ago still gets in;
 *     one that is told `unknown_payload_key` fetches the new key and retries).
 *   - LEGACY_RSA_PRIVATE_KEY: an RSA private JWK, e = 65537, of 1024 bits: the largest modulus the platform's own
 *     clients can use (docs/platform-contract.md §7.1; worker/services/crypto/legacy-keys.ts). The worker serves one
 *     legacy key, so rotation replaces it.
 *   - PAYMENT_DEMO_SECRET: the built-in demo payment provider's notice HMAC key, 32 random bytes as base64url
 *     (worker/services/wallet/payments/demo-provider.ts). Kept on rotation: deposits under way are signed with it.
 *   - CONSOLE_TOTP_KEY: the AES-256-GCM key that seals the console operators' TOTP secrets, 32 random bytes as
 *     base64url (worker/services/operators/totp-seal.ts). Kept on rotation: the stored secrets are sealed with it.
 * Tokens issued by others (SMS_HTTP_TOKEN, MAIL_HTTP_TOKEN, payment providers' and social logins' secrets) are not
 * made here; OPTIONAL_SECRETS says where each comes from.
 */

/** The secrets made here, in the order they are printed. */
export const MADE_SECRETS = ['PAYLOAD_PRIVATE_KEYS', 'LEGACY_RSA_PRIVATE_KEY', 'PAYMENT_DEMO_SECRET', 'CONSOLE_TOTP_KEY'] as const;
export type MadeSecret = (typeof MADE_SECRETS)[number];

/** A secrets file: secret name → value (the JSON `wrangler secret bulk` reads). */
export type SecretValues = Partial<Record<string, string>>;

/** Secrets that come from elsewhere: [name, when it is needed, where its value comes from]. */
export const OPTIONAL_SECRETS: [string, string, string][] = [
  ['SMS_HTTP_TOKEN', 'SMS_PROVIDER=http', "the SMS gateway's bearer token"],
  ['MAIL_HTTP_TOKEN', 'MAIL_PROVIDER=http', "the mailer's bearer token"],
];

/** The modulus size of the legacy key (docs/platform-contract.md §7.1). */
export const LEGACY_KEY_BITS = 1024;

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** A key id for a payload key made now: `p256-<yyyymmdd>-<8 hex>` (the worker accepts [A-Za-z0-9._-]{1,64}). */
export function newKeyId(now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `p256-${day}-${Buffer.from(crypto.getRandomValues(new Uint8Array(4))).toString('hex')}`;
}

/** A fresh EC P-256 private JWK with `kid` (only the fields the worker reads: kty, crv, x, y, d, kid). */
export async function makePayloadKey(kid: string = newKeyId()): Promise<JsonWebKey & { kid: string }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, d: jwk.d!, kid };
}

/**
 * PAYLOAD_PRIVATE_KEYS after making a key: `current` (the secret's value so far, or undefined) with a new key put
 * first. Throws SyntaxError/TypeError when `current` is not a JSON array.
 */
export async function addPayloadKey(current: string | undefined, kid?: string): Promise<string> {
  const old = current === undefined ? [] : (JSON.parse(current) as unknown);
  if (!Array.isArray(old)) throw new TypeError('PAYLOAD_PRIVATE_KEYS in the secrets file is not a JSON array');
  return JSON.stringify([await makePayloadKey(kid), ...old]);
}

/** A fresh 1024-bit RSA private JWK with e = 65537 (kty, n, e, d and the CRT fields). */
export async function makeLegacyRsaKey(): Promise<JsonWebKey> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: LEGACY_KEY_BITS, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const fields = ['kty', 'n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'] as const;
  return Object.fromEntries(fields.map((field) => [field, jwk[field]])) as JsonWebKey;
}

/** A fresh demo-provider secret (also the console TOTP key's format): 32 random bytes as base64url. */
export function makeDemoSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** What happened to each made secret. */
export type SecretChange = 'new' | 'kept' | 'rotated';

/**
 * The secrets file after `npm run keys`: `current` (the file so far, {} when none) with every missing made secret
 * added; with `rotate`, a new payload key put first (old ones kept) and a new legacy key. Other entries of the file
 * (tokens the operator added by hand) stay as they are.
 */
export async function makeSecrets(current: SecretValues, rotate: boolean): Promise<{ values: SecretValues; changes: Record<MadeSecret, SecretChange> }> {
  const values: SecretValues = { ...current };
  const changes = {} as Record<MadeSecret, SecretChange>;
  const has = (name: MadeSecret) => typeof current[name] === 'string' && current[name] !== '';
  changes.PAYLOAD_PRIVATE_KEYS = !has('PAYLOAD_PRIVATE_KEYS') ? 'new' : rotate ? 'rotated' : 'kept';
  if (changes.PAYLOAD_PRIVATE_KEYS !== 'kept') values.PAYLOAD_PRIVATE_KEYS = await addPayloadKey(has('PAYLOAD_PRIVATE_KEYS') ? current.PAYLOAD_PRIVATE_KEYS : undefined);
  changes.LEGACY_RSA_PRIVATE_KEY = !has('LEGACY_RSA_PRIVATE_KEY') ? 'new' : rotate ? 'rotated' : 'kept';
  if (changes.LEGACY_RSA_PRIVATE_KEY !== 'kept') values.LEGACY_RSA_PRIVATE_KEY = JSON.stringify(await makeLegacyRsaKey());
  changes.PAYMENT_DEMO_SECRET = has('PAYMENT_DEMO_SECRET') ? 'kept' : 'new';
  if (changes.PAYMENT_DEMO_SECRET === 'new') values.PAYMENT_DEMO_SECRET = makeDemoSecret();
  changes.CONSOLE_TOTP_KEY = has('CONSOLE_TOTP_KEY') ? 'kept' : 'new';
  if (changes.CONSOLE_TOTP_KEY === 'new') values.CONSOLE_TOTP_KEY = makeDemoSecret();
  return { values, changes };
}

/** A line describing one made secret's value (never the value itself). */
export function describeSecret(name: MadeSecret, value: string, change: SecretChange): string {
  let what: string;
  if (name === 'PAYLOAD_PRIVATE_KEYS') {
    const keys = JSON.parse(value) as { kid: string }[];
    what = `${keys.length} key${keys.length === 1 ? '' : 's'}, published kid ${keys[0]?.kid ?? '?'}`;
  } else if (name === 'LEGACY_RSA_PRIVATE_KEY') {
    const n = (JSON.parse(value) as { n?: string }).n ?? '';
    what = `RSA ${Buffer.from(n, 'base64url').length * 8} bits`;
  } else what = `${value.length} characters`;
  return `  ${name.padEnd(24)}${change.padEnd(9)}${what}`;
}

/**
 * The commands that upload the secrets file `file` to environment `env`: one `secret bulk` (which also creates the
 * Worker when it does not exist yet), or one `secret put` per secret reading its value from the file, so no value
 * ever appears on a command line or in the shell's history.
 */
export function uploadCommands(env: string, file: string, names: readonly string[]): { bulk: string; put: string[] } {
  return {
    bulk: `npx wrangler secret bulk ${file} --env ${env}`,
    put: names.map((name) => `node -e 'process.stdout.write(require("./${file}").${name})' | npx wrangler secret put ${name} --env ${env}`),
  };
}
