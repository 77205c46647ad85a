import { describe, expect, it } from 'vitest';
import {
  affiliateCode, captcha, confirmPassword, LANGUAGE_REVALIDATE_MS, countryDialingCode, email, firstFailing, inputIssues, loginMobileNum, loginPassword,
  loginUsername, mobileNum, nickname, password, REGISTER_FIELDS, registerErrors, registerField, revalidateFilled, serverErrorKey,
  username, verificationCode, type RegisterField, type RegisterValues,
} from '../../../rules/validation';
import type { MessageKey } from '../../../rules/i18n';
import { checkRegistration, type FieldSetting } from '../../../worker/services/accounts/registration-rules';

const empty = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ''])) as RegisterValues;

// Rows quote accounts §5 "Login fields use rules named loginUsername, loginPassword" and §2 "The username input is trimmed".
describe('login fields', () => {
  it.each([
    ['', 'validation.loginUsername'],
    ['   ', 'validation.loginUsername'],
    [' player1 ', null],
  ])('loginUsername(%j) gives %s', (value, expected) => {
    expect(loginUsername(value)).toBe(expected);
  });
  it.each([
    ['', 'validation.loginPassword'],
    [' ', null],
    ['secret1', null],
  ])('loginPassword(%j) gives %s', (value, expected) => {
    expect(loginPassword(value)).toBe(expected);
  });
});

// Rows quote accounts §5 "account format incorrect" with the server rule: 4–16 letters/digits starting with a letter.
describe('username: "account format incorrect"', () => {
  it.each([
    ['abcd', null],
    ['Player2026', null],
    ['a234567890123456', null],
    ['abc', 'validation.username'],
    ['a2345678901234567', 'validation.username'],
    ['1abcd', 'validation.username'],
    ['ab_cd', 'validation.username'],
    ['ab cd', 'validation.username'],
  ])('%j gives %s', (value, expected) => {
    expect(username(value)).toBe(expected);
  });
});

// Rows quote accounts §5 "password format incorrect" and "the password check also fails with in_confirmation_correct if both are filled and differ".
describe('password', () => {
  it.each([
    ['abc123', '', null],
    ['abcdefghij1234567890', '', null],
    ['abc12', '', 'validation.password'],
    ['abcdefghij12345678901', '', 'validation.password'],
    ['abcdefgh', '', 'validation.password'],
    ['12345678', '', 'validation.password'],
    ['abc123', 'abc123', null],
    ['abc123', 'abc124', 'in_confirmation_correct'],
  ])('password %j with confirmation %j gives %s', (value, confirmation, expected) => {
    expect(password(value, confirmation)).toBe(expected);
  });
});

// Rows quote accounts §5 "Confirm password is required (message key in_incorrect_password) and must equal the password, else in_confirmation_correct".
describe('confirmPassword', () => {
  it.each([
    ['', 'abc123', 'in_incorrect_password'],
    ['abc124', 'abc123', 'in_confirmation_correct'],
    ['abc123', 'abc123', null],
  ])('confirmation %j of password %j gives %s', (value, pw, expected) => {
    expect(confirmPassword(value, pw)).toBe(expected);
  });
});

// Rows quote accounts §9 "email length under 255" and §5 "e-mail format incorrect".
describe('email', () => {
  const local = 'a'.repeat(64);
  it.each([
    ['player@example.com', null],
    ['first.last@mail.example.vn', null],
    ['player@example', 'validation.email'],
    ['player.example.com', 'validation.email'],
    ['pla yer@example.com', 'validation.email'],
    [`${local}@${'b'.repeat(185)}.com`, null],
    [`${local}@${'b'.repeat(186)}.com`, 'validation.email'],
  ])('%j gives %s', (value, expected) => {
    expect(email(value)).toBe(expected);
  });
});

// Rows quote accounts §5 "Mobile number hint: 10 to 11 digits".
describe('mobileNum', () => {
  it.each([
    ['0912345678', null],
    ['09123456789', null],
    ['091234567', 'validation.mobileNum'],
    ['091234567890', 'validation.mobileNum'],
    ['09123-45678', 'validation.mobileNum'],
  ])('%j gives %s', (value, expected) => {
    expect(mobileNum(value)).toBe(expected);
  });
});

