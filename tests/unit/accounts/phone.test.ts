import { describe, expect, it } from 'vitest';
import { maskPhone, normalizeDialingCode, normalizeMobileNum, toE164 } from '../../../worker/services/accounts/phone';
import { SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS, SMS_RESEND_WAIT_MS, hashSmsCode, newSmsCode, smsCodeMessage } from '../../../worker/services/accounts/sms-code';

describe('phone numbers (accounts §5 "Mobile number hint: 10 to 11 digits")', () => {
  it.each([
    ['63', '09123456789', '+639123456789'],
    ['+63', '0912 345 6789', '+639123456789'],
    ['63', '9123456789', '+639123456789'],
    ['1', '2025550123', '+12025550123'],
    ['84', '0912345678', '+84912345678'],
    // National trunk prefixes other than 0 (Russia 8, Belarus 80): typed with or without, the same phone.
    ['7', '89123456789', '+79123456789'],
    ['+7', '912 345-67-89', '+79123456789'],
    ['375', '80291234567', '+375291234567'],
    // Typed with the country code in front: the same phone.
    ['7', '79123456789', '+79123456789'],
    ['44', '07911123456', '+447911123456'],
    ['86', '13812345678', '+8613812345678'],
    ['91', '09876543210', '+919876543210'],
  ])('dialling code %s and number %s are the phone %s', (dial, mobile, e164) => {
    expect(toE164(dial, mobile)).toBe(e164);
  });

  it.each([
    ['63', '912345678', '9 digits'],
    ['63', '091234567890', '12 digits'],
    ['63', '0912345678a', 'a letter'],
    ['0', '09123456789', 'dialling code 0'],
    ['12345', '09123456789', 'a 5-digit dialling code'],
    ['999', '09123456789', 'a dialling code no country uses'],
    ['1', '02025550123', 'a US number with a trunk 0 (11 digits, too long for +1)'],
    ['', '09123456789', 'no dialling code'],
  ])('refuses %s / %s (%s)', (dial, mobile) => {
    expect(toE164(dial, mobile)).toBeNull();
  });

  it('normalizes the parts separately', () => {
    expect(normalizeDialingCode(' +886 ')).toBe('886');
    expect(normalizeMobileNum('0912-345-6789')).toBe('09123456789');
  });

  it('masks all but the first 3 and last 3 characters for logs', () => {
    expect(maskPhone('+639123456789')).toBe('+63*******789');
  });
});

describe('SMS codes (accounts §4 SMS code, §9 default send wait 60 s)', () => {
  it('are 6 digits, and not the same code every time', () => {
    const codes = new Set(Array.from({ length: 200 }, newSmsCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it('keep leading zeros (every digit position is uniform)', () => {
    const firstDigits = new Set(Array.from({ length: 400 }, () => newSmsCode().charAt(0)));
    expect(firstDigits.has('0')).toBe(true);
    expect(firstDigits.size).toBe(10);
  });

  it('are stored as a hash bound to the code row', () => {
    expect(hashSmsCode('a', '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSmsCode('a', '123456')).not.toBe(hashSmsCode('b', '123456'));
    expect(hashSmsCode('a', ' 123456 ')).toBe(hashSmsCode('a', '123456'));
  });

  it('live 10 minutes, survive 4 wrong tries, and may be re-sent after 60 s', () => {
    expect(SMS_CODE_TTL_MS).toBe(600_000);
    expect(SMS_CODE_MAX_ATTEMPTS).toBe(5);
    expect(SMS_RESEND_WAIT_MS).toBe(60_000);
  });

  it('name the site and the code in the message', () => {
    expect(smsCodeMessage('PlayDeck', '012345')).toBe(
      'PlayDeck: your verification code is 012345. It expires in 10 minutes. Never share it.',
    );
  });
});
