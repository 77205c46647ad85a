import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, callApi, outcomeUnknown, connectClient, withQuery } from '../../../src/api/client';
import { defineCall } from '../../../contract/call';
import { $session } from '../../../src/stores/concepts/session';

const TOKEN = 't'.repeat(43);

const wpsCall = defineCall({
  name: 'example', method: 'GET', path: '/wps/relay/GCSGAME_example', moduleId: 'GAMELO3', auth: 'optional',
  query: z.object({ pageNo: z.number() }), value: z.object({ n: z.number() }), summary: 'test',
});
const publicCall = defineCall({ name: 'pub', method: 'GET', path: '/wps/relay/GCSGAME_hot', auth: 'none', value: z.null(), summary: 'test' });
const deleteCall = defineCall({
  name: 'del', method: 'DELETE', path: '/wps/relay/MCSFE_remove', auth: 'member', body: z.object({ nodeId: z.number() }),
  value: z.null(), summary: 'test',
});
const formCall = defineCall({
  name: 'form', method: 'POST', path: '/wps/member/password/email', auth: 'none', form: true,
  body: z.object({ username: z.string(), email: z.string() }), value: z.null(), summary: 'test',
});
const gatewayCall = defineCall({
  name: 'gw', method: 'PUT', path: '/lgw/orders/detail/{orderId}', auth: 'member', value: z.object({ id: z.number() }), summary: 'test',
});

let fetchMock: ReturnType<typeof vi.fn>;
let ended: number;

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  ended = 0;
  connectClient({
    sessionEnded: () => {
      ended++;
      $session.set(null);
    },
  });
  $session.set({ token: TOKEN, merchantCode: 'DEMO', userName: 'p1', type: 1, firstTimeLogin: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  $session.set(null);
});

// platform-contract.md §1.2–§1.5: how the platform's own clients send a call and read its answer.
describe('callApi', () => {
  it('sends the method, path and query, the bare token, Merchant, Language and ModuleId; returns value', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, value: { n: 3 }, message: '', errorCode: '' }));
    await expect(callApi(wpsCall, { query: { pageNo: 2 } })).resolves.toEqual({ n: 3 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/wps/relay/GCSGAME_example?pageNo=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeNull();
    expect(init.redirect).toBe('error');
    expect(init.headers).toMatchObject({ Authorization: TOKEN, Merchant: 'DEMO', Language: 'EN', ModuleId: 'GAMELO3' });
  });

  it('sends no token on a call without authentication', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, value: null, message: '', errorCode: '' }));
    await callApi(publicCall);
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers).not.toHaveProperty('Authorization');
  });

  it('sends a JSON body with DELETE (§1.4) and a form body where the call is form-encoded', async () => {
    fetchMock.mockImplementation(async () => answer(200, { success: true, value: null, message: '', errorCode: '' }));
    await callApi(deleteCall, { body: { nodeId: 7 } });
    await callApi(formCall, { body: { username: 'p1', email: 'p1@example.com' } });
    const [, del] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    const [, form] = fetchMock.mock.calls[1] as [string, RequestInit & { headers: Record<string, string> }];
    expect([del.method, del.body, del.headers['Content-Type']]).toEqual(['DELETE', '{"nodeId":7}', 'application/json']);
    expect([form.body, form.headers['Content-Type']]).toEqual(['username=p1&email=p1%40example.com', 'application/x-www-form-urlencoded']);
  });

  it('throws the errorCode and value of a failed envelope', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, value: { captcha: true }, message: 'x', errorCode: 'login.cred.err' }));
    $session.set(null);
    const error = await callApi(publicCall).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, errorCode: 'login.cred.err', value: { captcha: true } });
    expect(ended).toBe(0);
  });

  it.each(['login.not.session', 'customer.not.login', 'user.or.token.invalid'])('logs out on %s', async (errorCode) => {
    fetchMock.mockResolvedValue(answer(400, { success: false, value: null, message: '', errorCode }));
    await expect(callApi(wpsCall, { query: { pageNo: 1 } })).rejects.toBeInstanceOf(ApiRequestError);
    expect(ended).toBe(1);
  });

  it('logs out on a 401 to a call that carried the token', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, value: null, message: '', errorCode: 'whatever' }));
    await expect(callApi(wpsCall, { query: { pageNo: 1 } })).rejects.toBeInstanceOf(ApiRequestError);
    expect(ended).toBe(1);
  });

  it('reads the lottery gateway plain JSON and its { errorCode } errors, with path parameters', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { id: 9 }));
    await expect(callApi(gatewayCall, { params: { orderId: 'A/1' } })).resolves.toEqual({ id: 9 });
    expect((fetchMock.mock.calls[0] as [string])[0]).toBe('/lgw/orders/detail/A%2F1');
    fetchMock.mockResolvedValueOnce(answer(409, { errorCode: 'draw_closed' }));
    await expect(callApi(gatewayCall, { params: { orderId: 1 } })).rejects.toMatchObject({ status: 409, errorCode: 'draw_closed' });
  });

  it('turns a network failure into errorCode network and an unreadable answer into internal_error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(callApi(publicCall)).rejects.toMatchObject({ status: 0, errorCode: 'network' });
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(callApi(publicCall)).rejects.toMatchObject({ status: 502, errorCode: 'internal_error' });
  });
});