// Rows quote accounts §5 "name format not valid" with the server limit of 20 characters.
describe('nickname', () => {
  it.each([
    ['Lucky', null],
    ['Người chơi may mắn', null],
    ['x'.repeat(20), null],
    ['x'.repeat(21), 'validation.nickname'],
    ['   ', 'validation.nickname'],
  ])('%j gives %s', (value, expected) => {
    expect(nickname(value)).toBe(expected);
  });
});

// Rows quote accounts §5 "A wrong invitation code shows invitation_code_error".
describe('affiliateCode', () => {
  it.each([
    ['AGENT01', null],
    ['ref_2026-x', 'invitation_code_error'],
    ['bad code', 'invitation_code_error'],
    ['x'.repeat(33), 'invitation_code_error'],
  ])('%j gives %s', (value, expected) => {
    expect(affiliateCode(value)).toBe(expected);
  });
});

// Rows quote accounts §5 "Captcha text is required when shown (message key in_vwrite_code on registration; the translated 'enter the code' text on login) … 1 to 16 characters".
describe('captcha', () => {
  it.each([
    ['', 'register', 'in_vwrite_code'],
    ['', 'login', 'login.enterCode'],
    ['  ', 'login', 'login.enterCode'],
    ['7', 'login', null],
    ['x'.repeat(16), 'register', null],
    ['x'.repeat(17), 'register', 'validation.captcha'],
  ] as const)('%j on %s gives %s', (value, form, expected) => {
    expect(captcha(value, form)).toBe(expected);
  });
});

// Rows quote accounts §5 "A non-required empty field passes; otherwise the value is checked by a shared per-field verification".
describe('registration fields against the server settings', () => {
  it.each([
    ['email', false, { email: '' }, null],
    ['email', true, { email: '' }, 'validation.email'],
    ['email', false, { email: 'bad' }, 'validation.email'],
    ['nickname', false, { nickname: '' }, null],
    ['nickname', true, { nickname: '' }, 'validation.nickname'],
    ['mobileNum', false, { mobileNum: '' }, null],
    ['mobileNum', true, { mobileNum: '123' }, 'validation.mobileNum'],
    ['affiliateCode', false, { affiliateCode: '' }, null],
    ['username', false, { username: '' }, null],
    ['username', true, { username: '' }, 'validation.username'],
    ['username', true, { username: ' player1 ' }, null],
    ['password', true, { password: '' }, 'validation.password'],
    ['password', true, { password: ' abc123' }, 'validation.password'],
    ['confirmPassword', false, { password: 'abc123', confirmPassword: '' }, 'in_incorrect_password'],
    ['captcha', false, { captcha: '' }, 'in_vwrite_code'],
    ['countryDialingCode', true, { countryDialingCode: '' }, 'validation.countryDialingCode'],
    ['paymentPassword', false, { paymentPassword: '' }, null],
    ['paymentPassword', true, { paymentPassword: 'pay12' }, 'validation.paymentPassword'],
    ['recommenderId', true, { recommenderId: 'REF 1' }, 'validation.recommenderId'],
    ['payeeName', true, { payeeName: 'Nguyễn Văn A' }, null],
    ['payeeName', true, { payeeName: 'J0hn' }, 'validation.payeeName'],
    ['idNumber', true, { idNumber: 'A12' }, 'validation.idNumber'],
    ['qqNum', true, { qqNum: '01234' }, 'validation.qqNum'],
    ['facebook', true, { facebook: 'lucky player' }, 'validation.facebook'],
    ['wechat', true, { wechat: 'lucky_player' }, null],
    ['line', true, { line: '' }, 'validation.line'],
    ['whatsapp', true, { whatsapp: '+639123456789' }, null],
    ['whatsapp', true, { whatsapp: '12345' }, 'validation.whatsapp'],
    ['zalo', true, { zalo: 'zalo1' }, 'validation.zalo'],
    ['verificationCode', true, { verificationCode: '123' }, 'validation.smsCode'],
    ['verificationCode', true, { verificationCode: ' 123456 ' }, null],
  ] as const)('%s (required %s) with %j gives %s', (field, required, values, expected) => {
    expect(registerField(field, { ...empty, ...values }, required)).toBe(expected);
  });

  it('lists every failing field and focuses the first one in screen order', () => {
    const shown = [
      { field: 'username', required: true },
      { field: 'password', required: true },
      { field: 'confirmPassword', required: true },
      { field: 'email', required: false },
      { field: 'captcha', required: true },
    ] as const;
    const errors = registerErrors(shown, { ...empty, username: 'player1', password: 'abc123', email: 'x@' });
    expect(errors).toEqual({ confirmPassword: 'in_incorrect_password', email: 'validation.email', captcha: 'in_vwrite_code' });
    expect(firstFailing(shown.map((s) => s.field), errors)).toBe('confirmPassword');
  });

  it('asks for the SMS code only once a number is typed (requiredWith; issue 10, finding 3)', () => {
    const shown = [
      { field: 'mobileNum', required: false },
      { field: 'verificationCode', required: false, requiredWith: 'mobileNum' },
    ] as const;
    expect(registerErrors(shown, { ...empty })).toEqual({});
    expect(Object.keys(registerErrors(shown, { ...empty, mobileNum: '09123456789' }))).toEqual(['verificationCode']);
    expect(registerErrors(shown, { ...empty, mobileNum: '09123456789', verificationCode: '123456' })).toEqual({});
  });

  it('finds no failing field when the form is valid', () => {
    expect(firstFailing(['username', 'password'], {})).toBeNull();
  });
});

