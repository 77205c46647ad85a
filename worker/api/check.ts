import { CallRouter } from './call-router';
import { accountsCalls } from '../../contract/calls/accounts';
import { ApiError, ok } from '../lib/envelope';
import { usernameExists } from '../db/queries/members';
import { USERNAME_CHECK_PER_IP, consumeRateLimit } from '../services/accounts/rate-limit';
import { FIELD_FORMATS } from '../../contract/fieldFormats';

/**
 * Router for /wps/check (platform-contract.md §3 username check; the answer shape is not found in the platform's
 * clients: PlayDeck answers `{ available: boolean }`).
 * - GET /username?username= → `{ available }`; case-insensitive, per merchant. Errors: 400 `request_param_err`
 *   for a username the registration rule refuses (contract/fieldFormats.ts), 429 `TOO_MANY_REQUEST` past 60
 *   checks per IP per 10 minutes (the answer reveals which names exist, as registration itself would).
 */
export const checkRouter = new CallRouter('/wps/check').serve(accountsCalls.checkUsername, async (c) => {
  const { username } = c.req.valid('query');
  if (!FIELD_FORMATS.username(username)) {
    const message = 'Username must be 4 to 16 letters or digits and start with a letter';
    throw new ApiError(400, 'request_param_err', message, { issues: [{ path: 'username', message }] });
  }
  await consumeRateLimit(c.env.DB, USERNAME_CHECK_PER_IP, c.var.clientIp);
  const taken = await usernameExists(c.env.DB, c.var.merchant.code, username.toLowerCase());
  return ok(c, { available: !taken });
});
