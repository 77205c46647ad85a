import { describe, expect, it } from 'vitest';
import {
  decryptServicePaths, endToEndHeaders, hasEncryptedServicePaths, isDecryptionFailure, platformRequestHeaders,
  upstreamRoute, upstreamUrl,
} from '../../../worker/edge/upstream/forwarding';
import { modulusOfKeyAnswer, platformKey, platformKeyUrl, PLATFORM_KEY_TTL_MS } from '../../../worker/edge/upstream/upstream-key';
import { decryptServicePath, encryptServicePath } from '../../../worker/services/crypto/legacy-crypto';
import { LEGACY_ENCRYPTED_CALLS, isLegacyEncryptedCall } from '../../../contract/legacy';
import { allCalls } from '../../../contract';

describe('headers forwarded to the upstream API', () => {
  it.each([
    'Connection', 'Keep-Alive', 'Proxy-Authorization', 'Proxy-Authenticate', 'Proxy-Connection', 'TE', 'Trailer',
    'Transfer-Encoding', 'Upgrade', 'Host',
  ])('drops the hop-by-hop header %s', (name) => {
    const headers = new Headers({ [name]: 'x', Accept: 'application/json' });
    const forwarded = endToEndHeaders(headers);
    expect(forwarded.has(name)).toBe(false);
    expect(forwarded.get('Accept')).toBe('application/json');
  });

  it('drops headers that Connection names as hop-by-hop', () => {
    const forwarded = endToEndHeaders(new Headers({ Connection: 'close, X-Session-Hint', 'X-Session-Hint': '1', 'X-Other': '2' }));
    expect(forwarded.has('X-Session-Hint')).toBe(false);
    expect(forwarded.get('X-Other')).toBe('2');
  });

  it('keeps end-to-end headers such as Authorization, Cookie and Content-Type unchanged', () => {
    const headers = new Headers({ Authorization: 'Bearer abc', Cookie: 'a=1', 'Content-Type': 'application/json', Encryption: 'v1' });
    expect(Object.fromEntries(endToEndHeaders(headers))).toEqual(Object.fromEntries(headers));
  });
});

describe('upstream URL', () => {
  it.each([
    ['https://api.example', 'http://site.example/wps/game/list?pageNo=2&x=%20', 'https://api.example/wps/game/list?pageNo=2&x=%20'],
    ['https://api.example/', 'http://site.example/lgw/orders', 'https://api.example/lgw/orders'],
    ['https://api.example/platform/', 'http://site.example/wps/system/status?merchant=DEMO', 'https://api.example/platform/wps/system/status?merchant=DEMO'],
    ['http://10.0.0.5:8080', 'https://site.example/wps/session/logout', 'http://10.0.0.5:8080/wps/session/logout'],
  ])('%s + %s → %s', (base, request, expected) => {
    expect(upstreamUrl(base, request).href).toBe(expected);
  });
});

const visitor = { merchantCode: 'DEMO', language: 'th', userAgent: 'Mozilla/5.0 Test' };