// Rows quote docs/design.md "The client shows translated texts from code … never raw server text".
describe('server error codes become message keys', () => {
  it.each([
    ['login.cred.err', 'error.invalid_credentials'],
    ['captcha_invalid', 'error.captcha_invalid'],
    ['TOO_MANY_REQUEST', 'error.too_many_requests'],
    ['TOO_MANY_REQUEST_LOGIN', 'error.too_many_requests'],
    ['customer.not.login', 'error.not_logged_in'],
    ['user.or.token.invalid', 'error.session_expired'],
    ['not.exists.user', 'error.invalid_credentials'],
    ['request_param_err', 'error.invalid_input'],
    ['function.not.available', 'error.feature_disabled'],
    ['account_disabled', 'error.account_disabled'],
    ['username_taken', 'error.username_taken'],
    ['free_reject', 'free_reject'],
    ['same_password', 'same_password'],
    ['invitation_code_error', 'invitation_code_error'],
    ['mobile_taken', 'error.mobile_taken'],
    ['oauth_denied', 'error.oauth_denied'],
    // A deployment without its login secrets (docs/deployment.md "Secrets"): "temporarily unavailable", not a refusal.
    ['encryption_unavailable', 'error.encryption_unavailable'],
    ['something_new', 'error.internal_error'],
  ])('%s shows %s', (code, key) => {
    expect(serverErrorKey(code)).toBe(key);
  });
});

// Rows quote accounts §5 "Login fields use rules named loginUsername, loginPassword, loginMobileNum and verificationCode".
describe('SMS login fields', () => {
  it.each([
    ['', 'validation.loginMobileNum'],
    ['  ', 'validation.loginMobileNum'],
    ['091234567', 'validation.mobileNum'],
    [' 09123456789 ', null],
  ])('loginMobileNum(%j) gives %s', (value, expected) => {
    expect(loginMobileNum(value)).toBe(expected);
  });
  it.each([
    ['', 'validation.smsCode'],
    ['12a456', 'validation.smsCode'],
    ['123456', null],
    ['123456789', 'validation.smsCode'],
  ])('verificationCode(%j) gives %s', (value, expected) => {
    expect(verificationCode(value)).toBe(expected);
  });
  it.each([
    ['63', null],
    ['+886', null],
    ['', 'validation.countryDialingCode'],
    ['0', 'validation.countryDialingCode'],
    ['12345', 'validation.countryDialingCode'],
  ])('countryDialingCode(%j) gives %s', (value, expected) => {
    expect(countryDialingCode(value)).toBe(expected);
  });
});

