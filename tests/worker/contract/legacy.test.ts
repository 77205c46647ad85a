import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';
import type { Bindings } from '../../../worker/env';
import type { Envelope } from '../../../worker/lib/envelope';
import {
  encryptLegacyPayload, modulusHex, parseModulusHex, rsaKeyPairOfJwk, type LegacyRsaPublicKey,
} from '../../../worker/services/crypto/legacy-crypto';
import { LEGACY_RSA_KEY_PATH } from '../../../contract/legacy';
import { sealedCall } from '../sealed';
import { ensureAccountSettings, fromIp, registerMember, uniqueIp, uniqueUsername } from '../accounts-fixtures';

const app = createApp();
beforeAll(ensureAccountSettings);

/** Sends a raw request (the older legacy form is not JSON) as the demo host; returns status and parsed answer. */
async function send(path: string, init: RequestInit, bindings: Partial<Bindings> = {}) {
  const response = await app.request(`http://127.0.0.1${path}`, init, { ...env, ...bindings });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, body: (text.startsWith('{') ? JSON.parse(text) : null) as Envelope<unknown> | null };
}

/** GET /wps/session/key/rsa as the platform's clients do, with the `t` cache-buster. */
async function rsaKey(bindings: Partial<Bindings> = {}): Promise<LegacyRsaPublicKey> {
  const res = await send(`${LEGACY_RSA_KEY_PATH}?t=${Date.now()}`, {}, bindings);
  expect(res.status).toBe(200);
  return { n: parseModulusHex(res.text), e: 65537n };
}

/** A legacy-encrypted login (either form) from a fresh address. */
async function legacyLogin(payload: unknown, form: 'newer' | 'older' = 'newer', bindings: Partial<Bindings> = {}) {
  const sent = encryptLegacyPayload(payload, await rsaKey(bindings), { form });
  const res = await send('/wps/session/login', {
    method: 'POST', body: sent.body, headers: { ...sent.headers, ...fromIp(uniqueIp()) },
  }, bindings);
  return { ...res, sent };
}

describe('GET /wps/session/key/rsa (legacy scheme, §1.6.1)', () => {
  it('answers the modulus as bare hex text, not cached', async () => {
    const res = await send(`${LEGACY_RSA_KEY_PATH}?t=1700000000000`, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.text).toMatch(/^[0-9a-f]{256}$/);
    // At most 1024 bits: the platform's clients cannot use a larger key (§7.1).
    expect(parseModulusHex(res.text).toString(2)).toHaveLength(1024);
  });

  it('answers the same stored key on every call (every isolate reads one D1 row)', async () => {
    const first = await send(`${LEGACY_RSA_KEY_PATH}?_=${Date.now()}`, { headers: { 'Cache-Control': 'no-cache' } });
    const second = await send(`${LEGACY_RSA_KEY_PATH}?_=${Date.now() + 1}`, {});
    expect(first.text).toBe(second.text);
    const row = await env.DB.prepare(`SELECT private_jwk, modulus_bits FROM legacy_rsa_keys WHERE id = 'current'`)
      .first<{ private_jwk: string; modulus_bits: number }>();
    expect(row?.modulus_bits).toBe(1024);
    expect(modulusHex(rsaKeyPairOfJwk(JSON.parse(row!.private_jwk) as JsonWebKey).publicKey.n)).toBe(first.text);
  });

  it('replaces a 2048-bit LEGACY_RSA_PRIVATE_KEY with the stored 1024-bit key, and the old key still decrypts', async () => {
    const pair = (await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'],
    )) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
    const LEGACY_RSA_PRIVATE_KEY = JSON.stringify(jwk);
    const served = await send(LEGACY_RSA_KEY_PATH, {}, { LEGACY_RSA_PRIVATE_KEY, APP_ENV: 'production' });
    expect(served.status).toBe(200);
    expect(parseModulusHex(served.text).toString(2)).toHaveLength(1024);
    expect(served.text).toBe((await send(LEGACY_RSA_KEY_PATH, {})).text);
    // The served key works…
    const viaServed = await legacyLogin({ type: 'username', username: uniqueUsername('lg'), password: 'secret123' }, 'newer', { LEGACY_RSA_PRIVATE_KEY });
    expect(viaServed.body?.errorCode).toBe('login.cred.err');
    // …and a caller that fetched the old 2048-bit key before the change is not cut off.
    const old = encryptLegacyPayload({ type: 'username', username: uniqueUsername('lg'), password: 'secret123' }, rsaKeyPairOfJwk(jwk).publicKey);
    const viaOld = await send('/wps/session/login', {
      method: 'POST', body: old.body, headers: { ...old.headers, ...fromIp(uniqueIp()) },
    }, { LEGACY_RSA_PRIVATE_KEY });
    expect(viaOld.body?.errorCode).toBe('login.cred.err');
  }, 30_000);

  it('uses LEGACY_RSA_PRIVATE_KEY when it is set', async () => {
    const pair = (await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'],
    )) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
    const LEGACY_RSA_PRIVATE_KEY = JSON.stringify(jwk);
    const res = await send(LEGACY_RSA_KEY_PATH, {}, { LEGACY_RSA_PRIVATE_KEY });
    expect(res.text).toBe(modulusHex(rsaKeyPairOfJwk(jwk).publicKey.n));
    const login = await legacyLogin({ type: 'username', username: uniqueUsername('lg'), password: 'secret123' }, 'newer', { LEGACY_RSA_PRIVATE_KEY });
    expect(login.body?.errorCode).toBe('login.cred.err');
  });

  it('answers 503 encryption_unavailable outside development without a key, and 403 when switched off', async () => {
    const prod = await send(LEGACY_RSA_KEY_PATH, {}, { APP_ENV: 'production' });
    expect(prod.status).toBe(503);
    expect(prod.body?.errorCode).toBe('encryption_unavailable');
    const off = await send(LEGACY_RSA_KEY_PATH, {}, { LEGACY_ENCRYPTION: 'off' });
    expect(off.status).toBe(403);
    expect(off.body?.errorCode).toBe('legacy_encryption_disabled');
  });
});

