import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../worker/lib/envelope';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { clearPlatformKeyCache } from '../../../worker/edge/upstream/upstream-key';
import {
  decryptLegacyPayload, encryptLegacyPayload, encryptServicePath, modulusHex, rsaKeyPairOfJwk,
  type LegacyRsaPrivateKey, type LegacyRsaPublicKey,
} from '../../../worker/services/crypto/legacy-crypto';
import { sealPayload, type PayloadKey } from '../../../contract/payload-crypto';
import { PLAYDECK_CLIENT_HEADER, PLAYDECK_CLIENT_VALUE } from '../../../contract/headers';
import { page } from '../page-helpers';

const UPSTREAM = 'https://platform.upstream.test/base';
const upstreamEnv = { UPSTREAM_API_URL: UPSTREAM };

async function rsaPair(): Promise<{ publicKey: LegacyRsaPublicKey; privateKey: LegacyRsaPrivateKey }> {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  return rsaKeyPairOfJwk((await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey);
}

/** What the fake platform saw on an encrypted call, after decrypting it with its own private key. */
interface Opened {
  inner: unknown;
  headers: Record<string, string>;
  rawBody: string;
}

/**
 * A fake platform reached through the injected fetch: it publishes its RSA modulus as hex text, decrypts the
 * legacy bodies of the encrypted calls with its private key (refusing what it cannot decrypt, as a platform
 * would), and answers status and domain-route calls with DES-encrypted service paths.
 */
async function startPlatform() {
  const state = { pair: await rsaPair(), keyFetches: 0, calls: [] as Request[] };
  const platform = new Hono()
    .get('/base/wps/session/key/rsa', (c) => {
      state.keyFetches += 1;
      return c.text(modulusHex(state.pair.publicKey.n));
    })
    .on(['POST', 'PUT'], '/base/wps/*', async (c) => {
      const rawBody = await c.req.text();
      try {
        const inner = decryptLegacyPayload(
          { encryption: c.req.header('Encryption') ?? '', digest: c.req.header('X-Digest'), body: rawBody }, state.pair.privateKey,
        );
        const opened: Opened = { inner, headers: Object.fromEntries(c.req.raw.headers), rawBody };
        return c.json({ success: true, errorCode: '', message: '', value: opened });
      } catch {
        return c.json({ success: false, errorCode: 'request_param_err', message: 'decrypt failed', value: null }, 400);
      }
    })
    .get('/base/wps/v2/system/status', (c) => c.json({
      success: true, errorCode: '', message: '',
      value: {
        info: {
          customerService: [
            { csType: 'CS', path: encryptServicePath('https://cs.platform.test/chat?m=DEMO', 'Q7w8E9r1') },
            { csType: 'LINE', path: 'https://line.me/plain' },
          ],
          domainRoute: { version: { pathList: [{ type: '3', path: encryptServicePath('https://cs.platform.test/nested', 'abcdefgh') }] } },
          // The rest of §2's status, as the platform sends it (PlayDeck's browser gets the answer only when it fits).
          mobileTemplate: { mem_cen: '1', dep_func: '0' },
          paths: {},
          register: {},
          resources: [],
          whitelabel: [],
          mainDomain: 'demo.test',
          imageCDNs: [],
          launchGameCDNs: [],
          analytics: {},
        },
        location: { ip: '203.0.113.9' },
        maintenance: false,
        regionRestriction: false,
      },
    }))
    .get('/base/wps/system/domainRoute', (c) => c.json({
      success: true, errorCode: '', message: '',
      value: {
        version: { pathList: [{ type: '3', path: encryptServicePath('https://cs.platform.test/route', 'Zz9Yy8Xx') }, { type: '1', path: 'bm90IG1pbmU=abcdefgh' }] },
        domainList: [{ domainName: 'demo.test' }],
      },
    }))
    .get('/base/m/lotto-h5/*', (c) => c.html(`<p>platform lottery ${c.req.path} ${c.req.query('token') ?? ''}</p>`))
    .all('*', (c) => c.json({ success: true, errorCode: '', message: '', value: { path: c.req.path } }));
  const fetch: UpstreamFetch = async (request) => {
    state.calls.push(request.clone() as Request);
    return platform.fetch(request as Request);
  };
  return { state, fetch, options: { upstream: { fetch } } };
}

/** The worker's payload key, as the browser fetches it in upstream mode (served by the worker itself). */
async function payloadKey(options: { upstream: { fetch: UpstreamFetch } }): Promise<PayloadKey> {
  const answer = await page('/wps/playdeck/payloadKey', { env: upstreamEnv, options });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as Envelope<PayloadKey>).value;
}

