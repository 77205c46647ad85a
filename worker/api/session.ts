import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { requireMember } from '../services/auth-context';
import { revokeSession } from '../db/queries/sessions';
import { loginWithPassword } from '../services/login';
import { startTrial } from '../services/accounts';

const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  captcha: z.string().max(16).optional(),
  /** Only password login exists in built-in mode; sms and firebase logins are refused as invalid input. */
  type: z.literal('username').default('username'),
});

const freePlayBody = z.object({
  moduleId: z.string().regex(/^[A-Za-z0-9_]{1,32}$/).optional(),
});

/**
 * Router for /wps/session (accounts §3–§4, player-shell §4 Authentication).
 * - POST /login `{ username, password, captcha?, type: 'username' }` → SessionValue (type = member type).
 *   Errors: 400 `invalid_input` | `malformed_request` (bad JSON), 400 `captcha_required` | `captcha_invalid`,
 *   401 `invalid_credentials`, 403 `account_disabled`, 429 `too_many_attempts` (+ Retry-After). The 400/401
 *   login failures carry `value.captcha` (services/login.ts).
 * - DELETE /logout → value null; revokes the presented session. 401 `not_logged_in` | `session_expired`.
 * - POST /login/freeplay `{ moduleId? }` → SessionValue of a new trial member (`customerType: 4`, no `type`).
 *   403 `feature_disabled` when FREEPLAY3 is off; 429 `too_many_requests` past 20 per IP per hour.
 */
export const sessionRouter = new Hono<AppEnv>()
  .post('/login', valid('json', loginBody), async (c) => {
    const body = c.req.valid('json');
    return ok(c, await loginWithPassword(c, body));
  })
  .delete('/logout', async (c) => {
    const member = requireMember(c);
    await revokeSession(c.env.DB, member.tokenHash);
    return ok(c, null);
  })
  .post('/login/freeplay', valid('json', freePlayBody), async (c) => ok(c, await startTrial(c)));
