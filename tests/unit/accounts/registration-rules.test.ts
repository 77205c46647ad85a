import { describe, expect, it } from 'vitest';
import {
  REGISTER_FIELDS, checkRegistration, mobileRegistrationMode, usernameRegistrationMode, type FieldSetting,
} from '../../../worker/services/accounts/registration-rules';

const on = { enabled: true, required: false };
const must = { enabled: true, required: true };
const settings = (extra: Record<string, FieldSetting> = {}) =>
  new Map<string, FieldSetting>(Object.entries({ username: must, password: must, confirmPassword: must, ...extra }));
const base = { username: 'player1', password: 'secret123', confirmPassword: 'secret123' };

describe('registration rules', () => {
  it('covers the 20 fields the spec names, and the date of birth of the age check (docs/honest-money.md)', () => {
    expect(REGISTER_FIELDS).toHaveLength(21);
    expect(REGISTER_FIELDS).toContain('dateOfBirth');
  });

  // Each row: field, a value that passes, a value that fails (accounts §5 and the site's field rules).
  it.each([
    ['username', 'Alice2024', '2alice'],
    ['dateOfBirth', '2000-01-31', '31/01/2000'],
    ['username', 'abcd', 'abc'],
    ['username', 'a234567890123456', 'a2345678901234567'],
    ['password', 'abc123', 'abcdef'],
    ['password', 'pässwörd9', '12345678'],
    ['password', 'a1234567890123456789', 'a12345678901234567890'],
    ['email', 'me@example.com', 'me@example'],
    ['mobileNum', '09123456789', '091234567'],
    ['nickname', 'Lucky Star', 'n'.repeat(21)],
    ['countryDialingCode', '+84', '84a'],
    ['affiliateCode', 'AGENT42', 'AG ENT'],
    ['qqNum', '123456', '0123'],
    ['whatsapp', '+84912345678', 'call me'],
    ['payeeName', 'Nguyễn Văn A', 'R2-D2'],
    ['verificationCode', '123456', '12ab'],
  ])('%s accepts %j and refuses %j', (field, good, bad) => {
    const withGood = field === 'password' ? { ...base, password: good, confirmPassword: good } : { ...base, [field]: good };
    const withBad = field === 'password' ? { ...base, password: bad, confirmPassword: bad } : { ...base, [field]: bad };
    const s = settings({ [field]: must });
    expect(checkRegistration(withGood, s)).toMatchObject({ ok: true });
    const failed = checkRegistration(withBad, s);
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.issues.map((i) => i.path)).toContain(field);
  });

  it('ignores a disabled field whatever it holds', () => {
    const result = checkRegistration({ ...base, qqNum: 'not a number' }, settings());
    expect(result).toEqual({ ok: true, values: base });
  });

  it('lets an enabled but not required field stay empty, and requires a required one', () => {
    expect(checkRegistration({ ...base, email: '  ' }, settings({ email: on })).ok).toBe(true);
    const missing = checkRegistration(base, settings({ email: must }));
    expect(missing).toEqual({ ok: false, issues: [{ path: 'email', message: expect.any(String) }] });
  });

  it('always requires username and password, even when the settings forget them', () => {
    const result = checkRegistration({}, new Map());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path)).toEqual(['username', 'password']);
  });

  it('uses the spec message keys for the confirmation and the captcha', () => {
    const result = checkRegistration({ ...base, confirmPassword: 'other1234' }, settings({ captcha: must }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues).toContainEqual(expect.objectContaining({ path: 'confirmPassword', key: 'in_confirmation_correct' }));
      expect(result.issues).toContainEqual(expect.objectContaining({ path: 'captcha', key: 'in_vwrite_code' }));
    }
    const noConfirm = checkRegistration({ ...base, confirmPassword: '' }, settings());
    if (!noConfirm.ok) expect(noConfirm.issues).toContainEqual(expect.objectContaining({ key: 'in_incorrect_password' }));
    else expect.fail('a missing confirmation must fail');
  });

  it('trims text fields but keeps passwords exactly as typed', () => {
    const result = checkRegistration({ ...base, username: ' player1 ', password: 'secret123 ', confirmPassword: 'secret123 ' }, settings());
    expect(result.ok).toBe(false);
    const trimmed = checkRegistration({ ...base, username: ' player1 ' }, settings());
    expect(trimmed).toMatchObject({ ok: true, values: { username: 'player1' } });
  });
});

