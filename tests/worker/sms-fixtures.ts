import { env } from 'cloudflare:test';
/** The answer of an SMS send (platform-contract.md §3). */
export interface SmsSendValue {
  expirationTime: number;
  expiredMinutes?: number;
}
import type { Bindings } from '../../worker/env';
import { call } from './helpers';
import { fromIp, uniqueIp, uniqueUsername, withTestCaptcha } from './accounts-fixtures';

/** A fresh Philippine mobile number as typed (11 digits with the trunk 0) and its E.164 form. */
export function uniquePhone(): { countryDialingCode: string; mobileNum: string; e164: string } {
  const digits = [...crypto.getRandomValues(new Uint8Array(9))].map((b) => String(b % 10)).join('');
  const mobileNum = `09${digits}`;
  return { countryDialingCode: '63', mobileNum, e164: `+639${digits}` };
}

/** Asks for an SMS code through the API (test captcha, own IP unless given). */
export function sendSms(
  purpose: 'noLogin' | 'register',
  phone: { countryDialingCode: string; mobileNum: string },
  options: { ip?: string; captcha?: string; env?: Partial<Bindings> } = {},
) {
  // platform-contract.md §3: the register send names the number mobileNo and says the registration in ModuleId.
  const captcha = options.captcha ?? withTestCaptcha.TEST_CAPTCHA_ANSWER;
  const json = purpose === 'register'
    ? { mobileNo: phone.mobileNum, countryDialingCode: phone.countryDialingCode, captcha }
    : { mobileNum: phone.mobileNum, countryDialingCode: phone.countryDialingCode, captcha };
  return call<SmsSendValue>(`/wps/verification/sms/${purpose}`, {
    method: 'POST',
    json,
    headers: { ...fromIp(options.ip ?? uniqueIp()), ...(purpose === 'register' ? { ModuleId: 'MOBILENUMREG3' } : {}) },
    env: { ...withTestCaptcha, ...options.env },
  });
}

/** The newest outbox message to a number, or null. */
export async function lastOutboxMessage(mobileNum: string): Promise<string | null> {
  const row = await env.DB.prepare(`SELECT body FROM sms_outbox WHERE mobile_num = ? ORDER BY id DESC LIMIT 1`)
    .bind(mobileNum)
    .first<{ body: string }>();
  return row?.body ?? null;
}

/** The 6-digit code of the newest outbox message to a number (throws when there is none). */
export async function lastSmsCode(mobileNum: string): Promise<string> {
  const body = await lastOutboxMessage(mobileNum);
  const code = body ? /\b(\d{6})\b/.exec(body)?.[1] : undefined;
  if (!code) throw new Error(`no SMS code was sent to ${mobileNum}`);
  return code;
}

/** Sends a code and returns it, as the player reading the SMS would. */
export async function smsCodeFor(purpose: 'noLogin' | 'register', phone: { countryDialingCode: string; mobileNum: string }) {
  const res = await sendSms(purpose, phone);
  if (res.status !== 200) throw new Error(`SMS send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return lastSmsCode(phone.mobileNum);
}

/** A member on DEMO with a verified phone and, when given, a password (direct SQL: independent of registration). */
export async function memberWithPhone(passwordHash: string | null = null, type = 0) {
  const phone = uniquePhone();
  const username = uniqueUsername('ph');
  const row = await env.DB.prepare(
    `INSERT INTO members (merchant_code, username, account, password_hash, type, created_at, mobile_e164)
     VALUES ('DEMO', ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(username, username, passwordHash, type, Date.now(), phone.e164)
    .first<{ id: number }>();
  if (!row) throw new Error('member insert failed');
  await env.DB.prepare(`INSERT INTO wallets (member_id, currency, balance_minor, updated_at) VALUES (?, 'USD', 0, ?)`)
    .bind(row.id, Date.now())
    .run();
  return { memberId: row.id, username, phone };
}

/** A recording stand-in for outbound HTTP (bound as OUTBOUND): answers with `status`, keeps every request. */
export function recordingOutbound(respond: (request: Request) => Response | Promise<Response>) {
  const requests: { url: string; method: string; headers: Headers; body: string }[] = [];
  return {
    requests,
    binding: {
      async fetch(input: RequestInfo | URL, init?: RequestInit) {
        const request = new Request(input, init);
        requests.push({ url: request.url, method: request.method, headers: request.headers, body: await request.clone().text() });
        return respond(request);
      },
    },
  };
}
