import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYLOAD_ALGORITHM, fromBase64, sealPayload, toBase64, type PayloadKey } from '../../../contract/payload-crypto';
import { call } from '../helpers';
import { sealedCall, payloadKey } from '../sealed';
import {
  ensureAccountSettings, fromIp, registerMember, registration, uniqueIp, uniqueUsername, withTestCaptcha,
} from '../accounts-fixtures';

beforeAll(ensureAccountSettings);
afterEach(() => {
  vi.restoreAllMocks();
});

const loginBody = { type: 'username', username: 'nobody1', password: 'secret123' };
/** A login that reaches the password check: an unknown user from a fresh address, so no captcha is due. */
const freshLogin = () => ({
  json: { type: 'username', username: uniqueUsername('nb'), password: 'secret123' },
  headers: fromIp(uniqueIp()),
});

/** A fresh EC P-256 private JWK with a kid, as an operator would generate it. */
async function operatorKey(kid: string): Promise<JsonWebKey & { kid: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  return { ...((await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey), kid };
}
const publicOf = (jwk: JsonWebKey & { kid: string }): PayloadKey => ({
  keyId: jwk.kid, algorithm: PAYLOAD_ALGORITHM, publicKeyJwk: { kty: 'EC', crv: 'P-256', x: jwk.x ?? '', y: jwk.y ?? '' },
});

describe('GET /wps/playdeck/payloadKey', () => {
  it('publishes the public half only, with its id and algorithm', async () => {
    const res = await call<PayloadKey>('/wps/playdeck/payloadKey');
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      keyId: expect.stringMatching(/^dev-[0-9a-f]{12}$/),
      algorithm: 'ECDH-P256-A256GCM',
      publicKeyJwk: { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) },
    });
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('answers 503 encryption_unavailable outside development when no key is configured', async () => {
    const env = { APP_ENV: 'production' };
    expect((await call('/wps/playdeck/payloadKey', { env })).body.errorCode).toBe('encryption_unavailable');
    const login = await call('/wps/session/login', { method: 'POST', json: { data: 'AAAA' }, headers: { Encryption: `${PAYLOAD_ALGORITHM};k1` }, env });
    expect(login.status).toBe(503);
  });
});

