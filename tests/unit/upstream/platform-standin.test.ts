import { beforeAll, describe, expect, it } from 'vitest';
import { createStandin, type Standin } from '../../platform-standin/app';
import { SEEDED_PLAYER, SERVICE_LINKS } from '../../platform-standin/shapes';
import { decryptServicePath, encryptLegacyPayload, parseModulusHex } from '../../../worker/services/crypto/legacy-crypto';

/** The platform stand-in behaves as platform-contract.md says (§1.2 headers, §1.5 answers, §1.6 encryption). */
let standin: Standin;
beforeAll(async () => {
  standin = await createStandin({ captchaAnswer: '4242' });
});

const BASE = 'http://standin.test';
async function call(path: string, init: RequestInit & { merchant?: string | null } = {}) {
  const headers = new Headers(init.headers);
  if (init.merchant !== null) headers.set('Merchant', init.merchant ?? 'DEMO');
  const answer = await standin.fetch(new Request(`${BASE}${path}`, { ...init, headers }));
  const text = await answer.text();
  return { status: answer.status, text, json: (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : null) as Record<string, unknown> & { value: never; errorCode: string } };
}

/** The encrypted call as the platform's newer client sends it: key fetched from the stand-in first. */
async function legacy(path: string, method: string, payload: unknown, token?: string) {
  const key = await call(`/wps/session/key/rsa?t=${Date.now()}`);
  const sent = encryptLegacyPayload(payload, { n: parseModulusHex(key.text), e: 65537n });
  return call(path, { method, body: sent.body, headers: { ...sent.headers, ...(token ? { Authorization: token } : {}) } });
}