/** A sealed call as the browser makes it, through the worker in upstream mode. */
async function sealed(path: string, method: string, body: unknown, platform: Awaited<ReturnType<typeof startPlatform>>) {
  const sealedBody = await sealPayload(await payloadKey(platform.options), path, body);
  return page(path, {
    method,
    body: JSON.stringify(sealedBody.json),
    headers: { 'Content-Type': 'application/json', Encryption: sealedBody.header, ModuleId: 'COMM3', Device: 'OTHERS' },
    env: upstreamEnv,
    options: platform.options,
  });
}

beforeEach(clearPlatformKeyCache);

describe('upstream mode: encrypted calls are re-encrypted in the legacy scheme (§1.6)', () => {
  it('opens the sealed login and sends { value } with Encryption, X-Digest and X-RSA for the platform’s key', async () => {
    const platform = await startPlatform();
    const login = { type: 'username', username: 'alice', password: 'secret123', captcha: '' };
    const answer = await sealed('/wps/session/login', 'POST', login, platform);
    expect(answer.status, answer.text).toBe(200);
    const opened = (JSON.parse(answer.text) as Envelope<Opened>).value;
    expect(opened.inner).toEqual(login);
    expect(JSON.parse(opened.rawBody)).toEqual({ value: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) });
    expect(opened.headers['x-digest']).toBe((JSON.parse(opened.rawBody) as { value: string }).value);
    expect(opened.headers['x-rsa']).toBe(modulusHex(platform.state.pair.publicKey.n));
    expect(opened.headers.encryption).toMatch(/^[0-9a-f]+$/);
    expect(opened.headers).toMatchObject({ merchant: 'DEMO', moduleid: 'COMM3', device: 'OTHERS', 'content-type': 'application/json' });
    expect(opened.rawBody).not.toContain('secret123');
    const keyFetch = platform.state.calls.find((r) => new URL(r.url).pathname === '/base/wps/session/key/rsa');
    expect(new URL(keyFetch!.url).searchParams.get('t')).toMatch(/^\d{13}$/);
    expect(keyFetch!.headers.get('Merchant')).toBe('DEMO');
  });

  it.each([
    ['/wps/member/register', 'PUT'],
    ['/wps/member/register/mobile', 'PUT'],
    ['/wps/member/password', 'POST'],
    ['/wps/member/password/verification', 'POST'],
    ['/wps/session/login/verification', 'POST'],
  ])('re-encrypts %s (%s) too', async (path, method) => {
    const platform = await startPlatform();
    const answer = await sealed(path, method, { any: 'field', n: 1 }, platform);
    expect((JSON.parse(answer.text) as Envelope<Opened>).value.inner).toEqual({ any: 'field', n: 1 });
  });

  it('caches the platform key per isolate (one fetch for two calls)', async () => {
    const platform = await startPlatform();
    await sealed('/wps/session/login', 'POST', { a: 1 }, platform);
    await sealed('/wps/session/login', 'POST', { a: 2 }, platform);
    expect(platform.state.keyFetches).toBe(1);
  });

  it('refetches the key once after a decryption failure and resends only when the key changed', async () => {
    const platform = await startPlatform();
    await sealed('/wps/session/login', 'POST', { a: 1 }, platform);
    platform.state.pair = await rsaPair(); // the platform rotates its key; our cached copy is stale
    const answer = await sealed('/wps/session/login', 'POST', { a: 2 }, platform);
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.text) as Envelope<Opened>).value.inner).toEqual({ a: 2 });
    expect(platform.state.keyFetches).toBe(2);
    const logins = platform.state.calls.filter((r) => new URL(r.url).pathname === '/base/wps/session/login');
    expect(logins).toHaveLength(3);
  });

  it('does not resend when the refetched key is the same (the failure is the platform’s answer)', async () => {
    const platform = await startPlatform();
    await sealed('/wps/session/login', 'POST', { a: 1 }, platform);
    const original = platform.fetch;
    const refusing: UpstreamFetch = (request) =>
      new URL(request.url).pathname.endsWith('/login') ? Promise.resolve(Response.json({ success: false, errorCode: 'request_param_err', message: 'decrypt failed', value: null }, { status: 400 })) : original(request);
    const answer = await sealed('/wps/session/login', 'POST', { a: 2 }, { ...platform, options: { upstream: { fetch: refusing } } });
    expect(answer.status).toBe(400);
    expect(platform.state.keyFetches).toBe(2);
  });

  it('refuses what the built-in API would refuse: a plain body (400 encryption_required), a replayed seal', async () => {
    const platform = await startPlatform();
    const plain = await page('/wps/session/login', {
      method: 'POST', body: JSON.stringify({ username: 'a', password: 'b' }), headers: { 'Content-Type': 'application/json' }, env: upstreamEnv, options: platform.options,
    });
    expect(plain.status).toBe(400);
    expect((JSON.parse(plain.text) as Envelope<null>).errorCode).toBe('encryption_required');
    const seal = await sealPayload(await payloadKey(platform.options), '/wps/session/login', { a: 1 });
    const init = { method: 'POST', body: JSON.stringify(seal.json), headers: { 'Content-Type': 'application/json', Encryption: seal.header }, env: upstreamEnv, options: platform.options };
    expect((await page('/wps/session/login', init)).status).toBe(200);
    const replay = await page('/wps/session/login', init);
    expect((JSON.parse(replay.text) as Envelope<null>).errorCode).toBe('replayed_payload');
    expect(platform.state.calls.filter((r) => r.url.endsWith('/wps/session/login'))).toHaveLength(1);
  });

  it('forwards a body already in the legacy scheme as sent (for the platform’s own clients)', async () => {
    const platform = await startPlatform();
    const sent = encryptLegacyPayload({ username: 'bob' }, platform.state.pair.publicKey, { form: 'older' });
    const answer = await page('/wps/session/login', { method: 'POST', body: sent.body, headers: sent.headers, env: upstreamEnv, options: platform.options });
    const opened = (JSON.parse(answer.text) as Envelope<Opened>).value;
    expect(opened.inner).toEqual({ username: 'bob' });
    expect(opened.rawBody).toBe(sent.body);
    expect(platform.state.keyFetches).toBe(0);
  });

  it('answers 502 upstream_unavailable when the platform publishes no usable key', async () => {
    const platform = await startPlatform();
    const broken: UpstreamFetch = (request) =>
      new URL(request.url).pathname.endsWith('/key/rsa') ? Promise.resolve(new Response('<html>oops</html>')) : platform.fetch(request);
    const answer = await sealed('/wps/session/login', 'POST', { a: 1 }, { ...platform, options: { upstream: { fetch: broken } } });
    expect(answer.status).toBe(502);
    expect((JSON.parse(answer.text) as Envelope<null>).errorCode).toBe('upstream_unavailable');
  });
});

