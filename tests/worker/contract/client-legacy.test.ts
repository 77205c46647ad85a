import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';
import type { Bindings } from '../../../worker/env';
import type { Envelope } from '../../../worker/lib/envelope';
import { base64Utf8 } from '../../../contract/headers';
import type { SessionValue } from '../../../contract/calls/accounts';
import {
  encryptLegacyPayload, modPow, modulusHex, parseModulusHex, rsaKeyPairOfJwk,
} from '../../../worker/services/crypto/legacy-crypto';
import { clientEncrypt, clientRandomKey, clientRsa } from '../client-crypto';
import { TEST_ANSWER, ensureAccountSettings, fromIp, registration, uniqueIp, uniqueUsername, withTestCaptcha } from '../accounts-fixtures';

/**
 * The built-in API answers the platform's own mobile client on its encrypted journeys (platform-contract.md §7.1,
 * §7.2): the key fetched as that client fetches it, every body encrypted by the emulation of its code
 * (client-crypto.ts), every request with the headers its transport adds.
 */

const app = createApp();
beforeAll(ensureAccountSettings);

const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** The headers the client's transport adds to every call (§1.2): Merchant, Language, X-Real-UA, bare Authorization. */
function clientHeaders(token?: string, moduleId?: string): Record<string, string> {
  const headers: Record<string, string> = { Merchant: 'DEMO', Language: 'EN', 'X-Real-UA': base64Utf8(USER_AGENT), ...fromIp(uniqueIp()) };
  if (token) headers.Authorization = token;
  if (moduleId) headers.ModuleId = moduleId;
  return headers;
}

async function send(path: string, init: RequestInit, bindings: Partial<Bindings> = {}) {
  const response = await app.request(`http://127.0.0.1${path}`, init, { ...env, ...withTestCaptcha, ...bindings });
  const text = await response.text();
  return { status: response.status, text, body: (text.startsWith('{') ? JSON.parse(text) : null) as Envelope<SessionValue> | null };
}

/** The key text as the client's encryption module asks for it: `?_=<epoch ms>`, `Cache-Control: no-cache`. */
async function fetchKey(bindings: Partial<Bindings> = {}): Promise<string> {
  const res = await send(`/wps/session/key/rsa?_=${Date.now()}`, { headers: { ...clientHeaders(), 'Cache-Control': 'no-cache' } }, bindings);
  expect(res.status).toBe(200);
  return res.text;
}

/** One encrypted call as the client makes it: fresh key fetch, its encryption, its headers. */
async function encryptedCall(method: string, path: string, payload: unknown, moduleId: string, token?: string, bindings: Partial<Bindings> = {}) {
  const keyText = await fetchKey(bindings);
  const sent = clientEncrypt(payload, keyText);
  return send(path, { method, body: sent.body, headers: { ...clientHeaders(token, moduleId), ...sent.headers } }, bindings);
}

