/**
 * SMS code rules (accounts §4 "SMS code", §5 "SMS code request requires valid phone fields first and a
 * human-verification step", §8 "SMS sent: in_sms_send (1.5 s); loading in_sms_sending (10 s)", §9 "SMS countdown
 * poll 500 ms; default send wait 60 s"). Pure: the SmsCodeField island runs the countdown with them.
 */
import type { MessageKey } from '../../rules/i18n';
import { captcha, countryDialingCode, loginMobileNum } from '../../rules/validation';

/** The countdown is checked every 500 ms. */
export const SMS_POLL_MS = 500;
/** Local default wait when the server gives no usable expiration time. */
export const SMS_DEFAULT_WAIT_MS = 60_000;
/** How long the in_sms_send toast stays. */
export const SMS_SENT_MS = 1500;
/** How long the in_sms_sending loading message may stay (it hides as soon as the call ends). */
export const SMS_SENDING_MS = 10_000;

/**
 * When the get-code link comes back: the server's expiration time when it lies in the future, else now plus
 * the local default wait of 60 s.
 */
export function countdownEnd(expirationTime: number | null | undefined, now: number): number {
  return typeof expirationTime === 'number' && Number.isFinite(expirationTime) && expirationTime > now
    ? expirationTime
    : now + SMS_DEFAULT_WAIT_MS;
}

/** Whole seconds shown on the button until the end; 0 means the get-code link is back. */
export function smsSecondsLeft(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** The phone fields and the captcha answer a code request needs. */
export interface SmsRequestFields {
  countryDialingCode: string;
  mobileNum: string;
  captcha: string;
}

/**
 * What stops a code request, field by field in screen order (dialling code, mobile number, captcha): the phone
 * fields must be valid first, and the captcha — PlayDeck's human-verification step — must be answered.
 */
export function smsRequestErrors(fields: SmsRequestFields): Partial<Record<keyof SmsRequestFields, MessageKey>> {
  const errors: Partial<Record<keyof SmsRequestFields, MessageKey>> = {};
  const dial = countryDialingCode(fields.countryDialingCode);
  if (dial) errors.countryDialingCode = dial;
  const mobile = loginMobileNum(fields.mobileNum);
  if (mobile) errors.mobileNum = mobile;
  const human = captcha(fields.captcha, 'register');
  if (human) errors.captcha = human;
  return errors;
}

/**
 * Whether a typed number can be a phone of the dialling code (rules/phoneNumber.ts: libphonenumber-js, loaded on
 * first use so no page pays for it before a code is asked for). When the module cannot load, the answer is yes:
 * the server checks again and says which field is wrong.
 */
export async function possiblePhone(dialingCode: string, mobileNum: string): Promise<boolean> {
  try {
    const { toE164 } = await import('../../rules/phoneNumber');
    return toE164(dialingCode, mobileNum) !== null;
  } catch {
    return true;
  }
}
