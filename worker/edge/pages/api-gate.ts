import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../lib/envelope';
import { apiGateFor, MAINTENANCE_RETRY_AFTER_S } from '../../model/gating';

/**
 * Maintenance and region gating of the API (/wps/*, /lgw/*), in both modes (the built-in API and the platform in
 * upstream mode: the site's state is PlayDeck's operator setting either way), after merchant resolution and before
 * the upstream switch (gating.ts apiGateFor):
 * - maintenance: 503 `maintenance` with `Retry-After` (MAINTENANCE_RETRY_AFTER_S) on every call but
 *   MAINTENANCE_OPEN_CALLS (the status calls still answer, with `value.maintenance`, so the client shows its
 *   maintenance page);
 * - a restricted region (`CF-IPCountry` in the site's list): 451 `region_restricted` on PLAY_OR_MONEY_CALLS.
 * /lgw answers carry the gateway's `{ errorCode }` (the app's error handler picks the shape).
 */
export const apiGate = createMiddleware<AppEnv>(async (c, next) => {
  const gate = apiGateFor(c.var.merchant, c.req.header('CF-IPCountry'), c.req.method, c.req.path);
  if (gate === 'maintenance') {
    throw new ApiError(503, 'maintenance', 'The site is under maintenance; try again later', null, {
      'Retry-After': String(MAINTENANCE_RETRY_AFTER_S),
    });
  }
  if (gate === 'restricted') {
    throw new ApiError(451, 'region_restricted', 'This service is not available in your region');
  }
  await next();
});
