import type { RequestScope } from '../kit/request-scope';
import type { RegisterField } from './registration-rules';
import { ApiError } from '../../lib/envelope';
import { findMemberByMobile } from '../../db/queries/members';
import { consumeSmsCode, parsePhone } from './sms-verification';

/** Where a registration keeps the phone: bound (proven, unique, usable for SMS login/reset) or pending (contact). */
export interface RegistrationPhone {
  mobileE164?: string;
  mobilePendingE164?: string;
}

/**
 * The phone typed on the username registration form (issue 10, finding 3: bind a number only after a code proves
 * it). No number → nothing. With REGMOBVERF3 on (`verifyPhone`), the number must parse (400 `request_param_err`),
 * must not be bound to another account (409 `mobile_taken`) and the 'register' SMS code must match (400
 * `verification_code_error`) → bound. With REGMOBVERF3 off no code is sent or checked: a number that parses is
 * kept pending (it never blocks its owner), one that does not stays only in the profile as typed.
 */
export async function usernameRegistrationPhone(
  req: RequestScope,
  values: Partial<Record<RegisterField, string>>,
  verifyPhone: boolean,
): Promise<RegistrationPhone> {
  const db = req.env.DB;
  const merchant = req.merchant;
  if (values.mobileNum === undefined) return {};
  if (!verifyPhone) {
    try {
      return { mobilePendingE164: (await parsePhone(db, values.countryDialingCode ?? '', values.mobileNum)).e164 };
    } catch {
      return {};
    }
  }
  const phone = await parsePhone(db, values.countryDialingCode ?? '', values.mobileNum);
  if (await findMemberByMobile(db, merchant.code, phone.e164)) {
    throw new ApiError(409, 'mobile_taken', 'This mobile number already has an account');
  }
  await consumeSmsCode(db, merchant.code, 'register', phone.e164, values.verificationCode ?? '', req.clientIp);
  return { mobileE164: phone.e164 };
}
