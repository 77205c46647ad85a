import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** Sets `c.var.clientIp` from Cloudflare's CF-Connecting-IP (falls back to 0.0.0.0 when absent, e.g. tests). */
export const clientIp = createMiddleware<AppEnv>(async (c, next) => {
  c.set('clientIp', c.req.header('CF-Connecting-IP') ?? c.req.header('X-Real-IP') ?? '0.0.0.0');
  await next();
});
