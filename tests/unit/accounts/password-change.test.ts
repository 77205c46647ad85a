import { describe, expect, it } from 'vitest';
import {
  checkPasswordChange, needsOldPassword, PASSWORD_SAVED_MS, resetErrors,
} from '../../../src/lib/passwordChange';

// Rows quote accounts §2 Change-password screen, §4, §5 and §8.
describe('change password', () => {
  it.each([[null, true], ['', true], ['held', false]])('held password %j → old-password field shown %s', (held, shown) => {
    expect(needsOldPassword(held)).toBe(shown);
  });
  it.each([
    [{ oldPassword: 'old123', newPassword: 'new456', confirmNewPassword: 'new456' }, {}, false, 'a valid change submits'],
    [{ oldPassword: '', newPassword: 'new456', confirmNewPassword: 'new456' }, { oldPassword: 'validation.loginPassword' }, false, 'the old password follows the loginPassword rule'],
    [{ oldPassword: 'old123', newPassword: 'short', confirmNewPassword: 'short' }, { newPassword: 'validation.password' }, false, 'the new password follows the password rule'],
    [{ oldPassword: 'old123', newPassword: 'new456', confirmNewPassword: '' }, { confirmNewPassword: 'in_incorrect_password' }, false, 'the confirmation is required'],
    [{ oldPassword: 'old123', newPassword: 'new456', confirmNewPassword: 'new457' }, { newPassword: 'in_confirmation_correct', confirmNewPassword: 'in_confirmation_correct' }, false, 'mismatch is in_confirmation_correct'],
    [{ oldPassword: 'same123', newPassword: 'same123', confirmNewPassword: 'same123' }, {}, true, 'new equal to old is refused with same_password'],
  ] as const)('%j → %j, same_password %s: %s', (values, errors, same, _why) => {
    expect(checkPasswordChange(values, true)).toEqual({ errors, samePassword: same });
  });
  it('compares with the held password when the old field is hidden', () => {
    expect(checkPasswordChange({ oldPassword: '', newPassword: 'held123', confirmNewPassword: 'held123' }, false, 'held123').samePassword).toBe(true);
  });
  it('"the saved text shows for 1 s"', () => {
    expect(PASSWORD_SAVED_MS).toBe(1000);
  });
});

describe('reset by SMS', () => {
  it('asks for valid phone fields (accounts §5)', () => {
    expect(resetErrors({ countryDialingCode: '', mobileNum: '123', verificationCode: '123456', newPassword: 'abc123', confirmNewPassword: 'abc123' }))
      .toEqual({ countryDialingCode: 'validation.countryDialingCode', mobileNum: 'validation.mobileNum' });
  });
  it('checks the code and both passwords', () => {
    expect(resetErrors({ countryDialingCode: '63', mobileNum: '0912345678', verificationCode: '', newPassword: 'abc123', confirmNewPassword: 'abc124' }))
      .toEqual({ verificationCode: 'validation.smsCode', newPassword: 'in_confirmation_correct', confirmNewPassword: 'in_confirmation_correct' });
  });
});
