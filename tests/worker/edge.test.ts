import { describe, expect, it } from 'vitest';
import { call } from './helpers';

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