describe('sealed request bodies', () => {
  it.each([
    ['/wps/session/login', 'POST'],
    ['/wps/member/register', 'PUT'],
    ['/wps/member/register/mobile', 'PUT'],
    ['/wps/member/password/verification', 'POST'],
  ])('%s refuses a plain JSON body with 400 encryption_required', async (path, method) => {
    const res = await call(path, { method, json: registration(), env: withTestCaptcha });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('encryption_required');
  });

  it('password change refuses a plain body too (after the session check)', async () => {
    const { session } = await registerMember();
    const res = await call('/wps/member/password', {
      method: 'POST', token: session.token, json: { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' },
    });
    expect(res.body.errorCode).toBe('encryption_required');
  }, 30_000);

  it('opens a sealed body and runs the call (a wrong password is a normal 401)', async () => {
    const res = await sealedCall('/wps/session/login', freshLogin());
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('login.cred.err');
  });

  it('refuses the same sealed body twice with 400 replayed_payload', async () => {
    const first = await sealedCall('/wps/session/login', freshLogin());
    expect(first.body.errorCode).toBe('login.cred.err');
    const replay = await call('/wps/session/login', { method: 'POST', json: first.sealed.json, headers: { Encryption: first.sealed.header } });
    expect(replay.status).toBe(400);
    expect(replay.body.errorCode).toBe('replayed_payload');
  });

  it.each([
    ['more than 5 minutes old', -5 * 60 * 1000 - 2000],
    ['more than 5 minutes in the future', 5 * 60 * 1000 + 2000],
  ])('refuses a timestamp %s with 400 stale_payload', async (_name, offset) => {
    const res = await sealedCall('/wps/session/login', { json: loginBody, now: Date.now() + offset });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('stale_payload');
  });

  it('accepts a timestamp 4 minutes old', async () => {
    const res = await sealedCall('/wps/session/login', { ...freshLogin(), now: Date.now() - 4 * 60 * 1000 });
    expect(res.body.errorCode).toBe('login.cred.err');
  });

  it('refuses a tampered body with 400 bad_payload', async () => {
    const key = await payloadKey();
    const sealed = await sealPayload(key, '/wps/session/login', loginBody);
    const bytes = fromBase64(sealed.json.data) ?? new Uint8Array();
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 1;
    const res = await call('/wps/session/login', { method: 'POST', json: { data: toBase64(bytes) }, headers: { Encryption: sealed.header } });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('bad_payload');
  });

  it('refuses a body sealed for another endpoint with 400 bad_payload', async () => {
    const key = await payloadKey();
    const sealed = await sealPayload(key, '/wps/member/register', loginBody);
    const res = await call('/wps/session/login', { method: 'POST', json: sealed.json, headers: { Encryption: sealed.header } });
    expect(res.body.errorCode).toBe('bad_payload');
  });

  it.each([
    ['an unknown algorithm', (h: string) => h.replace(PAYLOAD_ALGORITHM, 'RSA-OAEP'), (d: string) => d, 'bad_payload'],
    ['a header without a key id', () => PAYLOAD_ALGORITHM, (d: string) => d, 'bad_payload'],
    ['an unknown key id', () => `${PAYLOAD_ALGORITHM};old-key`, (d: string) => d, 'unknown_payload_key'],
    ['data that is not base64', (h: string) => h, () => 'not base64!', 'bad_payload'],
    ['data that is too short', (h: string) => h, () => 'AAAA', 'bad_payload'],
  ])('refuses %s', async (_name, header, data, code) => {
    const key = await payloadKey();
    const sealed = await sealPayload(key, '/wps/session/login', loginBody);
    const res = await call('/wps/session/login', {
      method: 'POST', json: { data: data(sealed.json.data) }, headers: { Encryption: header(sealed.header) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(code);
  });

  it('checks the inner body with the call’s rules (400 invalid_input)', async () => {
    const res = await sealedCall('/wps/session/login', { json: { type: 'username', username: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });

  it('never writes the password to the logs', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => vi.spyOn(console, level));
    const secret = 'NeverLogged42';
    await sealedCall('/wps/session/login', { json: { type: 'username', username: 'nobody2', password: secret } });
    await sealedCall('/wps/session/login', { json: { type: 'username', username: 'x', password: secret, captcha: 'c'.repeat(40) } });
    for (const spy of spies) {
      for (const args of spy.mock.calls) expect(JSON.stringify(args)).not.toContain(secret);
    }
  });
});

describe('PAYLOAD_PRIVATE_KEYS rotation', () => {
  it('publishes the first key and still opens bodies sealed with an older one', async () => {
    const newer = await operatorKey('k2026b');
    const older = await operatorKey('k2026a');
    const env = { PAYLOAD_PRIVATE_KEYS: JSON.stringify([newer, older]) };
    const published = await payloadKey(env);
    expect(published).toEqual(publicOf(newer));
    expect(JSON.stringify(published)).not.toContain(newer.d ?? 'no-d');
    const withNew = await sealedCall('/wps/session/login', { ...freshLogin(), env });
    expect(withNew.body.errorCode).toBe('login.cred.err');
    const withOld = await sealedCall('/wps/session/login', { ...freshLogin(), env, key: publicOf(older) });
    expect(withOld.body.errorCode).toBe('login.cred.err');
    const retired = await sealedCall('/wps/session/login', {
      json: loginBody, env: { PAYLOAD_PRIVATE_KEYS: JSON.stringify([newer]) }, key: publicOf(older),
    });
    expect(retired.body.errorCode).toBe('unknown_payload_key');
  });

  it('refuses a body sealed for a key id with another key’s public half', async () => {
    const real = await operatorKey('k1');
    const impostor = await operatorKey('k1');
    const env = { PAYLOAD_PRIVATE_KEYS: JSON.stringify([real]) };
    const res = await sealedCall('/wps/session/login', { json: loginBody, env, key: publicOf(impostor) });
    expect(res.body.errorCode).toBe('bad_payload');
  });

  it.each([
    ['not JSON', 'nope'],
    ['an empty list', '[]'],
    ['a key without kid', JSON.stringify([{ kty: 'EC', crv: 'P-256', x: 'a', y: 'b', d: 'c' }])],
  ])('answers 503 encryption_unavailable for a secret that is %s', async (_name, secret) => {
    const res = await call('/wps/playdeck/payloadKey', { env: { PAYLOAD_PRIVATE_KEYS: secret } });
    expect(res.status).toBe(503);
    expect(res.body.errorCode).toBe('encryption_unavailable');
  });
});