// accounts §5 "The exact rule definitions … come from the server": the browser's rules must agree with the server's,
// so a value the form lets through is never refused for its format, and the other way round.
describe('every registration rule agrees with the server rule', () => {
  const samples: Partial<Record<RegisterField, string[]>> = {
    countryDialingCode: ['63', '+63', '12345', 'x1', '0', '+01'],
    username: ['abcd', 'Player2026', 'abc', '1abcd', 'ab_cd', 'a234567890123456', 'a2345678901234567'],
    password: ['abc123', 'abc12', 'abcdefgh', '12345678', 'abc 123', 'пароль1', 'abcdefghij12345678901'],
    paymentPassword: ['pay123', 'pay12', 'payment', 'pay 123'],
    affiliateCode: ['AGENT01', 'ref_1', 'x'.repeat(32), 'x'.repeat(33)],
    recommenderId: ['REF1', 'REF 1', 'ref-1'],
    nickname: ['Lucky', 'x'.repeat(20), 'x'.repeat(21), 'Người chơi'],
    payeeName: ['Nguyễn Văn A', "O'Brien", 'J0hn', ' Ann', 'x'.repeat(51)],
    email: ['player@example.com', 'player@example', 'pla yer@example.com'],
    mobileNum: ['0912345678', '09123456789', '091234567', '09123-45678'],
    idNumber: ['A1234', 'A12', 'AB-1234', 'AB 1234'],
    qqNum: ['12345', '01234', '1234567890123'],
    facebook: ['lucky.player', 'lucky player', 'x'.repeat(65)],
    wechat: ['wx_lucky', 'wx lucky'],
    line: ['line.id', 'line id'],
    whatsapp: ['+639123456789', '639123456789', '12345', '+63 912'],
    zalo: ['0912345678', 'zalo1'],
    verificationCode: ['123456', '1234', '123', '123456789', '12a4'],
  };
  const rows = Object.entries(samples).flatMap(([field, values]) => values.map((value) => [field as RegisterField, value] as const));
  it.each(rows)('%s %j', (field, value) => {
    const settings = new Map<string, FieldSetting>([[field, { enabled: true, required: true }]]);
    const submitted = { [field]: value, ...(field === 'password' ? {} : { username: 'player1', password: 'abc123' }) };
    const server = checkRegistration(submitted, settings);
    const serverAccepts = server.ok || !server.issues.some((issue) => issue.path === field);
    expect(registerField(field, { ...empty, ...submitted }, true) === null).toBe(serverAccepts);
  });
});

// Rows quote accounts §5 "On a language change, filled fields are revalidated after a 200 ms debounce".
describe('revalidation after a language change', () => {
  it('waits 200 ms after the last change', () => {
    expect(LANGUAGE_REVALIDATE_MS).toBe(200);
  });
  type Field = 'username' | 'password';
  const rule = (field: Field) => (field === 'username' ? 'validation.loginUsername' : null);
  const rows: [string, Record<Field, string>, Partial<Record<Field, MessageKey>>, Partial<Record<Field, MessageKey>>][] = [
    ['a filled field gets its rule again', { username: 'x', password: '' }, {}, { username: 'validation.loginUsername' }],
    ['an empty field keeps its error', { username: '', password: '' }, { password: 'validation.loginPassword' }, { password: 'validation.loginPassword' }],
    ['a filled field that now passes loses its error', { username: '', password: 'secret' }, { password: 'validation.loginPassword' }, {}],
  ];
  it.each(rows)('%s', (_rule, values, current, expected) => {
    expect(revalidateFilled(values, current, rule)).toEqual(expected);
  });
});

describe('invalid_input issues', () => {
  it.each([
    [{ issues: [{ path: 'username', message: 'm' }, { path: 'email', message: 'm', key: 'validation.email' }] }, 2],
    [{ issues: [{ message: 'no path' }] }, 0],
    [null, 0],
    [{ captcha: true }, 0],
  ])('%j has %s usable issues', (value, count) => {
    expect(inputIssues(value)).toHaveLength(count);
  });
});
