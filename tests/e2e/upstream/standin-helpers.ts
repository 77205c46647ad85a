import { expect, type APIRequestContext } from '@playwright/test';
import { STANDIN_CAPTCHA_ANSWER, STANDIN_URL } from '../../../playwright.upstream.config';
import { encryptLegacyPayload, parseModulusHex } from '../../../worker/services/crypto/legacy-crypto';

/**
 * Helpers of the upstream browser tests (playwright.upstream.config.ts) that talk to the platform stand-in
 * (tests/platform-standin) directly, or wait for PlayDeck's way to it.
 */

/** Registers an account directly on the stand-in, as the platform's own client would (legacy-encrypted PUT). */
export async function registerOnPlatform(request: APIRequestContext, username: string, password: string): Promise<void> {
  const key = await request.get(`${STANDIN_URL}/wps/session/key/rsa?t=${Date.now()}`, { headers: { Merchant: 'DEMO' } });
  expect(key.status()).toBe(200);
  const sent = encryptLegacyPayload(
    { username, password, confirmPassword: password, captcha: STANDIN_CAPTCHA_ANSWER },
    { n: parseModulusHex(await key.text()), e: 65537n },
  );
  const answer = await request.put(`${STANDIN_URL}/wps/member/register`, { headers: { ...sent.headers, Merchant: 'DEMO' }, data: sent.body });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Sets the stand-in's fault switch (tests/platform-standin/faults.ts; `{ mode: 'off' }` switches it off). */
export async function setFault(request: APIRequestContext, body: Record<string, unknown>): Promise<void> {
  const answer = await request.post(`${STANDIN_URL}/standin/fault`, { data: body });
  expect(answer.status()).toBe(200);
}

/**
 * Waits until PlayDeck reaches the platform again after a fault (at most `timeoutMs`): a fault opens the worker's
 * circuit breaker (UPSTREAM_BREAKER_OPEN_MS, short in the upstream config), and a late call of a `slow` fault may
 * still hold its probe; each poll is a call through the breaker, so the probe that closes it is one of them.
 */
export async function waitForPlatform(request: APIRequestContext, timeoutMs = 15_000): Promise<void> {
  await expect
    .poll(async () => (await request.get('/lgw/games/mobile', { timeout: 10_000 })).status(), { timeout: timeoutMs, intervals: [250] })
    .toBe(200);
}

/** The stand-in's count of one state-changing call (`METHOD /path`): calls received, and those that ran. */
export async function standinCount(request: APIRequestContext, call: string): Promise<{ calls: number; applied: number }> {
  const answer = await request.get(`${STANDIN_URL}/standin/counts`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as Record<string, { calls: number; applied: number }>)[call] ?? { calls: 0, applied: 0 };
}
