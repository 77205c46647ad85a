import { describe, expect, it } from 'vitest';
import { call } from '../helpers';

const PATH = '/wps/playdeck/dev/gameListTiming?runs=20&merchant=DEMO&clientType=2&platform=html5&gameType=RNG&pageNo=1&pageSize=20';

interface Timing {
  runs: number;
  handlerMs: number;
  queryMs: number;
  ratio: number | null;
}

describe('development-only game-list timing (npm run bench:api)', () => {
  it('times the whole game-list request and its bare D1 batch in development', async () => {
    const res = await call<Timing>(PATH);
    expect(res.status).toBe(200);
    expect(res.body.value.runs).toBe(20);
    expect(res.body.value.handlerMs).toBeGreaterThanOrEqual(0);
    expect(res.body.value.queryMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses a game-list query the list itself would refuse', async () => {
    const res = await call(`/wps/playdeck/dev/gameListTiming?pageSize=1000`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });

  it('does not exist in production: the same 404 not_found as an unknown API route', async () => {
    const res = await call(PATH, { env: { APP_ENV: 'production' } });
    const unknown = await call('/wps/playdeck/dev/nothingHere', { env: { APP_ENV: 'production' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(unknown.body);
    expect(res.body.errorCode).toBe('not_found');
  });
});
