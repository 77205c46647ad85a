import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Bindings } from './env';
import { ApiError, envelope } from './lib/envelope';
import { apiCacheControl, apiSecurityHeaders, pageSecurityHeaders } from './edge/pages/headers';
import { merchantResolver } from './middleware/merchant';
import { platformPageGuard, servePageOrAsset } from './edge/pages/pages';
import { serveRobots, serveSitemap } from './edge/pages/crawl-files';
import { upstreamProxy, type UpstreamOptions } from './edge/upstream/upstream';
import { apiGate } from './edge/pages/api-gate';
import { sessionReader } from './middleware/auth-context';
import { clientIp } from './middleware/client-ip';
import { systemRelayRouter, systemRouter, systemV2Router } from './api/system';
import { captchaRouter } from './api/captcha';
import { sessionRouter } from './api/session';
import { memberRelayRouter, memberRouter } from './api/member';
import { walletRelayRouter, walletRouter, walletV2Router } from './api/wallet';
import { gameRouter } from './api/game';
import { catalogueRelayRouter } from './api/relay-catalogue';
import { favouriteRelayRouter } from './api/relay-favourites';
import { demoRouter } from './api/demo';
import { providerWalletRouter } from './api/provider-wallet';
import { demoGamesRouter } from './api/demo-games';
import { historyRouter } from './api/history';
import { iconRouter } from './api/icons';
import { lotteryRouter } from './api/lottery';
import { lotteryGatewayRouter } from './api/lottery-gateway';
import { ordersRouter } from './api/orders';
import { envelopeError, gatewayError, isGatewayPath } from './lib/gateway';
import { scheduled } from './services/lottery/cron';
import { refreshReports } from './services/reports/reports';
import { verificationRouter } from './api/verification';
import { passwordRouter } from './api/password';
import { checkRouter } from './api/check';
import { agentRouter } from './api/agent';
import { accountsExtensionRouter } from './api/accounts-extensions';
import { registerSettingsRouter } from './api/register-settings';
import { playdeckRouter } from './api/playdeck';
import { legacyKeyRouter } from './api/legacy-key';
import { devTimingRouter } from './api/dev-timing';
import { announcementRouter, homeRelayRouter, promotionRelayRouter } from './api/announcements';
import { feedbackRouter, helpRouter } from './api/help-feedback';
import { contractActionRouter, contractRequestRouter } from './api/contracts';
import { mediaRouter, promotionRouter } from './api/promotions';
import { paymentsRouter } from './api/payments';
import { protectionRouter } from './api/protection';
import { protectionToolsRouter } from './api/protection-tools';
import { withdrawRouter } from './api/withdraw';
import { securityRouter } from './api/security';
import { payPageRouter } from './api/pay-page';
import { runPaymentsTick } from './services/wallet/payments-tick';
import { profileRouter } from './api/profile';
import { inboxRouter } from './api/inbox';
import { chatRelayRouter, chatServiceRouter } from './api/chat';
export { ChatRoom } from './services/chat/room';
import { consoleRouter } from './console/router';
import { rewardsRelayRouter, rewardsRouter } from './api/rewards';
import { subscribeRewards } from './services/rewards/subscriptions';
import { reportMissingLoginSecrets } from './services/crypto/login-secrets';

// Domain events (services/kit/events.ts): each domain's subscribers, wired once per isolate before any request or tick.
subscribeRewards();

/**
 * The built-in platform API: session reader → routers. The edge middleware in front of it (security headers,
 * merchant, client IP, upstream switch) is installed by `createApp`. Every answer is the JSON envelope
 * (docs/design.md, Contracts).
 */
