import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearEdgeAnswers, withAnswerCache, type ApiFetch } from '../../../worker/edge/fills/api';

// Issue 9 follow-up: what the edge asks the API for a page as a visitor (home's content, vendors and hot games, the
// game list, the registration settings, the app's links) is kept per isolate for SITE_CACHE_SECONDS, instead of a
// call per page view (in upstream mode, a call to the platform over the network).

/** An API that answers `{ n }` with a running count, or what `fail` says, and counts its calls. */
function counting() {
  let n = 0;
  const state = { fail: null as null | 'throw' | 503 };
  const api = vi.fn<ApiFetch>(async () => {
    if (state.fail === 'throw') throw new Error('network down');
    if (state.fail === 503) return new Response('down', { status: 503 });
    n += 1;
    return Response.json({ n });
  });
  return { api, state };
}

const get = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers: { Accept: 'application/json', ...headers } });
const read = async (answer: Response) => ({ status: answer.status, body: await answer.text() });

beforeEach(() => {
  clearEdgeAnswers();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withAnswerCache', () => {
  it('answers the same request from what it kept within the lifetime, and asks again after it', async () => {
    const { api } = counting();
    const kept = withAnswerCache(api, { mode: 'upstream', cacheMs: 30_000 });
    expect(await read(await kept(get('https://a.test/x?merchantCode=DEMO')))).toEqual({ status: 200, body: '{"n":1}' });
    const again = await kept(get('https://a.test/x?merchantCode=DEMO'));
    expect(again.headers.get('Content-Type')).toContain('application/json');
    expect(await again.json()).toEqual({ n: 1 });
    expect(api).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_001);
    expect(await (await kept(get('https://a.test/x?merchantCode=DEMO'))).json()).toEqual({ n: 2 });
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('keys by mode, address and headers: another merchant, language or API asks again', async () => {
    const { api } = counting();
    const upstream = withAnswerCache(api, { mode: 'upstream', cacheMs: 30_000 });
    const builtIn = withAnswerCache(api, { mode: 'built-in', cacheMs: 30_000 });
    await upstream(get('https://a.test/x', { Merchant: 'DEMO', Language: 'EN' }));
    await upstream(get('https://a.test/x', { Merchant: 'DEMO', Language: 'TH' }));
    await upstream(get('https://a.test/x', { Merchant: 'DEMO2', Language: 'EN' }));
    await upstream(get('https://a.test/x?page=2', { Merchant: 'DEMO', Language: 'EN' }));
    await builtIn(get('https://a.test/x', { Merchant: 'DEMO', Language: 'EN' }));
    expect(api).toHaveBeenCalledTimes(5);
    await upstream(get('https://a.test/x', { Language: 'EN', Merchant: 'DEMO' }));
    expect(api).toHaveBeenCalledTimes(5);
  });

  it('shares one call between requests made at once', async () => {
    const { api } = counting();
    const kept = withAnswerCache(api, { mode: 'built-in', cacheMs: 30_000 });
    const answers = await Promise.all([1, 2, 3].map(() => kept(get('https://a.test/x')).then((r) => r.json())));
    expect(answers).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('lets the last good answer stand for a failed call, and does not ask a failing API again within the lifetime', async () => {
    const { api, state } = counting();
    const kept = withAnswerCache(api, { mode: 'upstream', cacheMs: 30_000 });
    await kept(get('https://a.test/x'));
    vi.advanceTimersByTime(30_001);
    state.fail = 503;
    expect(await (await kept(get('https://a.test/x'))).json()).toEqual({ n: 1 });
    expect(await (await kept(get('https://a.test/x'))).json()).toEqual({ n: 1 });
    expect(api).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(30_001);
    state.fail = 'throw';
    expect(await (await kept(get('https://a.test/x'))).json()).toEqual({ n: 1 });
    expect(api).toHaveBeenCalledTimes(3);
  });

  it('keeps a failure with nothing to stand in for it; a call that throws with nothing kept throws and keeps nothing', async () => {
    const { api, state } = counting();
    const kept = withAnswerCache(api, { mode: 'upstream', cacheMs: 30_000 });
    state.fail = 503;
    expect((await kept(get('https://a.test/down'))).status).toBe(503);
    expect((await kept(get('https://a.test/down'))).status).toBe(503);
    expect(api).toHaveBeenCalledTimes(1);
    state.fail = 'throw';
    await expect(kept(get('https://a.test/other'))).rejects.toThrow('network down');
    state.fail = null;
    expect(await (await kept(get('https://a.test/other'))).json()).toEqual({ n: 1 });
  });

  it('a lifetime of 0 asks every time, and still lets the last good answer stand for a failure', async () => {
    const { api, state } = counting();
    const kept = withAnswerCache(api, { mode: 'built-in', cacheMs: 0 });
    await kept(get('https://a.test/x'));
    expect(await (await kept(get('https://a.test/x'))).json()).toEqual({ n: 2 });
    state.fail = 503;
    expect(await (await kept(get('https://a.test/x'))).json()).toEqual({ n: 2 });
    expect(api).toHaveBeenCalledTimes(3);
  });

  it('never keeps a member\'s request or anything but a GET', async () => {
    const { api } = counting();
    const kept = withAnswerCache(api, { mode: 'built-in', cacheMs: 30_000 });
    await kept(get('https://a.test/me', { Authorization: 'Bearer t' }));
    await kept(get('https://a.test/me', { Authorization: 'Bearer t' }));
    await kept(get('https://a.test/me', { token: 't' }));
    await kept(get('https://a.test/me', { token: 't' }));
    await kept(new Request('https://a.test/x', { method: 'POST', body: '{}' }));
    await kept(new Request('https://a.test/x', { method: 'POST', body: '{}' }));
    expect(api).toHaveBeenCalledTimes(6);
  });
});
