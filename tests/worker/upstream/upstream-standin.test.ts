import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../worker/lib/envelope';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { clearPlatformKeyCache } from '../../../worker/edge/upstream/upstream-key';
import { sealPayload, type PayloadKey } from '../../../contract/payload-crypto';
import { createStandin, type Standin } from '../../platform-standin/app';
import { SEEDED_PLAYER, SERVICE_LINKS } from '../../platform-standin/shapes';
import { PLAYDECK_CLIENT_HEADER, PLAYDECK_CLIENT_VALUE } from '../../../contract/headers';
import { page } from '../page-helpers';

/**
 * PlayDeck in upstream mode in front of the platform stand-in (tests/platform-standin), injected as the upstream
 * fetch: the stand-in reads only the legacy scheme, so a sealed login that works proves the re-encryption.
 */
let standin: Standin;
let options: { upstream: { fetch: UpstreamFetch } };
const env = { UPSTREAM_API_URL: 'http://platform.standin.test' };

beforeAll(async () => {
  standin = await createStandin({ captchaAnswer: '4242' });
  options = { upstream: { fetch: (request) => standin.fetch(request as Request) } };
});
beforeEach(clearPlatformKeyCache);

async function sealedLogin(body: Record<string, unknown>) {
  const key = (JSON.parse((await page('/wps/playdeck/payloadKey', { env, options })).text) as Envelope<PayloadKey>).value;
  const sealed = await sealPayload(key, '/wps/session/login', body);
  const answer = await page('/wps/session/login', {
    method: 'POST', body: JSON.stringify(sealed.json), headers: { 'Content-Type': 'application/json', Encryption: sealed.header }, env, options,
  });
  return { status: answer.status, body: JSON.parse(answer.text) as Envelope<{ token: string; userName: string; captcha?: boolean }> };
}

describe('upstream mode in front of the platform stand-in', () => {
  it('logs in with a sealed body (re-encrypted for the stand-in’s RSA key), then reads member info and wallet', async () => {
    const login = await sealedLogin({ type: 'username', username: SEEDED_PLAYER.username, password: SEEDED_PLAYER.password });
    expect(login.status).toBe(200);
    expect(login.body.value.userName).toBe(SEEDED_PLAYER.username);
    const inner = standin.seen.filter((r) => new URL(r.url).pathname === '/wps/session/login').at(-1)!;
    expect(inner.headers.get('Encryption')).toMatch(/^[0-9a-f]+$/);
    expect(inner.headers.get('Merchant')).toBe('DEMO');
    // Bearer from a PlayDeck-native tool is sent bare: the stand-in would refuse Bearer.
    const info = await page('/wps/member/info', { headers: { Authorization: `Bearer ${login.body.value.token}` }, env, options });
    expect(info.status).toBe(200);
    expect((JSON.parse(info.text) as Envelope<{ account: string }>).value.account).toBe(SEEDED_PLAYER.username);
    const wallet = await page('/wps/wallets/gcs', { headers: { Authorization: login.body.value.token }, env, options });
    expect((JSON.parse(wallet.text) as Envelope<{ sumBalance: number }>).value.sumBalance).toBe(1234.56);
  });

  it('relays a failed login with value.captcha, then the captcha is required', async () => {
    const wrong = await sealedLogin({ username: SEEDED_PLAYER.username.toUpperCase() + 'x', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errorCode).toBe('not.exists.user');
    expect(wrong.body.value).toEqual({ captcha: true });
  });

  it('serves plain customer-service paths from the stand-in’s encrypted status answer', async () => {
    // Plain for PlayDeck's browser (its X-PlayDeck-Client header); the platform's own client gets them encrypted.
    const status = await page('/wps/v2/system/status?device=MOBILE', { env, options, headers: { [PLAYDECK_CLIENT_HEADER]: PLAYDECK_CLIENT_VALUE } });
    const value = (JSON.parse(status.text) as Envelope<{ info: { customerService: { path: string }[]; domainRoute: { version: { pathList: { path: string }[] } } } }>).value;
    expect(value.info.customerService.map((cs) => cs.path)).toEqual([SERVICE_LINKS.CS, SERVICE_LINKS.LINE]);
    expect(value.info.domainRoute.version.pathList[0]!.path).toBe(SERVICE_LINKS.CS);
  });
});
