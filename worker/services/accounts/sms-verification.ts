import type { RequestScope } from '../kit/request-scope';
import { ApiError } from '../../lib/envelope';
import { burnSmsCode, countSmsAttempt, insertSmsCode, type SmsPurpose } from '../../db/queries/sms';
import { dialingCodeExists } from '../../db/queries/countries';
import { findMemberByMobile, findPasswordlessPendingMember } from '../../db/queries/members';
import { verifyCaptcha } from './captcha';
import { constantTimeEqual } from '../crypto/password';
import { normalizeDialingCode, normalizeMobileNum, toE164 } from './phone';
import {
  SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS, SMS_RESEND_WAIT_MS, hashSmsCode, newSmsCode, smsCodeMessage,
} from './sms-code';
import { assertSmsConfigured, smsProvider } from '../kit/sms-provider';
import { newToken } from '../crypto/tokens';
import {
  SMS_PER_IP, SMS_PER_PHONE_HOUR, SMS_PER_PHONE_MINUTE, SMS_VERIFY_PER_PHONE, consumeRateLimit,
} from './rate-limit';

/** A phone as typed and in E.164 form. */
export interface Phone {
  dialingCode: string;
  mobileNum: string;
  e164: string;
}

/**
 * Checks a dialling code and mobile number (accounts §5 "Mobile number hint: 10 to 11 digits"): malformed or
 * a dialling code of no listed country → 400 `invalid_input` naming the field.
 */
export async function parsePhone(db: D1Database, dialingCode: string, mobileNum: string): Promise<Phone> {
  const dial = normalizeDialingCode(dialingCode);
  const mobile = normalizeMobileNum(mobileNum);
  const issues: { path: string; message: string }[] = [];
  if (!dial || !(await dialingCodeExists(db, dial))) {
    issues.push({ path: 'countryDialingCode', message: 'Unknown country dialling code' });
  }
  if (!mobile) issues.push({ path: 'mobileNum', message: 'Please enter a valid mobile number (10 to 11 digits)' });
  const e164 = dial && mobile ? toE164(dial, mobile) : null;
  if (dial && mobile && !e164) issues.push({ path: 'mobileNum', message: 'This is not a mobile number of the chosen country' });
  if (issues.length > 0 || !dial || !mobile || !e164) {
    throw new ApiError(400, 'request_param_err', 'The phone number is not valid', { issues });
  }
  return { dialingCode: dial, mobileNum: mobile, e164 };
}

/**
 * Sends a verification code (accounts §3 SMS send payload, §4 SMS code), in this order:
 * 1. SMS delivery must be configured (404 `provider_not_configured`); at most 10 sends per client IP per hour →
 *    429 `too_many_requests`;
 * 2. the captcha answer must match the browser's challenge → 400 `captcha_invalid`;
 * 3. purpose 'register': a phone that already has an account → 409 `mobile_taken`;
 * 4. one send per phone per 60 s and 5 per hour → 429 `too_many_requests` + Retry-After;
 * 5. a new 6-digit code (10 minutes, hashed, replaces the phone's earlier code) is stored;
 * 6. 'register': it goes out through the SMS provider before the answer (502 `sms_failed` when the gateway
 *    refuses). 'noLogin': it goes out through `executionCtx.waitUntil` after the answer, only when the number
 *    has an account; the D1 work is the same either way and a failed send is only logged, so neither the answer
 *    nor its timing reveals which numbers have accounts.
 * Returns the time the client may ask again (epoch ms).
 */
export async function requestSmsCode(
  req: RequestScope,
  purpose: SmsPurpose,
  input: { countryDialingCode: string; mobileNum: string; captcha: string },
): Promise<{ expirationTime: number }> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const phone = await parsePhone(db, input.countryDialingCode, input.mobileNum);
  assertSmsConfigured(req.env);
  await consumeRateLimit(db, SMS_PER_IP, req.clientIp);
  if (!(await verifyCaptcha(req, input.captcha))) {
    throw new ApiError(400, 'captcha_invalid', 'The captcha answer is wrong or expired', { captcha: true });
  }
  const member = await findMemberByMobile(db, merchant.code, phone.e164);
  // A password-less account that registered this number unproven may log in by SMS code (which binds it).
  const claimant = purpose === 'noLogin' ? await findPasswordlessPendingMember(db, merchant.code, phone.e164) : null;
  if (purpose === 'register' && member) {
    throw new ApiError(409, 'mobile_taken', 'This mobile number already has an account');
  }
  const phoneKey = `${merchant.code}:${purpose}:${phone.e164}`;
  await consumeRateLimit(db, SMS_PER_PHONE_MINUTE, phoneKey);
  await consumeRateLimit(db, SMS_PER_PHONE_HOUR, phoneKey);

  // The same D1 work whether or not the number has an account (a code row is stored either way; one for a
  // number without an account can never be used), and the provider send runs after the answer, so neither the
  // answer nor its timing says whether the number is registered (issue 10: enumeration oracle).
  const now = Date.now();
  const id = newToken();
  const code = newSmsCode();
  await insertSmsCode(
    db,
    { id, merchantCode: merchant.code, purpose, mobileE164: phone.e164, codeHash: hashSmsCode(id, code), expiresAt: now + SMS_CODE_TTL_MS },
    now,
  );
  const message = {
    merchantCode: merchant.code,
    countryDialingCode: phone.dialingCode,
    mobileNum: phone.mobileNum,
    e164: phone.e164,
    text: smsCodeMessage(merchant.name, code),
  };
  if (purpose === 'register') {
    // Registration already says whether the number is taken (409); the player is told when the send fails.
    await smsProvider(req.env).send(message);
  } else if (member ?? claimant) {
    req.waitUntil(
      smsProvider(req.env).send(message).catch((error: unknown) => {
        console.warn('sms send failed after the answer', error instanceof ApiError ? error.errorCode : 'unknown error');
      }),
    );
  }
  return { expirationTime: now + SMS_RESEND_WAIT_MS };
}

/**
 * Checks a code for a phone and burns it on success. Every check counts one try against the phone's newest
 * live code (5 tries kill it) and against 20 checks per hour for this phone *from this requester* (`requester`:
 * the client IP), so a third party cannot spend the owner's checks (issue 10). Wrong, expired, used, superseded
 * or missing codes → 400 `verification_code_error`; too many checks → 429 `TOO_MANY_REQUEST`.
 */
export async function consumeSmsCode(
  db: D1Database,
  merchantCode: string,
  purpose: SmsPurpose,
  e164: string,
  code: string,
  requester: string,
  now = Date.now(),
): Promise<void> {
  await consumeRateLimit(db, SMS_VERIFY_PER_PHONE, `${merchantCode}:${e164}:${requester}`, now);
  const attempt = await countSmsAttempt(db, merchantCode, purpose, e164, SMS_CODE_MAX_ATTEMPTS, now);
  const enc = new TextEncoder();
  const matches =
    attempt !== null && constantTimeEqual(enc.encode(hashSmsCode(attempt.id, code)), enc.encode(attempt.codeHash));
  if (!attempt || !matches || !(await burnSmsCode(db, attempt.id, now))) {
    throw new ApiError(400, 'verification_code_error', 'The verification code is wrong or expired');
  }
}