describe("the platform's mobile client against the built-in API (§7.1, §7.2)", { timeout: 60_000 }, () => {
  it('gets a key it can use: at most 1024 bits, bare hex', async () => {
    const keyText = await fetchKey();
    expect(keyText).toMatch(/^[0-9a-f]{1,256}$/);
    expect(parseModulusHex(keyText).toString(2).length).toBeLessThanOrEqual(1024);
  });

  it('registers (login: true), logs in and changes its password with its own encryption; answers carry customerType', async () => {
    const payload = registration({ username: uniqueUsername('cl'), login: true });
    const username = String(payload.username);

    const registered = await encryptedCall('PUT', '/wps/member/register', payload, 'REG3');
    expect(registered.status, registered.text).toBe(200);
    expect(registered.body?.value).toMatchObject({ userName: username, customerType: 0 });
    expect(registered.body?.value.token).toMatch(/^[A-Za-z0-9_.-]{20,}$/);

    const login = await encryptedCall('POST', '/wps/session/login', { username, password: 'secret123' }, 'COMM3');
    expect(login.status, login.text).toBe(200);
    expect(login.body?.value).toMatchObject({ userName: username, customerType: 0 });
    const token = login.body!.value.token;

    const changed = await encryptedCall(
      'POST', '/wps/member/password', { oldPassword: 'secret123', newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' }, 'PASS3', token,
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body?.success).toBe(true);

    const oldPassword = await encryptedCall('POST', '/wps/session/login', { username, password: 'secret123' }, 'COMM3');
    expect(oldPassword.body?.errorCode).toBe('login.cred.err');
    // A failed login asks for a captcha next time (value.captcha), which the client then shows and sends.
    const newPassword = await encryptedCall('POST', '/wps/session/login', { username, password: 'fresh2024', captcha: TEST_ANSWER }, 'COMM3');
    expect(newPassword.status, newPassword.text).toBe(200);
    expect(newPassword.body?.value.customerType).toBe(0);
  });

  it('free play answers customerType 4 to the client', async () => {
    const res = await send('/wps/session/login/freeplay', { method: 'POST', headers: clientHeaders(undefined, 'FREEPLAY3') });
    expect(res.status, res.text).toBe(200);
    expect(res.body?.value.customerType).toBe(4);
  });
});

describe('the emulation is faithful to the client (client-crypto.ts)', { timeout: 60_000 }, () => {
  it('computes textbook RSA of the reversed key for moduli up to 1024 bits', async () => {
    for (const bits of [768, 1024]) {
      const pair = (await crypto.subtle.generateKey(
        { name: 'RSA-OAEP', modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'],
      )) as CryptoKeyPair;
      const { publicKey, privateKey } = rsaKeyPairOfJwk((await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey);
      const key = clientRandomKey();
      const encryption = clientRsa(modulusHex(publicKey.n), key);
      // The reversed key packed little-endian is the key read big-endian.
      const expected = [...key].reduce((m, ch) => (m << 8n) | BigInt(ch.charCodeAt(0)), 0n);
      expect(modPow(BigInt(`0x${encryption}`), privateKey.d, publicKey.n)).toBe(expected);
    }
  });

  it('with a 2048-bit key the client (and so the emulation) sends what nobody can decrypt; a correct encryption to that key works', async () => {
    const pair = (await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'],
    )) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
    const { publicKey, privateKey } = rsaKeyPairOfJwk(jwk);
    // A deployment still holding its 2048-bit secret: the old key keeps decrypting (services/legacy-keys.ts).
    const bindings = { LEGACY_RSA_PRIVATE_KEY: JSON.stringify(jwk) };
    const payload = { username: uniqueUsername('cl'), password: 'secret123' };

    const key = clientRandomKey();
    const encryption = clientRsa(modulusHex(publicKey.n), key);
    const expected = [...key].reduce((m, ch) => (m << 8n) | BigInt(ch.charCodeAt(0)), 0n);
    const blocks = encryption.split(' ');
    const decrypted = /^[0-9a-f]+$/.test(blocks[0] ?? '') ? modPow(BigInt(`0x${blocks[0]}`) % publicKey.n, privateKey.d, publicKey.n) : -1n;
    expect(decrypted).not.toBe(expected);

    const byClient = clientEncrypt(payload, modulusHex(publicKey.n), key);
    const refused = await send('/wps/session/login', { method: 'POST', body: byClient.body, headers: { ...clientHeaders(undefined, 'COMM3'), ...byClient.headers } }, bindings);
    expect(refused.status).toBe(400);
    expect(refused.body?.errorCode).toBe('bad_payload');

    const correct = encryptLegacyPayload(payload, publicKey);
    const read = await send('/wps/session/login', { method: 'POST', body: correct.body, headers: { ...clientHeaders(undefined, 'COMM3'), ...correct.headers } }, bindings);
    expect(read.body?.errorCode).toBe('login.cred.err');
  });
});
