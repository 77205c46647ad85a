import type { RequestScope } from '../kit/request-scope';
import type { SessionValue } from '../../../contract/calls/accounts';
import { ApiError } from '../../lib/envelope';
import { listSiteSwitches } from '../../db/queries/merchants';
import {
  bindProvenMobile, findMemberByMobile, findPasswordlessPendingMember, recordLogin, type MemberRecord,
} from '../../db/queries/members';
import { loginClient, openSession } from './accounts';
import { verifyMerchantFirebaseToken } from './firebase';
import { consumeSmsCode, parsePhone } from './sms-verification';

/** SMS-code login payload (accounts §3 Login payload, type sms). */
export interface SmsLogin {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  rememberMe?: boolean | undefined;
}

/** Firebase login payload (accounts §3: firebaseChannel, firebaseIdToken, firebaseMobileNo, countryDialingCode). */
export interface FirebaseLogin {
  firebaseIdToken: string;
  firebaseMobileNo?: string | undefined;
  countryDialingCode?: string | undefined;
  rememberMe?: boolean | undefined;
}

async function openFor(req: RequestScope, member: MemberRecord | null, remember: boolean, method: 'sms' | 'firebase'): Promise<SessionValue> {
  if (!member) throw new ApiError(404, 'not.exists.user', 'No account has this mobile number');
  if (!member.active) throw new ApiError(403, 'account_disabled', 'The account is disabled');
  const now = Date.now();
  const firstTimeLogin = await recordLogin(req.env.DB, member.id, now);
  return openSession(req.env.DB, member, firstTimeLogin, now, { remember, client: loginClient(req, method), protectionNow: req.protectionNow?.() });
}

/**
 * Login by SMS code (accounts §2 Login screen SMS tab, §4 Login method): site switch MOBILEVERCODELOGIN3 must
 * be on (else 403 `feature_disabled`); the phone must be valid (400 `invalid_input`); the code must be the
 * phone's live 'noLogin' code (400 `verification_code_error`, which is also the answer for numbers without
 * an account since they never get a code); a disabled account → 403 `account_disabled`.
 * The account is the one the phone is bound to, else the newest password-less account that registered the number
 * unproven (REGMOBVERF3 off): the code proves the phone now, so the number is bound to it (issue 10, finding 3).
 * Accounts with a password never take a number this way: whoever chose the password may not own the phone.
 */
export async function loginWithSms(req: RequestScope, input: SmsLogin): Promise<SessionValue> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const switches = await listSiteSwitches(db, merchant.code);
  if (switches.MOBILEVERCODELOGIN3 !== true) {
    throw new ApiError(403, 'function.not.available', 'Login by SMS code is not offered on this site');
  }
  const phone = await parsePhone(db, input.countryDialingCode, input.mobileNum);
  await consumeSmsCode(db, merchant.code, 'noLogin', phone.e164, input.verificationCode, req.clientIp);
  const member = await provenOrClaimedMember(db, merchant.code, phone.e164);
  if (!member) throw new ApiError(400, 'verification_code_error', 'The verification code is wrong or expired');
  return openFor(req, member, input.rememberMe === true, 'sms');
}

/**
 * The member a proven phone belongs to: the one it is bound to, else the newest password-less account holding it
 * unproven, which it is bound to now (null when there is none or another account bound it meanwhile).
 */
async function provenOrClaimedMember(db: D1Database, merchantCode: string, e164: string): Promise<MemberRecord | null> {
  const bound = await findMemberByMobile(db, merchantCode, e164);
  if (bound) return bound;
  const pending = await findPasswordlessPendingMember(db, merchantCode, e164);
  if (!pending || !(await bindProvenMobile(db, pending.id, e164))) return null;
  return { ...pending, mobileE164: e164 };
}

/**
 * Login with a Firebase phone ID token: the token must verify (401 `invalid_firebase_token`, 404
 * `provider_not_configured`) and carry a phone number; when the body also names the number
 * (firebaseMobileNo + countryDialingCode) it must be the token's (400 `phone_mismatch`). The account with
 * that verified phone logs in; none → 404 `user_not_found` (the caller proved the phone, so saying so leaks
 * nothing); disabled → 403 `account_disabled`.
 */
export async function loginWithFirebase(req: RequestScope, input: FirebaseLogin): Promise<SessionValue> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const identity = await verifyMerchantFirebaseToken(db, req.env, merchant.code, input.firebaseIdToken);
  if (!identity.phoneNumber) {
    throw new ApiError(401, 'invalid_firebase_token', 'The Firebase ID token proves no phone number');
  }
  if (input.firebaseMobileNo) {
    const claimed = await parsePhone(db, input.countryDialingCode ?? '', input.firebaseMobileNo);
    if (claimed.e164 !== identity.phoneNumber) {
      throw new ApiError(400, 'phone_mismatch', 'The mobile number is not the one Firebase verified');
    }
  }
  return openFor(req, await provenOrClaimedMember(db, merchant.code, identity.phoneNumber), input.rememberMe === true, 'firebase');
}
