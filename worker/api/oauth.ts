import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { valid } from '../lib/validate';
import { SOCIAL_PROVIDERS, finishSocialLogin, startSocialLogin, type SocialProvider } from '../services/social-login';
import { OAUTH_START_PER_IP, consumeRateLimit } from '../services/rate-limit';

const providerParam = z.object({ provider: z.enum(Object.keys(SOCIAL_PROVIDERS) as [SocialProvider, ...SocialProvider[]]) });
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/**
 * Router for /wps/oauth (accounts §2 social login buttons; services/social-login.ts). Browser navigations,
 * so both answer redirects rather than JSON envelopes:
 * - GET /:provider/start (provider google | facebook) → 302 to the provider's authorization URL, with the
 *   `pd_oauth` cookie. 400 `invalid_input` for another provider; 403 `feature_disabled` while GOOGLELOGIN3 /
 *   FACEBOOKLOGIN3 is off; 503 `provider_not_configured`; 429 past 30 starts per IP per 10 minutes.
 * - GET /:provider/callback?code&state → 302 to `/m/home#session=<one-time code>` (POST /wps/session/exchange
 *   trades it for the session), or on failure 302 to `/m/login#oauthError=<code>` with the stable code
 *   (oauth_state_invalid, oauth_denied, oauth_failed, account_disabled, feature_disabled, provider_not_configured).
 */
export const oauthRouter = new Hono<AppEnv>()
  .get('/:provider/start', valid('param', providerParam), async (c) => {
    await consumeRateLimit(c.env.DB, OAUTH_START_PER_IP, c.var.clientIp);
    c.header('Cache-Control', 'no-store');
    return c.redirect(await startSocialLogin(c, c.req.valid('param').provider), 302);
  })
  .get('/:provider/callback', valid('param', providerParam), valid('query', callbackQuery), async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    try {
      const code = await finishSocialLogin(c, c.req.valid('param').provider, c.req.valid('query'));
      return c.redirect(`/m/home#session=${encodeURIComponent(code)}`, 302);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return c.redirect(`/m/login#oauthError=${encodeURIComponent(error.errorCode)}`, 302);
    }
  });
