import { describe, expect, it } from 'vitest';
import {
  countdownEnd, SMS_DEFAULT_WAIT_MS, SMS_POLL_MS, SMS_SENDING_MS, SMS_SENT_MS, smsRequestErrors, smsSecondsLeft,
} from '../../../src/lib/sms';

// Rows quote accounts §9 "SMS countdown poll 500 ms; default send wait 60 s" and §8 "SMS sent: in_sms_send (1.5 s);
// loading in_sms_sending (10 s)".
describe('SMS constants', () => {
  it.each([
    ['the countdown is checked every 500 ms', SMS_POLL_MS, 500],
    ['the local default wait is 60 s', SMS_DEFAULT_WAIT_MS, 60_000],
    ['in_sms_send shows 1.5 s', SMS_SENT_MS, 1500],
    ['in_sms_sending may show up to 10 s', SMS_SENDING_MS, 10_000],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

// Rows quote accounts §4 "a countdown runs until the server expiration time … The local default wait is 60 s."
describe('the countdown runs to the server expiration time, else 60 s', () => {
  it.each([
    ['a future expiration time is used as it is', 100_000, 40_000, 100_000],
    ['an expiration time already past falls back to 60 s', 30_000, 40_000, 100_000],
    ['no expiration time falls back to 60 s', null, 40_000, 100_000],
    ['a nonsense expiration time falls back to 60 s', Number.NaN, 40_000, 100_000],
  ] as const)('%s', (_rule, expiration, now, end) => {
    expect(countdownEnd(expiration, now)).toBe(end);
  });
});

// Rows quote accounts §4 "checked every 500 ms and shown in seconds on the button; at 0 the get-code link returns".
describe('seconds shown on the button', () => {
  it.each([
    [61_000, 0, 61], [60_000, 0, 60], [60_000, 500, 60], [60_000, 59_500, 1], [500, 0, 1], [0, 0, 0], [0, 5000, 0],
  ])('end %s at %s shows %s s', (end, now, seconds) => {
    expect(smsSecondsLeft(end, now)).toBe(seconds);
  });
});

// Rows quote accounts §5 "SMS code request requires valid phone fields first and a human-verification step".
describe('a code is asked for only with valid phone fields and an answered captcha', () => {
  it.each([
    [{ countryDialingCode: '63', mobileNum: '09123456789', captcha: '42' }, {}],
    [{ countryDialingCode: '', mobileNum: '09123456789', captcha: '42' }, { countryDialingCode: 'validation.countryDialingCode' }],
    [{ countryDialingCode: '63', mobileNum: '', captcha: '42' }, { mobileNum: 'validation.loginMobileNum' }],
    [{ countryDialingCode: '63', mobileNum: '12345', captcha: '42' }, { mobileNum: 'validation.mobileNum' }],
    [{ countryDialingCode: '63', mobileNum: '09123456789', captcha: ' ' }, { captcha: 'in_vwrite_code' }],
  ])('%j → %j', (fields, errors) => {
    expect(smsRequestErrors(fields)).toEqual(errors);
  });
});