/** What PlayDeck's browser adds to every call (src/api/client.ts): it reads plain customer-service paths. */
const FROM_PLAYDECK = { [PLAYDECK_CLIENT_HEADER]: PLAYDECK_CLIENT_VALUE };

describe('upstream mode: encrypted service paths are decrypted for PlayDeck’s browser only (§1.6.6, §7.4)', () => {
  it('status: customerService paths (and a nested domainRoute type 3) read plain; plain ones are left alone', async () => {
    const platform = await startPlatform();
    const answer = await page('/wps/v2/system/status?device=MOBILE', { env: upstreamEnv, options: platform.options, headers: FROM_PLAYDECK });
    const asked = platform.state.calls.at(-1)!;
    expect(asked.headers.has(PLAYDECK_CLIENT_HEADER)).toBe(false);
    const value = (JSON.parse(answer.text) as Envelope<{ info: { customerService: { path: string }[]; domainRoute: { version: { pathList: { path: string }[] } } } }>).value;
    expect(value.info.customerService.map((cs) => cs.path)).toEqual(['https://cs.platform.test/chat?m=DEMO', 'https://line.me/plain']);
    expect(value.info.domainRoute.version.pathList[0]!.path).toBe('https://cs.platform.test/nested');
  });

  it('domain route: only the type-3 path is decrypted', async () => {
    const platform = await startPlatform();
    const answer = await page('/wps/system/domainRoute?device=MOBILE', { env: upstreamEnv, options: platform.options, headers: FROM_PLAYDECK });
    const value = (JSON.parse(answer.text) as Envelope<{ version: { pathList: { type: string; path: string }[] } }>).value;
    expect(value.version.pathList).toEqual([
      { type: '3', path: 'https://cs.platform.test/route' },
      { type: '1', path: 'bm90IG1pbmU=abcdefgh' },
    ]);
    expect(answer.headers.get('Content-Length')).toBeNull();
  });

  it('the platform’s own client (no PlayDeck header) gets the paths encrypted, as the platform sent them', async () => {
    const platform = await startPlatform();
    const status = await page('/wps/v2/system/status?device=MOBILE', { env: upstreamEnv, options: platform.options });
    const value = (JSON.parse(status.text) as Envelope<{ info: { customerService: { path: string }[] } }>).value;
    expect(value.info.customerService[0]!.path).toBe(encryptServicePath('https://cs.platform.test/chat?m=DEMO', 'Q7w8E9r1'));
    const route = await page('/wps/system/domainRoute?device=MOBILE', { env: upstreamEnv, options: platform.options });
    const pathList = (JSON.parse(route.text) as Envelope<{ version: { pathList: { type: string; path: string }[] } }>).value.version.pathList;
    expect(pathList[0]).toEqual({ type: '3', path: encryptServicePath('https://cs.platform.test/route', 'Zz9Yy8Xx') });
  });
});

describe('upstream mode: PlayDeck extensions and the platform’s lottery pages', () => {
  it('serves the payload key itself and answers 404 function.not.available for every other /wps/playdeck/* call, never forwarding', async () => {
    const platform = await startPlatform();
    await payloadKey(platform.options);
    for (const path of ['/wps/playdeck/catalogue/demo', '/wps/playdeck/accounts/remember', '/wps/playdeck']) {
      const answer = await page(path, { env: upstreamEnv, options: platform.options });
      expect(answer.status, path).toBe(404);
      expect((JSON.parse(answer.text) as Envelope<null>).errorCode).toBe('function.not.available');
    }
    expect(platform.state.calls).toHaveLength(0);
  });

  it('forwards /m/lotto-h5/<mui>/<playType>/games/<id> to the platform unchanged', async () => {
    const platform = await startPlatform();
    const answer = await page('/m/lotto-h5/mui1/SEA/games/12?token=abc&merchant=DEMO', { env: upstreamEnv, options: platform.options });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('<p>platform lottery /base/m/lotto-h5/mui1/SEA/games/12 abc</p>');
    expect(platform.state.calls[0]!.headers.get('Merchant')).toBeNull();
  });
});
