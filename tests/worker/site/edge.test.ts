import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { postLogin, registerMember } from '../accounts-fixtures';

describe('edge', () => {
  it('answers unknown API routes with a 404 envelope', async () => {
    const { status, body } = await call('/wps/no/such/route');
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, errorCode: 'not_found', message: expect.any(String), value: null });
  });

  it('refuses hosts that no merchant serves', async () => {
    const { status, body } = await call('http://unknown.example/wps/no/such/route');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('unknown_site');
  });

  it('refuses a merchant parameter that disagrees with the host', async () => {
    const { status, body } = await call('/wps/no/such/route?merchant_code=OTHER');
    expect(status).toBe(400);
    expect(body.errorCode).toBe('merchant_mismatch');
  });
});

describe('API caching (issue 10): nothing a session reads or a token answer may be stored by a cache', () => {
  it('answers a request carrying a session with no-store, even on a publicly cacheable call', async () => {
    const anonymous = await call('/wps/system/country');
    expect(anonymous.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const { session } = await registerMember();
    const authed = await call('/wps/system/country', { token: session.token });
    expect(authed.headers.get('Cache-Control')).toBe('no-store');
  });

  it.each([
    ['/wps/member/info'],
    ['/lgw/games'],
    ['/lgw/orders/no-such-order'],
  ])('answers %s with no-store when the request carries a session (answers and errors alike)', async (path) => {
    const { session } = await registerMember();
    const res = await call(path, { token: session.token });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers the login that hands out a token with no-store', async () => {
    const { username, password } = await registerMember();
    const res = await postLogin({ type: 'username', username, password });
    expect(res.status).toBe(200);
    expect(res.body.value.token).toBeTruthy();
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});
