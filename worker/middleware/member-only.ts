import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { requireMember } from './auth-context';

/**
 * Route middleware for calls that need a session: answers 401 (`not_logged_in` / `session_expired`) before
 * the input is validated, so a visitor learns to log in rather than about field formats.
 */
export const memberOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireMember(c);
  await next();
});