const api = new Hono<AppEnv>()
  .use('/wps/*', sessionReader)
  .use('/lgw/*', sessionReader)
  .use('/lotto/lgw/*', sessionReader)
  .route('/wps/system', systemRouter)
  .route('/wps/system', helpRouter)
  .route('/wps/system/setting', registerSettingsRouter)
  .route('/wps/v2/system', systemV2Router)
  .route('/wps/captcha', captchaRouter)
  .route('/wps/session/key', legacyKeyRouter)
  .route('/wps/session', sessionRouter)
  .route('/wps/member', memberRouter)
  .route('/wps/member', contractRequestRouter)
  .route('/wps/wallets', walletRouter)
  .route('/wps/game', gameRouter)
  .route('/wps/relay', catalogueRelayRouter)
  .route('/wps/relay', favouriteRelayRouter)
  .route('/wps/relay', announcementRouter)
  .route('/wps/relay', contractActionRouter)
  .route('/wps/feedback', feedbackRouter)
  .route('/wps/relay', inboxRouter)
  .route('/wps/relay', chatRelayRouter)
  .route('/wps/playdeck/chat', chatServiceRouter)
  .route('/wps/playdeck/demo', demoRouter)
  .route('/wps/playdeck/games/wallet', providerWalletRouter)
  .route('/wps/playdeck/demo', demoGamesRouter)
  .route('/wps/playdeck/history', historyRouter)
  .route('/wps/playdeck/lottery', lotteryRouter)
  .route('/lgw/orders', ordersRouter)
  .route('/lgw', lotteryGatewayRouter)
  // The platform's mobile client asks for the open draws under /lotto/lgw (platform-contract.md §7.5).
  .route('/lotto/lgw', lotteryGatewayRouter)
  .route('/wps/verification', verificationRouter)
  .route('/wps/member/password', passwordRouter)
  .route('/wps/check', checkRouter)
  .route('/wps/agent', agentRouter)
  .route('/wps/playdeck', playdeckRouter)
  .route('/wps/playdeck', accountsExtensionRouter)
  .route('/wps/playdeck', promotionRouter)
  .route('/wps/playdeck/payments', paymentsRouter)
  .route('/wps/playdeck/protection', protectionRouter)
  .route('/wps/playdeck/protection', protectionToolsRouter)
  .route('/wps/playdeck/rewards', rewardsRouter)
  .route('/wps/transaction', withdrawRouter)
  .route('/wps/v2/member', securityRouter)
  .route('/wps/member/info', profileRouter)
  // The calls of platform-contract.md §7.6 (the platform's client asks them on home, the frame and after login).
  .route('/wps/relay', systemRelayRouter)
  .route('/wps/relay', homeRelayRouter)
  .route('/wps/relay', promotionRelayRouter)
  .route('/wps/relay', walletRelayRouter)
  .route('/wps/relay', memberRelayRouter)
  .route('/wps/relay', rewardsRelayRouter)
  .route('/wps/v2/wallets', walletV2Router);

/** Typed API shape for `hono/client`. */
export type AppType = typeof api;

/** Options of `createApp`: tests inject a local upstream fetch and a short timeout. */
export interface AppOptions {
  upstream?: UpstreamOptions;
}

/**
 * Builds the worker app; exported for tests (`app.request(path, init, env)`). Order:
 * - /wps/*, /lgw/*, /lotto/lgw/* (the gateway's games and draws again, as the platform's mobile client calls the
 *   open draws, platform-contract.md §7.5): API caching (no-store with a session or a token) → API security headers
 *   → merchant (domain routing) → client IP → API gate (edge/api-gate.ts: during maintenance 503 `maintenance` +
 *   Retry-After except the status calls and what the maintenance page reads, so the client can always read
 *   /wps/system/status; from a restricted region 451 `region_restricted` on the calls that play or move money,
 *   edge/gating.ts PLAY_OR_MONEY_CALLS) → upstream switch (with UPSTREAM_API_URL set the request is forwarded and
 *   ends here: edge/upstream.ts, its failures edge/upstream-guard.ts) → built-in API → 404 envelope.
 * - /icons/*: generated artwork.
 * - /m/lotto-h5/<…>: in upstream mode the platform's lottery pages, forwarded unchanged (a failure: the site's
 *   platform-unavailable page, 502); else a page.
 * - /robots.txt, /sitemap.xml: the site's files for crawlers (edge/pages/crawl-files.ts).
 * - any other GET/HEAD: page security headers → client IP → page (merchant, language, gate) or static file.
 */
