import { describe, expect, it } from 'vitest';
import {
  affiliateCode, captcha, confirmPassword, email, firstFailing, loginPassword, loginUsername, mobileNum, nickname,
  password, registerErrors, registerField, serverErrorKey, username, type RegisterValues,
} from '../../src/lib/validation';

const empty: RegisterValues = {
  username: '', password: '', confirmPassword: '', nickname: '', email: '', countryDialingCode: '', mobileNum: '',
  affiliateCode: '', captcha: '',
};

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
    ['ref_2026-x', null],
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
    ['username', false, { username: '' }, 'validation.required'],
    ['username', true, { username: ' player1 ' }, null],
    ['password', true, { password: '' }, 'validation.required'],
    ['confirmPassword', false, { password: 'abc123', confirmPassword: '' }, 'in_incorrect_password'],
    ['captcha', false, { captcha: '' }, 'in_vwrite_code'],
    ['countryDialingCode', true, { countryDialingCode: '' }, 'validation.required'],
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

  it('finds no failing field when the form is valid', () => {
    expect(firstFailing(['username', 'password'], {})).toBeNull();
  });
});

// Rows quote DESIGN.md "The client shows translated texts from code … never raw server text".
describe('server error codes become message keys', () => {
  it.each([
    ['invalid_credentials', 'error.invalid_credentials'],
    ['captcha_invalid', 'error.captcha_invalid'],
    ['too_many_attempts', 'error.too_many_attempts'],
    ['account_disabled', 'error.account_disabled'],
    ['username_taken', 'error.username_taken'],
    ['free_reject', 'free_reject'],
    ['something_new', 'error.internal_error'],
  ])('%s shows %s', (code, key) => {
    expect(serverErrorKey(code)).toBe(key);
  });
});
