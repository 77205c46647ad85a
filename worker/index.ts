import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Bindings } from './env';
import { ApiError, envelope } from './lib/envelope';
import { apiSecurityHeaders, pageSecurityHeaders } from './edge/headers';
import { merchantResolver } from './edge/merchant';
import { servePageOrAsset } from './edge/pages';
import { sessionReader } from './services/auth-context';
import { clientIp } from './services/client-ip';
import { systemRouter } from './api/system';
import { captchaRouter } from './api/captcha';
import { sessionRouter } from './api/session';
import { memberRouter } from './api/member';
import { walletRouter } from './api/wallet';
import { gameRouter } from './api/game';
import { favouriteRouter } from './api/favourite';
import { demoRouter } from './api/demo';
import { iconRouter } from './api/icons';

/**
 * The platform API (built-in mode). Middleware order: security headers → merchant (domain routing) →
 * client IP → session reader → routers. Every answer is the JSON envelope (DESIGN.md, Contracts).
 */
const api = new Hono<AppEnv>()
  .use('/wps/*', apiSecurityHeaders, merchantResolver, clientIp, sessionReader)
  .use('/lgw/*', apiSecurityHeaders, merchantResolver, clientIp, sessionReader)
  .route('/wps/system', systemRouter)
  .route('/wps/captcha', captchaRouter)
  .route('/wps/session', sessionRouter)
  .route('/wps/member', memberRouter)
  .route('/wps/wallets', walletRouter)
  .route('/wps/game', gameRouter)
  .route('/wps/favourite', favouriteRouter)
  .route('/wps/demo', demoRouter);

/** Typed API shape for `hono/client`. */
export type AppType = typeof api;

/** Builds the worker app; exported for tests (`app.request(path, init, env)`). */
export function createApp() {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    assertSafeConfiguration(c.env);
    await next();
  });
  app.route('/', api);
  app.all('/wps/*', () => {
    throw new ApiError(404, 'not_found', 'No such API route');
  });
  app.all('/lgw/*', () => {
    throw new ApiError(404, 'not_found', 'No such API route');
  });
  app.route('/icons', iconRouter);
  app.on(['GET', 'HEAD'], '*', pageSecurityHeaders, servePageOrAsset);

  app.notFound((c) => c.json(envelope(false, 'not_found', 'Not found', null), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(envelope(false, error.code, error.message, error.value), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = status === 400 ? 'malformed_request' : status === 401 ? 'not_logged_in' : 'http_error';
      return c.json(envelope(false, code, error.message || 'Request refused', null), status);
    }
    console.error('unhandled error', error);
    return c.json(envelope(false, 'internal_error', 'Something went wrong on our side', null), 500);
  });
  return app;
}

/**
 * Test hooks must never weaken production: with TEST_CAPTCHA_ANSWER set outside local development the
 * worker refuses to serve at all.
 */
function assertSafeConfiguration(env: Bindings): void {
  if (env.TEST_CAPTCHA_ANSWER && env.APP_ENV !== 'development') {
    throw new Error('TEST_CAPTCHA_ANSWER is set outside local development; refusing to serve');
  }
}

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;