export function createApp(options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  const upstream = upstreamProxy(options.upstream);

  app.use('*', async (c, next) => {
    assertSafeConfiguration(c.env);
    // One log line per missing login secret on the isolate's first request (services/crypto/login-secrets.ts).
    reportMissingLoginSecrets(c.env);
    await next();
  });
  app.use('/wps/*', apiCacheControl, apiSecurityHeaders, merchantResolver, clientIp, apiGate, upstream);
  app.use('/lgw/*', apiCacheControl, apiSecurityHeaders, merchantResolver, clientIp, apiGate, upstream);
  app.use('/lotto/lgw/*', apiCacheControl, apiSecurityHeaders, merchantResolver, clientIp, apiGate, upstream);
  // Development-only measurements for `npm run bench:api`; 404 `not_found` elsewhere (api/dev-timing.ts).
  app.route('/wps/playdeck/dev', devTimingRouter((request, env, ctx) => app.fetch(request, env, ctx)));
  app.route('/', api);
  app.all('/wps/*', () => {
    throw new ApiError(404, 'not_found', 'No such API route');
  });
  app.all('/lgw/*', () => {
    throw new ApiError(404, 'not_found', 'No such API route');
  });
  app.all('/lotto/lgw/*', () => {
    throw new ApiError(404, 'not_found', 'No such API route');
  });
  app.route('/icons', iconRouter);
  app.route('/media', mediaRouter);
  // The demo payment provider's hosted page (api/pay-page.ts): built-in payments, per site.
  app.use('/pay/*', merchantResolver, clientIp);
  app.route('/pay', payPageRouter);
  // The support agents' console (worker/console/router.ts): its own realm, not a player page.
  app.route('/console', consoleRouter);
  // Upstream mode: the platform's own lottery pages are forwarded unchanged (edge/upstream.ts); a failed, JSON or
  // cut answer becomes the site's platform-unavailable page (edge/pages.ts platformPageGuard).
  app.use('/m/lotto-h5/*', platformPageGuard, clientIp, upstream);
  // Crawlers: the site's robots file and sitemap (edge/pages/crawl-files.ts), per host.
  app.on(['GET', 'HEAD'], '/robots.txt', pageSecurityHeaders, (c) => serveRobots(c));
  app.on(['GET', 'HEAD'], '/sitemap.xml', pageSecurityHeaders, (c) => serveSitemap(c, (request) => Promise.resolve(app.request(request, undefined, c.env))));
  // Content pages read the operator's content through the app's own API (upstream mode: the platform's).
  app.on(['GET', 'HEAD'], '*', pageSecurityHeaders, clientIp, (c) => servePageOrAsset(c, (request) => Promise.resolve(app.request(request, undefined, c.env))));

  app.notFound((c) => c.json(envelope(false, 'not_found', 'Not found', null), 404));
  app.onError((error, c) => {
    // The lottery gateway answers plain `{ errorCode }` instead of the envelope (platform-contract.md §1.5).
    const answer = isGatewayPath(c.req.path) ? gatewayError : envelopeError;
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return answer(c, error.status, error.errorCode, error.message, error.value);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const errorCode = status === 401 ? 'customer.not.login' : status >= 500 ? 'internal_error' : 'request_param_err';
      return answer(c, status, errorCode, error.message || 'Request refused', null);
    }
    console.error('unhandled error', error);
    return answer(c, 500, 'internal_error', 'Something went wrong on our side', null);
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

/**
 * The Cron Trigger: the lottery's tick, then the payments tick (deposit expiry, withdrawal decisions), then the
 * reports' daily rows of the days just closed (worker/services/reports/reports.ts).
 */
const scheduledAll: ExportedHandlerScheduledHandler<Bindings> = async (controller, env, ctx) => {
  await scheduled(controller, env, ctx);
  if (env.UPSTREAM_API_URL) return;
  console.log(`payments tick: ${JSON.stringify(await runPaymentsTick(env))}`);
  console.log(`reports tick: ${JSON.stringify({ daysAggregated: await refreshReports(env.DB) })}`);
};

export default {
  fetch: app.fetch,
  scheduled: scheduledAll,
} satisfies ExportedHandler<Bindings>;