describe('registration by mobile number (accounts §3 switches MOBILENUMREG3, REGMOBVERF3, MOBILENUMPASSREG3)', () => {
  const phone = { countryDialingCode: '63', mobileNum: '09123456789' };
  const demoLike = settings({ captcha: on, verificationCode: on, mobileNum: on, countryDialingCode: on });

  it.each([
    // [REGMOBVERF3, MOBILENUMPASSREG3, firebase token, submitted, ok, failing path]
    // Unproven phone (REGMOBVERF3 off): the player names the account, never the number (issue 10, finding 3).
    [false, false, false, { ...phone }, false, 'username'],
    [false, false, false, { ...phone, username: 'player1' }, true, null],
    [false, false, false, { countryDialingCode: '63', username: 'player1' }, false, 'mobileNum'],
    [true, false, false, { ...phone }, false, 'verificationCode'],
    [true, false, false, { ...phone, verificationCode: '123456' }, true, null],
    [true, false, true, { ...phone }, true, null],
    [false, true, false, { ...phone, username: 'player1' }, false, 'password'],
    [false, true, false, { ...phone, username: 'player1', password: 'secret123', confirmPassword: 'secret123' }, true, null],
  ] as const)('verify=%s password=%s firebase=%s: %o passes: %s', (verifyPhone, passwordRequired, firebaseToken, submitted, ok, path) => {
    const mode = mobileRegistrationMode({ verifyPhone, passwordRequired, firebaseToken });
    const result = checkRegistration({ ...submitted, captcha: 'x' }, demoLike, mode);
    expect(result.ok).toBe(ok);
    if (!result.ok && path) expect(result.issues.map((i) => i.path)).toContain(path);
  });

  it('ignores the password fields when MOBILENUMPASSREG3 is off, even if typed', () => {
    const mode = mobileRegistrationMode({ verifyPhone: false, passwordRequired: false, firebaseToken: false });
    const result = checkRegistration({ ...phone, username: 'player1', password: 'x', confirmPassword: 'y', captcha: 'c' }, demoLike, mode);
    expect(result).toEqual({ ok: true, values: { ...phone, username: 'player1', captcha: 'c' } });
  });

  it('with a proven phone makes the username optional but still checks a typed one', () => {
    const mode = mobileRegistrationMode({ verifyPhone: true, passwordRequired: false, firebaseToken: true });
    expect(checkRegistration({ ...phone, captcha: 'c' }, demoLike, mode).ok).toBe(true);
    const bad = checkRegistration({ ...phone, captcha: 'c', username: '1bad' }, demoLike, mode);
    expect(bad.ok).toBe(false);
  });
});

describe('a phone on the username registration form is bound only when proven (issue 10, finding 3)', () => {
  const withPhone = settings({ mobileNum: on, countryDialingCode: on, verificationCode: on });
  const phone = { countryDialingCode: '63', mobileNum: '09123456789' };

  it.each([
    // [REGMOBVERF3, submitted, ok, failing path, code kept]
    [false, { ...base }, true, null, false],
    [false, { ...base, ...phone, verificationCode: '123456' }, true, null, false],
    [true, { ...base }, true, null, false],
    [true, { ...base, ...phone }, false, 'verificationCode', false],
    [true, { ...base, mobileNum: '09123456789' }, false, 'countryDialingCode', false],
    [true, { ...base, ...phone, verificationCode: '123456' }, true, null, true],
  ] as const)('verify=%s: %o passes: %s', (verifyPhone, submitted, ok, path, codeKept) => {
    const mode = usernameRegistrationMode({ verifyPhone, mobileTyped: 'mobileNum' in submitted });
    const result = checkRegistration(submitted, withPhone, mode);
    expect(result.ok).toBe(ok);
    if (!result.ok && path) expect(result.issues.map((i) => i.path)).toContain(path);
    if (result.ok) expect(result.values.verificationCode !== undefined).toBe(codeKept);
  });
});