describe('Idempotency-Key (docs/upstream-mode.md, "When the platform is slow, down or wrong")', () => {
  const headerOf = (n: number): string | null => new Headers((fetchMock.mock.calls[n]![1] as RequestInit).headers).get('Idempotency-Key');

  it('every state-changing call carries one: a fresh UUID per call, the given key when an action is sent again', async () => {
    $session.set({ token: TOKEN, merchantCode: 'DEMO' } as never);
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { success: true, errorCode: null, message: '', value: null })));
    await callApi(deleteCall, { body: { nodeId: 1 } });
    await callApi(deleteCall, { body: { nodeId: 1 } });
    await callApi(formCall, { body: { username: 'a', email: 'a@b.c' }, idempotencyKey: 'action-0001' });
    await callApi(formCall, { body: { username: 'a', email: 'a@b.c' }, idempotencyKey: 'action-0001' });
    await callApi(gatewayCall, { params: { orderId: 1 }, headers: { 'Idempotency-Key': 'from-header-1' } }).catch(() => undefined);
    await callApi(wpsCall, { query: { pageNo: 1 } });
    expect(headerOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(headerOf(1)).toMatch(/^[0-9a-f-]{36}$/);
    expect(headerOf(0)).not.toBe(headerOf(1));
    expect([headerOf(2), headerOf(3)]).toEqual(['action-0001', 'action-0001']);
    expect(headerOf(4)).toBe('from-header-1');
    expect(headerOf(5)).toBeNull();
  });

  it('an answer that never came, or a 502 upstream_unavailable, leaves the outcome unknown; a refusal does not', () => {
    expect(outcomeUnknown(new ApiRequestError(0, 'network', null))).toBe(true);
    expect(outcomeUnknown(new ApiRequestError(502, 'upstream_unavailable', null))).toBe(true);
    expect(outcomeUnknown(new ApiRequestError(504, 'internal_error', null))).toBe(true);
    expect(outcomeUnknown(new TypeError('x'))).toBe(true);
    expect(outcomeUnknown(new ApiRequestError(500, 'internal_error', null))).toBe(false);
    expect(outcomeUnknown(new ApiRequestError(409, 'insufficient_balance', null))).toBe(false);
    expect(outcomeUnknown(new DOMException('stop', 'AbortError'))).toBe(false);
  });
});

describe('withQuery', () => {
  it('keeps empty strings (the platform reads vassalage="" as every vendor) and drops null/undefined', () => {
    expect(withQuery('/p', { vassalage: '', a: null, b: undefined, c: 0, d: false })).toBe('/p?vassalage=&c=0&d=false');
  });
});
