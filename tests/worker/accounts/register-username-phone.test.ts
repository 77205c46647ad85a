import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionValue } from '../../../contract/calls/accounts';
import { sealedCall } from '../sealed';
import {
  ensureAccountSettings, fromIp, postLogin, registration, setSwitch, uniqueIp, withTestCaptcha,
} from '../accounts-fixtures';
import { lastOutboxMessage, memberWithPhone, sendSms, smsCodeFor, uniquePhone } from '../sms-fixtures';

beforeAll(ensureAccountSettings);
afterEach(() => setSwitch('REGMOBVERF3', false));

function register(overrides: Record<string, unknown>) {
  return sealedCall<SessionValue>('/wps/member/register', {
    method: 'PUT', json: registration(overrides), headers: fromIp(uniqueIp()), env: withTestCaptcha,
  });
}

const phoneColumns = (e164: string) =>
  env.DB.prepare(
    `SELECT mobile_e164, mobile_pending_e164 FROM members WHERE mobile_e164 = ?1 OR mobile_pending_e164 = ?1 ORDER BY id DESC LIMIT 1`,
  )
    .bind(e164)
    .first<{ mobile_e164: string | null; mobile_pending_e164: string | null }>();

const smsLogin = async (phone: { countryDialingCode: string; mobileNum: string }) =>
  postLogin({ type: 'sms', countryDialingCode: phone.countryDialingCode, username: phone.mobileNum, password: await smsCodeFor('noLogin', phone) });

// A mobile number typed on the username form is bound only when an SMS code proves it (issue 10, finding 3).
describe('a mobile number on the username registration form', { timeout: 30_000 }, () => {
  it('with REGMOBVERF3 off: is kept unproven, blocks nobody and never opens the account by SMS', async () => {
    const phone = uniquePhone();
    const res = await register({ countryDialingCode: '63', mobileNum: phone.mobileNum, verificationCode: '123456' });
    expect(res.status).toBe(200);
    expect(await phoneColumns(phone.e164)).toEqual({ mobile_e164: null, mobile_pending_e164: phone.e164 });
    // No login code goes to a number no account has proven (the answer is the same as for any number).
    expect((await sendSms('noLogin', phone)).status).toBe(200);
    expect(await lastOutboxMessage(phone.mobileNum)).toBeNull();
    // The number's owner can still register it.
    expect((await register({ countryDialingCode: '63', mobileNum: phone.mobileNum })).status).toBe(200);
  });

  it('with REGMOBVERF3 on: needs the register SMS code, then is bound and logs in by SMS', async () => {
    await setSwitch('REGMOBVERF3', true);
    const phone = uniquePhone();
    const missing = await register({ countryDialingCode: '63', mobileNum: phone.mobileNum });
    expect(missing.status).toBe(400);
    expect((missing.body.value as unknown as { issues: { path: string }[] }).issues).toContainEqual(expect.objectContaining({ path: 'verificationCode' }));
    const wrong = await register({ countryDialingCode: '63', mobileNum: phone.mobileNum, verificationCode: '000000' });
    expect(wrong.body.errorCode).toBe('verification_code_error');
    const ok = await register({ countryDialingCode: '63', mobileNum: phone.mobileNum, verificationCode: await smsCodeFor('register', phone) });
    expect(ok.status).toBe(200);
    expect(await phoneColumns(phone.e164)).toEqual({ mobile_e164: phone.e164, mobile_pending_e164: null });
    expect((await smsLogin(phone)).status).toBe(200);
  });

  it('with REGMOBVERF3 on: refuses a number bound to another account with 409 mobile_taken', async () => {
    await setSwitch('REGMOBVERF3', true);
    const member = await memberWithPhone();
    const res = await register({ countryDialingCode: '63', mobileNum: member.phone.mobileNum, verificationCode: '123456' });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('mobile_taken');
  });

  it('without a number: registers as before, with REGMOBVERF3 on or off', async () => {
    await setSwitch('REGMOBVERF3', true);
    expect((await register({})).status).toBe(200);
  });
});
