import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  breakerPermit, breakerState, checkApiAnswer, GENERIC_PLATFORM_MESSAGE, isRetryable, relayedMessage, resetUpstreamBreakers,
  retryJitterMs, upstreamSettings, UPSTREAM_FILL_DEADLINE_MS, UPSTREAM_MAX_ANSWER_BYTES, UPSTREAM_TIMEOUT_MS,
} from '../../../worker/edge/upstream/upstream-guard';
import { ApiError } from '../../../worker/lib/envelope';

// docs/upstream-mode.md, "When the platform is slow, down or wrong": the pure rules of worker/edge/upstream/upstream-guard.ts.

describe('settings from the environment', () => {
  it('reads whole numbers ≥ 1 and falls back to the defaults for anything else', () => {
    expect(upstreamSettings({})).toMatchObject({ timeoutMs: UPSTREAM_TIMEOUT_MS, fillDeadlineMs: UPSTREAM_FILL_DEADLINE_MS, maxAnswerBytes: UPSTREAM_MAX_ANSWER_BYTES });
    expect(upstreamSettings({ UPSTREAM_FILL_DEADLINE_MS: '1500', UPSTREAM_BREAKER_FAILURES: '0', UPSTREAM_TIMEOUT_MS: 'soon' }))
      .toMatchObject({ fillDeadlineMs: 1500, breakerFailures: 5, timeoutMs: UPSTREAM_TIMEOUT_MS });
    expect(upstreamSettings({ UPSTREAM_TIMEOUT_MS: '9000' }, { timeoutMs: 50 })).toMatchObject({ timeoutMs: 50, breakerOpenMs: 10_000 });
  });
});

describe('which calls may be sent twice', () => {
  it.each([
    ['GET', {}, true], ['HEAD', {}, true], ['POST', {}, false], ['PUT', {}, false], ['DELETE', {}, false],
    ['POST', { 'Idempotency-Key': 'k1' }, true], ['PUT', { 'Idempotency-Key': '  ' }, false],
  ] as const)('%s %j → %s', (method, headers, expected) => {
    expect(isRetryable(method, new Headers(headers))).toBe(expected);
  });

  it('waits 50–250 ms first', () => {
    expect(retryJitterMs(() => 0)).toBe(50);
    expect(retryJitterMs(() => 0.999999)).toBe(250);
  });
});

describe('what the contract allows an API answer to be (§1.5)', () => {
  it.each([
    ['/wps/member/info', 200, 'application/json', '{"success":true,"value":{}}', true],
    ['/wps/member/info', 200, 'application/json', '{"success":true', false],
    ['/wps/member/info', 200, 'text/html', '<html><body>Bad gateway</body></html>', false],
    ['/wps/member/info', 200, 'text/plain', 'OK', false],
    ['/wps/session/key/rsa', 200, 'text/plain', 'a1b2c3', true],
    ['/wps/session/key/rsa', 200, 'text/html', '<html></html>', false],
    ['/wps/session/logout', 204, '', '', true],
    ['/wps/member/info', 401, 'application/json', '{"success":false,"errorCode":"user.or.token.invalid","message":"x","value":null}', true],
    ['/wps/member/info', 500, 'text/plain', 'java.lang.NullPointerException\n\tat x.Y(Y.java:1)', false],
    ['/wps/member/info', 500, 'application/json', '{"error":"boom"}', false],
    ['/wps/member/info', 502, 'text/html', '<html>nginx</html>', false],
    ['/lgw/orders/betting', 500, 'application/json', '{"errorCode":"draw_closed"}', true],
    ['/lgw/games', 200, 'application/json', '{"list":[]}', true],
    ['/wps/relay/NEW_call', 404, 'text/html', '<html>Not Found</html>', true],
  ] as const)('%s %i %s %s → %s', (path, status, type, text, ok) => {
    expect(checkApiAnswer(path, status, type, text).ok).toBe(ok);
  });

  it('keeps the status of a refusal outside the contract, with PlayDeck’s own code and no platform text', () => {
    expect(checkApiAnswer('/wps/relay/NEW_call', 404, 'text/html', '<html>secret</html>')).toEqual({
      ok: true, body: JSON.stringify({ success: false, value: null, errorCode: 'not_found', message: GENERIC_PLATFORM_MESSAGE }),
    });
    expect(checkApiAnswer('/lgw/orders', 401, 'text/plain', 'no')).toEqual({
      ok: true, body: JSON.stringify({ errorCode: 'customer.not.login', message: GENERIC_PLATFORM_MESSAGE }),
    });
  });

  it("keeps a short player-facing message and replaces one that looks internal", () => {
    expect(relayedMessage('#727 system busy')).toBe('#727 system busy');
    expect(relayedMessage('Wrong user name or password')).toBe('Wrong user name or password');
    expect(relayedMessage('java.lang.IllegalStateException: pool exhausted')).toBe(GENERIC_PLATFORM_MESSAGE);
    expect(relayedMessage('at com.x.Y.z (Y.java:12)')).toBe(GENERIC_PLATFORM_MESSAGE);
    expect(relayedMessage('<b>error</b>')).toBe(GENERIC_PLATFORM_MESSAGE);
    expect(relayedMessage('x'.repeat(201))).toBe(GENERIC_PLATFORM_MESSAGE);
    const verdict = checkApiAnswer('/wps/wallets/gcs', 500, 'application/json', JSON.stringify({ success: false, errorCode: 'E1', message: 'SQLException: table x', value: null }));
    expect(verdict).toEqual({ ok: true, body: JSON.stringify({ success: false, errorCode: 'E1', message: GENERIC_PLATFORM_MESSAGE, value: null }) });
  });
});

describe('circuit breaker', () => {
  const settings = upstreamSettings({}, { breakerFailures: 2, breakerOpenMs: 1000, timeoutMs: 5000 });
  afterEach(() => {
    resetUpstreamBreakers();
    vi.restoreAllMocks();
  });

  it('opens after N failures in a row, refuses with 503 + Retry-After, half-opens for one probe, closes on success', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    breakerPermit('u', settings, 0).failed();
    breakerPermit('u', settings, 1).succeeded();
    breakerPermit('u', settings, 2).failed();
    expect(breakerState('u')).toBe('closed');
    breakerPermit('u', settings, 3).failed();
    expect(breakerState('u')).toBe('open');
    let refused: unknown;
    try {
      breakerPermit('u', settings, Date.now() + 10);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect((refused as ApiError).errorCode).toBe('upstream_unavailable');
    expect(Number((refused as ApiError).headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    const later = Date.now() + 1500;
    const probe = breakerPermit('u', settings, later);
    expect(breakerState('u')).toBe('half-open');
    expect(() => breakerPermit('u', settings, later + 1)).toThrow(ApiError);
    probe.succeeded();
    expect(breakerState('u')).toBe('closed');
  });
});
