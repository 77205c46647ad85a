import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { CallRouter } from './call-router';
import { accountsCalls } from '../../contract/calls/accounts';
import { ApiError, ok } from '../lib/envelope';
import { requireMember } from '../middleware/auth-context';
import { requestScope } from '../middleware/request-scope';
import { revokeAllSessions } from '../db/queries/sessions';
import { revokeRememberTokens } from '../db/queries/remember';
import { resumeRememberedLogin } from '../services/accounts/remember';
import { SOCIAL_PROVIDERS, exchangeForSession, finishSocialLogin, startSocialLogin, type SocialProvider } from '../services/accounts/social-login';
import { resetWithEmailToken } from '../services/accounts/email-reset';
import { confirmEmailBinding } from '../services/accounts/email-binding';
import { confirmDateOfBirth } from '../services/accounts/age-confirmation';
import { OAUTH_START_PER_IP, consumeRateLimit } from '../services/accounts/rate-limit';

const providerParam = z.object({ provider: z.enum(Object.keys(SOCIAL_PROVIDERS) as [SocialProvider, ...SocialProvider[]]) });
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/** The value when it fits the schema, else 400 `request_param_err` (the OAuth routes turn it into a page). */
function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, 'request_param_err', 'The social login request is not valid');
  return result.data;
}

/**
 * Where a browser lands when an OAuth navigation fails: 302 to `/m/login#oauthError=<code>` (the login page shows
 * the code's message), never a JSON answer. An error that is not an ApiError is logged and becomes internal_error.
 */
function toLoginPage(c: Context<AppEnv>, error: unknown): Response {
  let code = 'internal_error';
  if (error instanceof ApiError) code = error.errorCode;
  else console.error('social login failed', error instanceof Error ? error.message : 'unknown error');
  return c.redirect(`/m/login#oauthError=${encodeURIComponent(code)}`, 302);
}

/**
 * PlayDeck's accounts extensions, mounted at /wps/playdeck (contract/calls/accounts.ts `extension: true`;
 * the platform has none of them, so the screens offer them only with the matching capability).
 * - POST /session/remember `{ token }` → session value with a replacement `rememberToken` (the old one stops
 *   working). 401 `remember_invalid` for an unknown, used, revoked or expired token. (capability `remember`)
 * - DELETE /session/logoutAll → null; revokes every session and remember-me token of the member. 401
 *   `customer.not.login` | `user.or.token.invalid`. (capability `logout-all`)
 * - POST /account/dateOfBirth `{ dateOfBirth }` → `{ dateOfBirth }`: the age confirmation of a social-login
 *   registration (services/accounts/age-confirmation.ts). 400 `date_of_birth_required`; 403 `under_legal_age`; 409
 *   `date_of_birth_set`; 401 without a session.
 * - POST /session/exchange `{ code }` → session value for the one-time code a social login put in
 *   /m/home#session=…; 401 `exchange_invalid` when unknown, used or older than 2 minutes. (capability `oauth`)
 * - GET /oauth/:provider/start (google | facebook) → 302 to the provider with the `pd_oauth` cookie. The browser
 *   navigates here, so every failure is a page too: 302 to `/m/login#oauthError=<code>` with `request_param_err`
 *   for another provider, `function.not.available` while GOOGLELOGIN3 / FACEBOOKLOGIN3 is off,
 *   `provider_not_configured`, `TOO_MANY_REQUEST` past 30 starts per IP per 10 minutes. (capability `oauth`)
 * - GET /oauth/:provider/callback?code&state → 302 to `/m/home#session=<one-time code>`, or on any failure to
 *   `/m/login#oauthError=<code>` (oauth_state_invalid, oauth_denied, oauth_failed, account_disabled,
 *   function.not.available, provider_not_configured, request_param_err; an unexpected fault → internal_error,
 *   logged). The providers' redirect URI is this path. Neither route ever answers the browser with JSON.
 * - POST /password/emailReset, sealed `{ token, newPassword, confirmNewPassword }` → null: the e-mailed reset link
 *   (services/email-reset.ts). 400 `request_param_err` | `reset_link_invalid`; 429.
 * - GET /email/confirm?token → the link mailed to an address the member asked to bind (services/accounts/
 *   email-binding.ts): binds it, then 302 to `/m/member/security#emailConfirm=ok`; on any failure 302 to
 *   `/m/member/security#emailConfirm=<code>` (`email_link_invalid` for an unknown, used or expired link,
 *   `TOO_MANY_REQUEST`, an unexpected fault → internal_error, logged). The mail's reader navigates here, so the
 *   answer is always a page, never JSON.
 */
export const accountsExtensionRouter = new CallRouter('/wps/playdeck')
  .serve(accountsCalls.rememberLogin, async (c) => ok(c, await resumeRememberedLogin(requestScope(c), c.req.valid('json').token)))
  .serve(accountsCalls.logoutAll, async (c) => {
    const member = requireMember(c);
    await revokeAllSessions(c.env.DB, member.memberId);
    await revokeRememberTokens(c.env.DB, member.memberId);
    return ok(c, null);
  })
  .serve(accountsCalls.confirmDateOfBirth, async (c) => {
    const member = requireMember(c);
    return ok(c, await confirmDateOfBirth(c.env.DB, member, c.req.valid('json').dateOfBirth));
  })
  .serve(accountsCalls.sessionExchange, async (c) => ok(c, await exchangeForSession(requestScope(c), c.req.valid('json').code)))
  .serve(accountsCalls.emailReset, async (c) => ok(c, await resetWithEmailToken(requestScope(c), c.req.valid('json'))))
  .get('/email/confirm', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    let outcome = 'ok';
    try {
      await confirmEmailBinding(requestScope(c), c.req.query('token') ?? '');
    } catch (error) {
      if (error instanceof ApiError) outcome = error.errorCode;
      else {
        outcome = 'internal_error';
        console.error('e-mail confirmation failed', error instanceof Error ? error.message : 'unknown error');
      }
    }
    return c.redirect(`/m/member/security#emailConfirm=${encodeURIComponent(outcome)}`, 302);
  })
  .get('/oauth/:provider/start', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      const { provider } = parsed(providerParam, c.req.param());
      await consumeRateLimit(c.env.DB, OAUTH_START_PER_IP, c.var.clientIp);
      return c.redirect(await startSocialLogin(requestScope(c), provider), 302);
    } catch (error) {
      return toLoginPage(c, error);
    }
  })
  .get('/oauth/:provider/callback', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    try {
      const { provider } = parsed(providerParam, c.req.param());
      const code = await finishSocialLogin(requestScope(c), provider, parsed(callbackQuery, c.req.query()));
      return c.redirect(`/m/home#session=${encodeURIComponent(code)}`, 302);
    } catch (error) {
      return toLoginPage(c, error);
    }
  });
