import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CountryListValue } from '../../../contract/calls/system';
import { consumeSmsCode } from '../../../worker/services/accounts/sms-verification';
import { createApp } from '../../../worker/index';
import { call } from '../helpers';
import { ensureAccountSettings, fromIp, setSwitch, uniqueIp, withTestCaptcha } from '../accounts-fixtures';
import { lastOutboxMessage, lastSmsCode, memberWithPhone, recordingOutbound, sendSms, uniquePhone } from '../sms-fixtures';

// The register SMS is sent only where registration checks it (REGMOBVERF3 on).
beforeAll(async () => {
  await ensureAccountSettings();
  await setSwitch('REGMOBVERF3', true);
});

const outboxCount = async (mobileNum: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM sms_outbox WHERE mobile_num = ?`).bind(mobileNum).first<{ n: number }>())?.n ?? 0;

describe('POST /wps/verification/sms/register', () => {
  it.each([
    ['REGMOBVERF3 is off', 'REGMOBVERF3', 'MOBILENUMREG3'],
    ['mobile registration is off', 'MOBILENUMREG3', 'MOBILENUMREG3'],
    ['username registration is off (its phone check)', 'USERNAMEREG3', 'REGMOBVERF3'],
  ])('sends no code while %s: 403 function.not.available, so no form counts down for a code that never comes', async (_name, off, moduleId) => {
    await setSwitch(off, false);
    try {
      const phone = uniquePhone();
      const res = await call('/wps/verification/sms/register', {
        method: 'POST', json: { mobileNo: phone.mobileNum, countryDialingCode: phone.countryDialingCode, captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER },
        headers: { ...fromIp(uniqueIp()), ModuleId: moduleId }, env: withTestCaptcha,
      });
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('function.not.available');
      expect(await outboxCount(phone.mobileNum)).toBe(0);
    } finally {
      await setSwitch(off, true);
    }
  });

  it('sends a 6-digit code to the outbox, stores only its hash, and tells the client to wait 60 s', async () => {
    const phone = uniquePhone();
    const before = Date.now();
    const { status, body } = await sendSms('register', phone);
    expect(status).toBe(200);
    expect(body.value.expirationTime).toBeGreaterThanOrEqual(before + 60_000);
    expect(body.value.expirationTime).toBeLessThanOrEqual(Date.now() + 60_000);
    const code = await lastSmsCode(phone.mobileNum);
    expect(code).toMatch(/^\d{6}$/);
    expect(await lastOutboxMessage(phone.mobileNum)).toContain('expires in 10 minutes');
    const row = await env.DB.prepare(`SELECT code_hash, expires_at, created_at FROM sms_codes WHERE mobile_e164 = ?`)
      .bind(phone.e164)
      .first<{ code_hash: string; expires_at: number; created_at: number }>();
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    expect((row?.expires_at ?? 0) - (row?.created_at ?? 0)).toBe(10 * 60 * 1000);
  });

  it('takes mobileNo (platform-contract.md §3) and a dialling code with +, and says the code lifetime', async () => {
    const phone = uniquePhone();
    const { status, body } = await sendSms('register', { countryDialingCode: '+63', mobileNum: phone.mobileNum });
    expect(status).toBe(200);
    expect(body.value.expiredMinutes).toBe(10);
    expect(await outboxCount(phone.mobileNum)).toBe(1);
  });

  it.each([['no ModuleId', {}], ['another module', { ModuleId: 'COMM3' }]])('refuses %s with 400 request_param_err', async (_name, header) => {
    const phone = uniquePhone();
    const res = await call('/wps/verification/sms/register', {
      method: 'POST', json: { mobileNo: phone.mobileNum, countryDialingCode: phone.countryDialingCode, captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER },
      headers: { ...fromIp(uniqueIp()), ...header }, env: withTestCaptcha,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });

  it('accepts REGMOBVERF3 (the phone check of username registration)', async () => {
    const phone = uniquePhone();
    const res = await call('/wps/verification/sms/register', {
      method: 'POST', json: { mobileNo: phone.mobileNum, countryDialingCode: phone.countryDialingCode, captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER },
      headers: { ...fromIp(uniqueIp()), ModuleId: 'REGMOBVERF3' }, env: withTestCaptcha,
    });
    expect(res.status).toBe(200);
  });

  it('refuses a second send to the same number within 60 s with 429 and Retry-After', async () => {
    const phone = uniquePhone();
    expect((await sendSms('register', phone)).status).toBe(200);
    const again = await sendSms('register', phone);
    expect(again.status).toBe(429);
    expect(again.body.errorCode).toBe('TOO_MANY_REQUEST');
    expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(again.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(await outboxCount(phone.mobileNum)).toBe(1);
  });

  it('allows 5 sends per number per hour', async () => {
    const phone = uniquePhone();
    await env.DB.prepare(`INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 5)`)
      .bind(`sms:phone:1h:DEMO:register:${phone.e164}`, Date.now())
      .run();
    const res = await sendSms('register', phone);
    expect(res.status).toBe(429);
    expect(await outboxCount(phone.mobileNum)).toBe(0);
  });

  it('allows 10 sends per client IP per hour, whatever the numbers', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await sendSms('register', uniquePhone(), { ip })).status).toBe(200);
    const refused = await sendSms('register', uniquePhone(), { ip });
    expect(refused.status).toBe(429);
  });

  it('refuses a wrong captcha answer with 400 captcha_invalid and sends nothing', async () => {
    const phone = uniquePhone();
    const { status, body } = await sendSms('register', phone, { captcha: 'WRONG' });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('captcha_invalid');
    expect(await outboxCount(phone.mobileNum)).toBe(0);
  });

  it('answers 409 mobile_taken for a number that already has an account', async () => {
    const { phone } = await memberWithPhone();
    const { status, body } = await sendSms('register', phone);
    expect(status).toBe(409);
    expect(body.errorCode).toBe('mobile_taken');
  });

  it.each([
    ['a 9-digit number', { countryDialingCode: '63', mobileNum: '091234567' }, 'mobileNum'],
    ['a 12-digit number', { countryDialingCode: '63', mobileNum: '091234567890' }, 'mobileNum'],
    ['letters in the number', { countryDialingCode: '63', mobileNum: '09123abc567' }, 'mobileNum'],
    ['a dialling code of no listed country', { countryDialingCode: '999', mobileNum: '09123456789' }, 'countryDialingCode'],
  ])('refuses %s with 400 invalid_input naming the field', async (_name, phone, path) => {
    const { status, body } = await sendSms('register', phone);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    expect((body.value as unknown as { issues: { path: string }[] }).issues).toContainEqual(expect.objectContaining({ path }));
  });

  it.each([
    ['no number at all', { countryDialingCode: '63', captcha: 'x' }],
    ['no captcha', { countryDialingCode: '63', mobileNum: '09123456789' }],
    ['a number that is not text', { countryDialingCode: '63', mobileNum: 9123456789, captcha: 'x' }],
  ])('answers 400 invalid_input for %s', async (_name, json) => {
    const { status, body } = await call('/wps/verification/sms/register', { method: 'POST', json });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });
});

describe('POST /wps/verification/sms/noLogin', () => {
  it('sends a code to a number that has an account', async () => {
    const { phone } = await memberWithPhone();
    const { status } = await sendSms('noLogin', phone);
    expect(status).toBe(200);
    expect(await lastSmsCode(phone.mobileNum)).toMatch(/^\d{6}$/);
  });

  it('answers an unknown number exactly like a known one, but sends nothing', async () => {
    const known = await sendSms('noLogin', (await memberWithPhone()).phone);
    const phone = uniquePhone();
    const unknown = await sendSms('noLogin', phone);
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body.value)).toEqual(Object.keys(known.body.value));
    expect({ ...unknown.body, value: null }).toEqual({ ...known.body, value: null });
    expect(await outboxCount(phone.mobileNum)).toBe(0);
  });
});

/**
 * One noLogin send with the http provider held open: the SQL the worker prepared before answering, whether the
 * answer came while the gateway was still busy, and how many messages the gateway got in the end.
 */
async function heldNoLoginSend(phone: { countryDialingCode: string; mobileNum: string }) {
  const statements: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare') return (sql: string) => { statements.push(sql); return target.prepare(sql); };
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  let release = () => {};
  const gateBarrier = new Promise<void>((resolve) => { release = resolve; });
  let sends = 0;
  const OUTBOUND = { async fetch() { sends++; await gateBarrier; return new Response('{}', { status: 202 }); } };
  const ctx = createExecutionContext();
  const request = createApp().request('http://127.0.0.1/wps/verification/sms/noLogin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...fromIp(uniqueIp()) },
    body: JSON.stringify({ ...phone, captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER }),
  }, {
    ...env, ...withTestCaptcha, DB: db, OUTBOUND,
    SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms-gateway.test/send', SMS_HTTP_TOKEN: 'gateway-token',
  }, ctx);
  const answer = await Promise.race([request, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
  const prepared = [...statements];
  release();
  await request;
  await waitOnExecutionContext(ctx);
  return { answeredWhileGatewayBusy: answer?.status ?? null, prepared, sends };
}

describe('POST /wps/verification/sms/noLogin is no registration oracle (issue 10)', () => {
  it('prepares the same D1 statements for a registered and an unregistered number', async () => {
    const known = await heldNoLoginSend((await memberWithPhone()).phone);
    const unknown = await heldNoLoginSend(uniquePhone());
    expect(known.prepared.length).toBeGreaterThan(0);
    expect(unknown.prepared).toEqual(known.prepared);
  });

  it('answers before the provider send finishes, and sends only to a registered number', async () => {
    const known = await heldNoLoginSend((await memberWithPhone()).phone);
    expect(known.answeredWhileGatewayBusy).toBe(200);
    expect(known.sends).toBe(1);
    const unknown = await heldNoLoginSend(uniquePhone());
    expect(unknown.answeredWhileGatewayBusy).toBe(200);
    expect(unknown.sends).toBe(0);
  });
});

describe('SMS provider http', () => {
  const gatewayEnv = (binding: { fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> }) => ({
    SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms-gateway.test/send', SMS_HTTP_TOKEN: 'gateway-token', OUTBOUND: binding,
  });

  it('posts the message as JSON with the bearer token, and writes nothing to the outbox', async () => {
    const gateway = recordingOutbound(() => new Response('{"id":"m1"}', { status: 202 }));
    const phone = uniquePhone();
    const { status } = await sendSms('register', phone, { env: gatewayEnv(gateway.binding) });
    expect(status).toBe(200);
    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request?.url).toBe('https://sms-gateway.test/send');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe('Bearer gateway-token');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    const sent = JSON.parse(request?.body ?? '{}') as { to: string; text: string; merchantCode: string };
    expect(sent).toMatchObject({ to: phone.e164, merchantCode: 'DEMO' });
    expect(sent.text).toMatch(/\b\d{6}\b/);
    expect(await outboxCount(phone.mobileNum)).toBe(0);
  });

  it.each([[500], [401], [404]])('answers 502 sms_failed when the gateway answers %i', async (gatewayStatus) => {
    const gateway = recordingOutbound(() => new Response('nope', { status: gatewayStatus }));
    const { status, body } = await sendSms('register', uniquePhone(), { env: gatewayEnv(gateway.binding) });
    expect(status).toBe(502);
    expect(body.errorCode).toBe('sms_failed');
  });

  it.each([
    ['without its URL', { SMS_PROVIDER: 'http', SMS_HTTP_URL: '', SMS_HTTP_TOKEN: 'gateway-token' }],
    ['without its token', { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms-gateway.test/send' }],
  ])('answers 404 provider_not_configured %s, for both sends, and stores no code (a configuration answer is no 5xx)', async (_name, config) => {
    for (const purpose of ['register', 'noLogin'] as const) {
      const phone = uniquePhone();
      const { status, body } = await sendSms(purpose, phone, { env: config });
      expect(status).toBe(404);
      expect(body.errorCode).toBe('provider_not_configured');
      const stored = await env.DB.prepare(`SELECT COUNT(*) AS n FROM sms_codes WHERE mobile_e164 = ?`).bind(phone.e164).first<{ n: number }>();
      expect(stored?.n).toBe(0);
    }
  });

  it('answers 502 sms_failed when the gateway cannot be reached', async () => {
    const gateway = recordingOutbound(() => {
      throw new TypeError('connection refused');
    });
    const { status, body } = await sendSms('register', uniquePhone(), { env: gatewayEnv(gateway.binding) });
    expect(status).toBe(502);
    expect(body.errorCode).toBe('sms_failed');
  });
});

describe('SMS code checks', () => {
  const check = (e164: string, code: string, purpose: 'noLogin' | 'register' = 'register', requester = '203.0.113.9') =>
    consumeSmsCode(env.DB, 'DEMO', purpose, e164, code, requester).then(() => 'ok', (e: { errorCode?: string }) => e.errorCode);

  it('accepts the right code once: a second use fails', async () => {
    const phone = uniquePhone();
    await sendSms('register', phone);
    const code = await lastSmsCode(phone.mobileNum);
    expect(await check(phone.e164, code)).toBe('ok');
    expect(await check(phone.e164, code)).toBe('verification_code_error');
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const phone = uniquePhone();
    await sendSms('register', phone);
    const code = await lastSmsCode(phone.mobileNum);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await check(phone.e164, wrong)).toBe('verification_code_error');
    expect(await check(phone.e164, code)).toBe('verification_code_error');
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const phone = uniquePhone();
    await sendSms('register', phone);
    const code = await lastSmsCode(phone.mobileNum);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await check(phone.e164, wrong);
    expect(await check(phone.e164, code)).toBe('ok');
  });

  it('refuses a code after its 10 minutes', async () => {
    const phone = uniquePhone();
    await sendSms('register', phone);
    const code = await lastSmsCode(phone.mobileNum);
    await env.DB.prepare(`UPDATE sms_codes SET expires_at = ? WHERE mobile_e164 = ?`).bind(Date.now() - 1, phone.e164).run();
    expect(await check(phone.e164, code)).toBe('verification_code_error');
  });

  it('only the newest code works, and a code only works for its own purpose', async () => {
    const phone = uniquePhone();
    await sendSms('register', phone);
    const first = await lastSmsCode(phone.mobileNum);
    await env.DB.prepare(`DELETE FROM rate_limits WHERE bucket LIKE ?`).bind(`sms:phone:%${phone.e164}`).run();
    await sendSms('register', phone);
    const second = await lastSmsCode(phone.mobileNum);
    if (first !== second) expect(await check(phone.e164, first)).toBe('verification_code_error');
    expect(await check(phone.e164, second, 'noLogin')).toBe('verification_code_error');
    expect(await check(phone.e164, second)).toBe('ok');
  });

  it('limits checks per phone and requester: one requester spending its 20 checks leaves the owner theirs', async () => {
    const phone = uniquePhone();
    await sendSms('register', phone);
    const code = await lastSmsCode(phone.mobileNum);
    // The attacker's checks: the hour's budget for (phone, attacker IP) is spent; wrong codes kill old codes.
    await env.DB.prepare(`INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 20)`)
      .bind(`sms:verify:DEMO:${phone.e164}:198.51.100.66`, Date.now())
      .run();
    expect(await check(phone.e164, code, 'register', '198.51.100.66')).toBe('TOO_MANY_REQUEST');
    expect(await check(phone.e164, code, 'register', '203.0.113.77')).toBe('ok');
  });

  it('counts 20 checks per hour for one phone from one requester', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 20; i++) expect(await check(phone.e164, '000000', 'register', '198.51.100.67')).toBe('verification_code_error');
    expect(await check(phone.e164, '000000', 'register', '198.51.100.67')).toBe('TOO_MANY_REQUEST');
  });
});

describe('GET /wps/system/country', () => {
  it('lists dialling codes as digits with country code and name', async () => {
    const { status, body } = await call<CountryListValue>('/wps/system/country');
    expect(status).toBe(200);
    expect(body.value.list.length).toBeGreaterThan(20);
    expect(body.value.list).toContainEqual({ countryCode: 'PH', dialingCode: '63', name: 'Philippines' });
    for (const country of body.value.list) {
      expect(country.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(country.dialingCode).toMatch(/^[1-9]\d{0,3}$/);
    }
  });
});
