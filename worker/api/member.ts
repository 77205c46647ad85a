import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import type { MemberInfo } from '../../src/api/types';
import { ApiError, ok } from '../lib/envelope';
import { sealedJson } from '../services/encrypted-body';
import { requireMember } from '../services/auth-context';
import { findMemberById } from '../db/queries/members';
import { registerByUsername } from '../services/registration';
import { registerByMobile } from '../services/registration-mobile';
import { startTrial } from '../services/accounts';

const text = z.string().max(255).optional();
const secret = z.string().max(64).optional();

/** Shape check only (types, lengths); the per-merchant field rules run in services/registration.ts. */
const registerBody = z.object({
  countryDialingCode: text,
  username: text,
  password: secret,
  confirmPassword: secret,
  paymentPassword: secret,
  affiliateCode: text,
  recommenderId: text,
  nickname: text,
  payeeName: text,
  email: text,
  mobileNum: text,
  idNumber: text,
  qqNum: text,
  facebook: text,
  wechat: text,
  line: text,
  whatsapp: text,
  zalo: text,
  captcha: z.string().max(16).optional(),
  verificationCode: text,
  registerUrl: text,
  registerMethod: z.enum(['APP', 'H5', 'WEBCLIP', 'PWA']).optional(),
  domain: text,
  /** Always 0 for a player registration (accounts §3). */
  type: z.literal(0).optional(),
});

/** Mobile registration may prove the phone with a Firebase ID token instead of our SMS code (accounts §3). */
const registerMobileBody = registerBody.extend({
  firebaseIdToken: z.string().max(4096).optional(),
  firebaseChannel: z.literal('sms').optional(),
});

/**
 * Router for /wps/member (accounts §3, player-shell §3 Member info). Both registrations take a sealed body
 * (services/encrypted-body.ts; plain bodies → 400 `encryption_required`).
 * - PUT /register: the registration payload → SessionValue (registration logs the player in). Errors: 400
 *   `invalid_input` (`value.issues[{ path, message, key? }]`) | `malformed_request` | `captcha_invalid` |
 *   `invitation_code_error`, 403 `feature_disabled`, 409 `username_taken`, 429 `too_many_requests`
 *   (services/registration.ts).
 * - PUT /register/mobile: the registration payload (+ firebaseIdToken?, firebaseChannel?: 'sms') → SessionValue.
 *   Errors as /register plus 400 `verification_code_error` | `phone_mismatch` | `invitation_code_error`, 401
 *   `invalid_firebase_token`, 409 `mobile_taken` (services/registration-mobile.ts).
 * - GET /info → MemberInfo; `clubLabel.labelName` is '0' when the member has no VIP label. 401 without session.
 * - GET /trialuser → SessionValue of a new trial member (same as POST /wps/session/login/freeplay).
 */
export const memberRouter = new Hono<AppEnv>()
  .put('/register', sealedJson(registerBody), async (c) => {
    const body = c.req.valid('json');
    return ok(c, await registerByUsername(c, body));
  })
  .put('/register/mobile', sealedJson(registerMobileBody), async (c) => {
    const body = c.req.valid('json');
    return ok(c, await registerByMobile(c, body));
  })
  .get('/info', async (c) => {
    const session = requireMember(c);
    const member = await findMemberById(c.env.DB, session.memberId);
    if (!member) throw new ApiError(401, 'user.or.token.invalid', 'The session member no longer exists');
    const label = member.profile.clubLabel;
    const value: MemberInfo = {
      id: member.id,
      type: member.type,
      nickname: member.nickname,
      account: member.account,
      clubLabel: { labelName: typeof label === 'string' && label !== '' ? label : '0' },
    };
    return ok(c, value);
  })
  .get('/trialuser', async (c) => ok(c, await startTrial(c)));