describe('platform headers of a forwarded call (§1.2)', () => {
  it.each([
    [{}, { merchant: 'DEMO', language: 'TH', 'x-real-ua': btoa('Mozilla/5.0 Test') }],
    [{ Merchant: 'demo' }, { merchant: 'DEMO' }],
    [{ Merchant: 'DEMO, DEMO' }, { merchant: 'DEMO' }],
    [{ Language: 'vi' }, { language: 'VI' }],
    [{ 'X-Real-UA': 'b3du' }, { 'x-real-ua': 'b3du' }],
    [{ Authorization: 'Bearer tok_abcdefghijklmnopqrst' }, { authorization: 'tok_abcdefghijklmnopqrst' }],
    [{ Authorization: 'tok_abcdefghijklmnopqrst' }, { authorization: 'tok_abcdefghijklmnopqrst' }],
    [{ ModuleId: 'GAMELO3', Device: 'PWA', Encryption: 'abc' }, { moduleid: 'GAMELO3', device: 'PWA', encryption: 'abc' }],
    // The browser's idempotency key of a state-changing call reaches the platform unchanged (docs/upstream-mode.md).
    [{ 'Idempotency-Key': 'b7f1c0de-0000-4000-8000-000000000001' }, { 'idempotency-key': 'b7f1c0de-0000-4000-8000-000000000001' }],
  ])('%j → %j', (sent, expected) => {
    const headers = platformRequestHeaders(new Headers(sent as Record<string, string>), visitor);
    expect(headers).not.toBe('merchant_mismatch');
    expect(Object.fromEntries(headers as Headers)).toMatchObject(expected);
  });

  it('adds no X-Real-UA without a user agent; Language defaults to EN', () => {
    const headers = platformRequestHeaders(new Headers(), { merchantCode: 'DEMO', language: '', userAgent: null }) as Headers;
    expect(headers.has('X-Real-UA')).toBe(false);
    expect(headers.get('Language')).toBe('EN');
  });

  it('refuses a Merchant naming another site, alone or among duplicates', () => {
    expect(platformRequestHeaders(new Headers({ Merchant: 'OTHER' }), visitor)).toBe('merchant_mismatch');
    expect(platformRequestHeaders(new Headers({ Merchant: 'DEMO, OTHER' }), visitor)).toBe('merchant_mismatch');
  });
});

describe('what upstream mode does with a path', () => {
  it.each([
    ['/wps/playdeck/payloadKey', 'local'],
    ['/wps/playdeck/openapi.json', 'local'],
    ['/wps/playdeck/catalogue/demo', 'unavailable'],
    ['/wps/playdeck', 'unavailable'],
    ['/wps/playdeck/protection/limits', 'protection'],
    ['/wps/playdeck/protection/realityCheck/continue', 'protection'],
    ['/wps/playdeck/protection/statement', 'unavailable'],
    ['/wps/playdeck/protection/statement/prompt', 'unavailable'],
    ['/wps/session/login', 'api'],
    ['/wps/session/key/rsa', 'api'],
    ['/lgw/orders', 'api'],
    ['/lotto/lgw/games/opened/numero', 'api'],
    ['/lotto/other', 'none'],
    ['/m/lotto-h5/a/b/games/1', 'page'],
    ['/m/lotto-h5', 'none'],
    ['/m/home', 'none'],
  ])('%s → %s', (path, route) => {
    expect(upstreamRoute(path)).toBe(route);
  });

  it('knows which answers carry encrypted service paths', () => {
    expect(hasEncryptedServicePaths('GET', '/wps/v2/system/status')).toBe(true);
    expect(hasEncryptedServicePaths('GET', '/wps/system/status')).toBe(true);
    expect(hasEncryptedServicePaths('GET', '/wps/system/domainRoute')).toBe(true);
    expect(hasEncryptedServicePaths('GET', '/wps/member/info')).toBe(false);
    expect(hasEncryptedServicePaths('POST', '/wps/system/status')).toBe(false);
  });
});

describe('encrypted calls (§1.6.5) as one contract fact', () => {
  it('lists login, login verification, the registrations, change password and set password by phone', () => {
    expect(isLegacyEncryptedCall('POST', '/wps/session/login')).toBe(true);
    expect(isLegacyEncryptedCall('post', '/wps/session/login/')).toBe(true);
    expect(isLegacyEncryptedCall('PUT', '/wps/member/register/mobile')).toBe(true);
    expect(isLegacyEncryptedCall('GET', '/wps/session/login')).toBe(false);
    expect(isLegacyEncryptedCall('DELETE', '/wps/session/logout')).toBe(false);
  });

  it('every platform call def marked encrypted is in the list (checked again when the areas merge their calls)', () => {
    // PlayDeck's own sealed extensions (/wps/playdeck/…) are not platform calls: never legacy, never forwarded.
    for (const def of allCalls().filter((d) => d.encrypted && !d.extension)) {
      expect(LEGACY_ENCRYPTED_CALLS.some((c) => c.method === def.method && c.path === def.path), def.name).toBe(true);
    }
  });
});

