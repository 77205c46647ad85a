import type { RequestScope } from '../kit/request-scope';
import type { SessionValue } from '../../../contract/calls/accounts';
import { ApiError } from '../../lib/envelope';
import { findMemberById, recordLogin } from '../../db/queries/members';
import { takeRememberToken } from '../../db/queries/remember';
import { hashToken } from '../crypto/tokens';
import { openSession, loginClient } from './accounts';

/**
 * Remember-me (accounts §3 Remembered-login record). Instead of keeping the password in local storage, a
 * login with `rememberMe: true` gets a revocable token (hashed at rest, 30 days) that can open a new session
 * later. Each use replaces the token; password change/reset and logout everywhere revoke them all. Tokens are
 * issued by remember-token.ts.
 */

/**
 * POST /wps/playdeck/session/remember: trades a remember-me token for a new session and a replacement token. Unknown,
 * used, revoked, expired or other-merchant tokens, disabled members and trial accounts → 401 `remember_invalid`.
 */
export async function resumeRememberedLogin(req: RequestScope, token: string): Promise<SessionValue> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const now = Date.now();
  const memberId = await takeRememberToken(db, hashToken(token), merchant.code, now);
  const member = memberId === null ? null : await findMemberById(db, memberId);
  if (!member || !member.active || member.merchantCode !== merchant.code) {
    throw new ApiError(401, 'remember_invalid', 'The remembered login is no longer valid; log in again');
  }
  const firstTimeLogin = await recordLogin(db, member.id, now);
  return openSession(db, member, firstTimeLogin, now, { remember: true, client: loginClient(req, 'remember'), protectionNow: req.protectionNow?.() });
}