describe('platform stand-in', () => {
  it('requires exactly one Merchant header (400 function.not.available)', async () => {
    for (const merchant of [null, 'DEMO, DEMO']) {
      const res = await call('/wps/system/whitelabel', { merchant });
      expect(res.status).toBe(400);
      expect(res.json.errorCode).toBe('function.not.available');
    }
  });

  it('refuses a Bearer token (401 user.or.token.invalid) and needs a session for member calls', async () => {
    expect((await call('/wps/member/info', { headers: { Authorization: 'Bearer abcdefghijklmnopqrstu' } })).json.errorCode).toBe('user.or.token.invalid');
    expect((await call('/wps/member/info')).json.errorCode).toBe('customer.not.login');
  });

  it('reads only the legacy encryption on the encrypted calls', async () => {
    const plain = await call('/wps/session/login', { method: 'POST', body: JSON.stringify({ username: SEEDED_PLAYER.username, password: SEEDED_PLAYER.password }), headers: { 'Content-Type': 'application/json' } });
    expect(plain.status).toBe(400);
    expect(plain.json.errorCode).toBe('request_param_err');
    const login = await legacy('/wps/session/login', 'POST', { username: SEEDED_PLAYER.username, password: SEEDED_PLAYER.password });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ success: true, errorCode: '', value: { userName: SEEDED_PLAYER.username, token: expect.any(String) } });
  });

  it('asks for the captcha after one failed login, then accepts the right answer', async () => {
    const username = `cap${Date.now() % 100000}`;
    await legacy('/wps/member/register', 'PUT', { username, password: 'secret123', confirmPassword: 'secret123', captcha: '4242' });
    const wrong = await legacy('/wps/session/login', 'POST', { username, password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ errorCode: 'login.cred.err', value: { captcha: true } });
    expect((await legacy('/wps/session/login', 'POST', { username, password: 'secret123' })).json.errorCode).toBe('captcha_required');
    expect((await legacy('/wps/session/login', 'POST', { username, password: 'secret123', captcha: '1111' })).json.errorCode).toBe('captcha_invalid');
    const ok = await legacy('/wps/session/login', 'POST', { username, password: 'secret123', captcha: '4242' });
    expect(ok.status).toBe(200);
    const captcha = await call('/wps/captcha');
    expect(captcha.json.value).toMatch(/^iVBORw0KGgo/);
  });

  it('answers decimal money, favourites, launch, change password and logout for a session', async () => {
    const username = `pl${Date.now() % 100000}`;
    const reg = await legacy('/wps/member/register', 'PUT', { username, password: 'secret123', confirmPassword: 'secret123', captcha: '4242', login: true });
    const token = (reg.json.value as { token: string }).token;
    const seeded = await legacy('/wps/session/login', 'POST', { username: SEEDED_PLAYER.username, password: SEEDED_PLAYER.password });
    const wallet = await call('/wps/wallets/gcs', { headers: { Authorization: (seeded.json.value as { token: string }).token } });
    expect(wallet.json.value).toMatchObject({ sumBalance: 1234.56, currencySymbol: '$' });
    const auth = { Authorization: token, 'Content-Type': 'application/json' };
    await call('/wps/relay/MCSFE_addFavoriteGameV2', { method: 'POST', headers: auth, body: JSON.stringify({ nodeId: 201, vendor: 'EVO', gameType: 'LIVE' }) });
    expect((await call('/wps/relay/MCSFE_getFavoriteGames?pageNo=1&pageSize=100', { headers: auth })).json.value).toEqual(['201']);
    await call('/wps/relay/MCSFE_removeFavoriteGameV2', { method: 'DELETE', headers: auth, body: JSON.stringify({ nodeId: 201, vendor: 'EVO', gameType: 'LIVE' }) });
    expect((await call('/wps/relay/MCSFE_getFavoriteGames', { headers: auth })).json.value).toEqual([]);
    expect((await call('/wps/game/launchGame?nodeId=101', { headers: auth })).json.message).toBe('#727 system busy');
    const launch = await call('/wps/game/launchGame?launchMode=GLS&nodeId=101&platform=html5', { headers: auth });
    expect((launch.json.value as { content: { game_url: string } }).content.game_url).toMatch(/^http:\/\/standin\.test\/standin\/game\/101/);
    expect((await legacy('/wps/member/password', 'POST', { oldPassword: 'bad', newPassword: 'newpass1', confirmNewPassword: 'newpass1' }, token)).json.errorCode).toBe('wrong_password');
    expect((await legacy('/wps/member/password', 'POST', { oldPassword: 'secret123', newPassword: 'newpass1', confirmNewPassword: 'newpass1' }, token)).status).toBe(200);
    expect((await call('/wps/session/logout', { method: 'DELETE', headers: auth })).status).toBe(200);
    expect((await call('/wps/member/info', { headers: auth })).json.errorCode).toBe('user.or.token.invalid');
  });

  it('DES-encrypts the customer-service paths of its status and domain-route answers', async () => {
    const status = await call('/wps/v2/system/status?device=MOBILE');
    const cs = (status.json.value as { info: { customerService: { path: string }[] } }).info.customerService;
    expect(cs.map((e) => e.path)).not.toContain(SERVICE_LINKS.CS);
    expect(cs.map((e) => decryptServicePath(e.path))).toEqual([SERVICE_LINKS.CS, SERVICE_LINKS.LINE]);
    const route = await call('/wps/system/domainRoute?device=MOBILE');
    expect(decryptServicePath((route.json.value as { version: { pathList: { path: string }[] } }).version.pathList[0]!.path)).toBe(SERVICE_LINKS.CS);
  });

  it('searches and pages the catalogue; /lgw answers plain JSON', async () => {
    const found = await call('/wps/relay/GCSGAME_gameList?gameName=dragon&pageNo=1&pageSize=20');
    expect((found.json.value as { games: { gameName: string }[] }).games.map((g) => g.gameName)).toEqual(['Lucky Dragon', 'Dragon Fishing']);
    const paged = await call('/wps/relay/GCSGAME_gameList?gameType=ALL&pageNo=2&pageSize=4');
    expect(paged.json.value).toMatchObject({ pageNum: 2, totalPages: 2 });
    const lgw = await call('/lgw/games');
    expect(lgw.text).toBe('[]');
    const missing = await call('/lgw/nothing');
    expect(missing.json).toEqual({ errorCode: 'function.not.available' });
  });

  it('honours an Idempotency-Key: the same key gets the first answer again and runs once; a new key runs again', async () => {
    const username = `ik${Date.now() % 100000}`;
    const reg = await legacy('/wps/member/register', 'PUT', { username, password: 'secret123', confirmPassword: 'secret123', captcha: '4242', login: true });
    const token = (reg.json.value as { token: string }).token;
    const name = 'POST /wps/relay/MCSFE_addFavoriteGameV2';
    const before = { ...(standin.counts.get(name) ?? { calls: 0, applied: 0 }) };
    const add = (key: string, nodeId: number) => call('/wps/relay/MCSFE_addFavoriteGameV2', {
      method: 'POST', headers: { Authorization: token, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ nodeId, vendor: 'PG', gameType: 'RNG' }),
    });
    const first = await add('key-0001-aaaa', 101);
    const again = await add('key-0001-aaaa', 102);
    expect(again).toEqual(first);
    expect((await call('/wps/relay/MCSFE_getFavoriteGames', { headers: { Authorization: token } })).json.value).toEqual(['101']);
    expect(standin.counts.get(name)).toEqual({ calls: before.calls + 2, applied: before.applied + 1 });
    await add('key-0002-bbbb', 102);
    expect(standin.counts.get(name)).toEqual({ calls: before.calls + 3, applied: before.applied + 2 });
  });
});
