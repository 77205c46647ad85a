import { describe, expect, it } from 'vitest';
import { endToEndHeaders, upstreamUrl } from '../../worker/edge/forwarding';

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
