import type { RequestScope } from '../kit/request-scope';
import type { SessionValue } from '../../../contract/calls/accounts';
import { ApiError } from '../../lib/envelope';
import { findMemberByMobile, usernameExists } from '../../db/queries/members';
import { mobileRegistrationMode } from './registration-rules';
import { acceptRegistrationFields, buildProfile, createRegisteredMember, openRegistration, type RegistrationInput } from './registration';
import { hashPassword } from '../crypto/password';
import { verifyMerchantFirebaseToken } from './firebase';
import { consumeSmsCode, parsePhone } from './sms-verification';

/** The mobile registration payload: the registration fields plus an optional Firebase proof of the phone. */
export type MobileRegistrationInput = RegistrationInput & {
  firebaseIdToken?: string | undefined;
  firebaseChannel?: string | undefined;
};

/** Account name of a phone-only account: the underscore keeps it apart from every registrable username. */
export function mobileAccountName(e164: string): string {
  return `mob_${e164.slice(1)}`;
}

/**
 * Registration by mobile number (PUT /wps/member/register/mobile; accounts §2 Registration screen, §3 site
 * switches MOBILENUMREG3, REGMOBVERF3, MOBILENUMPASSREG3), in this order:
 * 1. MOBILENUMREG3 must be on → else 403 `feature_disabled`; 10 attempts per IP per hour → 429;
 * 2. fields against the merchant's settings, with the phone always required, the SMS code required when
 *    REGMOBVERF3 is on (unless a Firebase ID token is sent), and the password (with its confirmation) required
 *    when MOBILENUMPASSREG3 is on; with MOBILENUMPASSREG3 off the password fields are ignored and the account
 *    logs in by SMS code only → 400 `invalid_input`;
 * 3. captcha (when enabled) → 400 `captcha_invalid`; invitation code → 400 `invitation_code_error`;
 * 4. with REGMOBVERF3 on, a phone bound to an account → 409 `mobile_taken`; a chosen username that exists →
 *    409 `username_taken`;
 * 5. with REGMOBVERF3 on: the 'register' SMS code (400 `verification_code_error`) or the Firebase token,
 *    whose phone must be this one (401 `invalid_firebase_token`, 400 `phone_mismatch`);
 * 6. one batch creates the member (type 0), wallet and welcome bonus; a session opens (firstTimeLogin true).
 *    A proven phone is bound (`mob_<digits>` unless a username was chosen). With REGMOBVERF3 off nothing proves
 *    the phone, so it is kept pending and never blocks its owner (issue 10, finding 3): no `mobile_taken`, the
 *    username is required (no name derived from the number), and a password-less account binds the number at its
 *    first SMS login (services/phone-login.ts), which the code proves.
 */
export async function registerByMobile(req: RequestScope, input: MobileRegistrationInput): Promise<SessionValue | null> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const switches = await openRegistration(req, 'MOBILENUMREG3', 'Registration by mobile number is not offered on this site');
  const verifyPhone = switches.REGMOBVERF3 === true;
  const passwordRequired = switches.MOBILENUMPASSREG3 === true;
  const firebaseToken = verifyPhone && (input.firebaseIdToken ?? '') !== '';
  const mode = mobileRegistrationMode({ verifyPhone, passwordRequired, firebaseToken });
  const { values, referrerId } = await acceptRegistrationFields(req, input, mode);
  const phone = await parsePhone(db, values.countryDialingCode ?? '', values.mobileNum ?? '');
  if (verifyPhone && (await findMemberByMobile(db, merchant.code, phone.e164))) {
    throw new ApiError(409, 'mobile_taken', 'This mobile number already has an account');
  }
  const account = values.username ?? mobileAccountName(phone.e164);
  if (await usernameExists(db, merchant.code, account.toLowerCase())) {
    throw new ApiError(409, 'username_taken', 'The username already exists');
  }

  if (verifyPhone && firebaseToken) {
    const identity = await verifyMerchantFirebaseToken(db, req.env, merchant.code, input.firebaseIdToken ?? '');
    if (identity.phoneNumber !== phone.e164) {
      throw new ApiError(400, 'phone_mismatch', 'The mobile number is not the one Firebase verified');
    }
  } else if (verifyPhone) {
    await consumeSmsCode(db, merchant.code, 'register', phone.e164, values.verificationCode ?? '', req.clientIp);
  }

  const profile = await buildProfile(values, input);
  profile.countryDialingCode = phone.dialingCode;
  profile.mobileNum = phone.mobileNum;
  return createRegisteredMember(req, {
    account,
    passwordHash: values.password !== undefined ? await hashPassword(values.password) : null,
    nickname: values.nickname ?? '',
    profile,
    registerMethod: input.registerMethod ?? 'H5',
    ...(verifyPhone ? { mobileE164: phone.e164 } : { mobilePendingE164: phone.e164 }),
    referrerId,
  }, input.login === true, values.email);
}