describe('service paths in the status and domain-route answers (§1.6.6)', () => {
  it('decrypts customerService paths and type-3 pathList entries, leaving the rest alone', () => {
    const answer = {
      success: true,
      value: {
        info: {
          customerService: [{ csType: 'CS', path: encryptServicePath('https://cs.example/1', 'abcdefgh') }, { csType: 'X', path: 'https://plain.example' }],
          domainRoute: { version: { pathList: [{ type: 3, path: encryptServicePath('https://cs.example/3', '12345678') }] } },
        },
        version: { pathList: [{ type: '3', path: encryptServicePath('https://cs.example/2', 'ABCDEFGH') }, { type: '1', path: encryptServicePath('x', 'ABCDEFGH') }] },
      },
    };
    expect(decryptServicePaths(answer, decryptServicePath)).toBe(3);
    expect(answer.value.info.customerService.map((e) => e.path)).toEqual(['https://cs.example/1', 'https://plain.example']);
    expect(answer.value.version.pathList[0]!.path).toBe('https://cs.example/2');
    expect(answer.value.version.pathList[1]!.path).not.toBe('x');
    expect(answer.value.info.domainRoute.version.pathList[0]!.path).toBe('https://cs.example/3');
  });

  it('ignores answers without those fields', () => {
    expect(decryptServicePaths({ success: false, value: null }, decryptServicePath)).toBe(0);
    expect(decryptServicePaths('text', decryptServicePath)).toBe(0);
  });
});

describe('decryption-style failures and the platform key', () => {
  it.each([
    [400, '{"errorCode":"request_param_err","message":"decrypt failed"}', true],
    [500, '{"errorCode":"","message":"RSA error"}', true],
    [500, 'BadPaddingException', true],
    [401, '{"errorCode":"login.cred.err","message":"bad password"}', false],
    [400, '{"errorCode":"request_param_err","message":"username required"}', false],
    [200, '{"message":"decrypt"}', false],
  ])('%i %s → %s', (status, text, expected) => {
    expect(isDecryptionFailure(status, text)).toBe(expected);
  });

  it('reads the key answer as bare hex or an envelope', () => {
    const hex = 'c'.repeat(64);
    expect(modulusOfKeyAnswer(hex)).toBe(BigInt(`0x${hex}`));
    expect(modulusOfKeyAnswer(` ${hex.toUpperCase()}\n`)).toBe(BigInt(`0x${hex}`));
    expect(modulusOfKeyAnswer(JSON.stringify({ success: true, value: hex }))).toBe(BigInt(`0x${hex}`));
    expect(() => modulusOfKeyAnswer('<html>')).toThrow();
  });

  it('caches the key per endpoint and scope for the TTL, with a fresh t each fetch', async () => {
    const urls: string[] = [];
    const fetchKey = (url: URL) => {
      urls.push(url.href);
      return Promise.resolve(new Response('d'.repeat(64)));
    };
    const keyUrl = platformKeyUrl('https://api.example/platform/');
    expect(keyUrl.href).toBe('https://api.example/platform/wps/session/key/rsa');
    const first = await platformKey(keyUrl, fetchKey, { now: 1_000, scope: 'U1' });
    const second = await platformKey(keyUrl, fetchKey, { now: 2_000, scope: 'U1' });
    const expired = await platformKey(keyUrl, fetchKey, { now: 1_000 + PLATFORM_KEY_TTL_MS, scope: 'U1' });
    const forced = await platformKey(keyUrl, fetchKey, { now: 1_000 + PLATFORM_KEY_TTL_MS + 1, scope: 'U1', forceRefresh: true });
    expect([first.fresh, second.fresh, expired.fresh, forced.fresh]).toEqual([true, false, true, true]);
    expect(urls[0]).toBe('https://api.example/platform/wps/session/key/rsa?t=1000');
    expect(urls).toHaveLength(3);
  });
});
