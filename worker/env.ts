import type { MerchantContext } from './edge/merchant';
import type { AuthedMember } from './services/auth-context';

/** Bindings: the generated `Env` (wrangler types) plus optional secrets that only some deployments set. */
export type Bindings = Omit<Env, 'APP_ENV'> & {
  /** 'production' by default; the local scripts and tests set 'development'. */
  APP_ENV: string;
  /** Local development only: every captcha also accepts this answer (README, testing). */
  TEST_CAPTCHA_ANSWER?: string;
  /** When set, /wps/* and /lgw/* are proxied to this platform API instead of the built-in one. */
  UPSTREAM_API_URL?: string;
};

/** Hono environment shared by every router: bindings plus per-request variables set by middleware. */
export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    merchant: MerchantContext;
    member: AuthedMember | null;
    clientIp: string;
  };
};