describe('legacy-encrypted bodies on the encrypted calls (built-in mode)', () => {
  it('logs in with the newer form ({ value } + X-Digest + X-RSA) and the older form (raw base64)', async () => {
    const { username, password } = await registerMember();
    for (const form of ['newer', 'older'] as const) {
      const res = await legacyLogin({ type: 'username', username, password }, form);
      expect(res.status, res.text).toBe(200);
      expect((res.body?.value as { token?: string }).token).toMatch(/^[A-Za-z0-9_.-]{20,}$/);
    }
  }, 30_000);

  it('validates the decrypted body with the call’s own rules (400 request_param_err)', async () => {
    const res = await legacyLogin({ type: 'username', username: 'x' });
    expect(res.status).toBe(400);
    expect(res.body?.errorCode).toBe('request_param_err');
  });

  it('refuses the same legacy body twice with 400 replayed_payload', async () => {
    const first = await legacyLogin({ type: 'username', username: uniqueUsername('rp'), password: 'secret123' });
    expect(first.body?.errorCode).toBe('login.cred.err');
    const replay = await send('/wps/session/login', { method: 'POST', body: first.sent.body, headers: { ...first.sent.headers, ...fromIp(uniqueIp()) } });
    expect(replay.status).toBe(400);
    expect(replay.body?.errorCode).toBe('replayed_payload');
  });

  it('refuses a body for another key, a digest that is not the body, and a non-JSON payload with 400 bad_payload', async () => {
    const stranger = { n: parseModulusHex('c'.repeat(256)) | 1n, e: 65537n };
    const wrongKey = encryptLegacyPayload({ username: 'a' }, stranger);
    const good = encryptLegacyPayload({ username: 'a' }, await rsaKey());
    const cases: [string, Record<string, string>][] = [
      [wrongKey.body, wrongKey.headers],
      [good.body, { ...good.headers, 'X-Digest': 'AAAA' }],
      ['{"value":"not base64!"}', good.headers],
    ];
    for (const [body, headers] of cases) {
      const res = await send('/wps/session/login', { method: 'POST', body, headers });
      expect(res.status, res.text).toBe(400);
      expect(res.body?.errorCode).toBe('bad_payload');
    }
  });

  it('LEGACY_ENCRYPTION=off refuses legacy bodies with 403 legacy_encryption_disabled; sealed bodies still work', async () => {
    const key = await rsaKey();
    const sent = encryptLegacyPayload({ type: 'username', username: 'nobody', password: 'secret123' }, key);
    const res = await send('/wps/member/register', { method: 'PUT', body: sent.body, headers: sent.headers }, { LEGACY_ENCRYPTION: 'off' });
    expect(res.status).toBe(403);
    expect(res.body?.errorCode).toBe('legacy_encryption_disabled');
    // PlayDeck's own sealed scheme is unaffected by the switch.
    const sealed = await sealedCall('/wps/session/login', {
      json: { type: 'username', username: uniqueUsername('off'), password: 'secret123' },
      headers: fromIp(uniqueIp()),
      env: { LEGACY_ENCRYPTION: 'off' },
    });
    expect(sealed.body.errorCode).toBe('login.cred.err');
  });
});
