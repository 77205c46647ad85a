import type { Merchant } from './db/queries/merchants';
import type { SessionMember } from './db/queries/sessions';
import type { UpstreamSession } from './db/queries/upstream-protection';

/** Bindings: the generated `Env` (wrangler types) plus optional secrets that only some deployments set. */
export type Bindings = Omit<
  Env,
  | 'APP_ENV' | 'SMS_PROVIDER' | 'SMS_HTTP_URL' | 'LEGACY_ENCRYPTION' | 'UPSTREAM_TIMEOUT_MS' | 'UPSTREAM_FILL_DEADLINE_MS'
  | 'UPSTREAM_BREAKER_FAILURES' | 'UPSTREAM_BREAKER_OPEN_MS' | 'UPSTREAM_MAX_ANSWER_BYTES' | 'UPSTREAM_MAX_PAGE_BYTES'
> & {
  /** 'production' by default; the local scripts and tests set 'development'. */
  APP_ENV: string;
  /** 'outbox' (default) or 'http' (services/kit/sms-provider.ts). */
  SMS_PROVIDER: string;
  /** Gateway URL for SMS_PROVIDER=http. */
  SMS_HTTP_URL: string;
  /** Secret: bearer token of the HTTP SMS gateway (SMS_PROVIDER=http). */
  SMS_HTTP_TOKEN?: string;
  /** 'outbox' (default) or 'http' (services/kit/mail-provider.ts: password reset e-mails). */
  MAIL_PROVIDER?: string;
  /** Mailer URL for MAIL_PROVIDER=http. */
  MAIL_HTTP_URL?: string;
  /** Secret: bearer token of the HTTP mailer (MAIL_PROVIDER=http). */
  MAIL_HTTP_TOKEN?: string;
  /**
   * Secret: JSON array of EC P-256 private JWKs with `kid` for encrypted login/registration bodies; the first
   * is published, the others still decrypt (rotation). Unset in development: a key is generated per start.
   */
  PAYLOAD_PRIVATE_KEYS?: string;
  /**
   * Optional service binding that carries every outbound call (SMS gateway, identity providers), e.g. an
   * egress proxy; tests bind a local stand-in so no call leaves the machine. Unset: the public internet.
   */
  OUTBOUND?: { fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> };
  /** Local development only: every captcha also accepts this answer (docs/testing.md). */
  TEST_CAPTCHA_ANSWER?: string;
  /** Registrations allowed per client IP per hour (default 10; services/rate-limit.ts registerLimit). */
  REGISTER_LIMIT_PER_HOUR?: string;
  /** Console sign-ins allowed per client IP per 10 minutes (default 10; console/router.ts consoleLoginLimit). */
  CONSOLE_LOGIN_LIMIT_PER_IP?: string;
  /**
   * Off Cloudflare only: the request header a trusted reverse proxy sets to the client's address on every request
   * (e.g. `X-Real-IP`); then read instead of CF-Connecting-IP (middleware/client-ip.ts). Unset: CF-Connecting-IP.
   */
  TRUSTED_PROXY_HEADER?: string;
  /** Seconds a host → site answer (switches, maintenance, regions) is cached per isolate (default 30). */
  SITE_CACHE_SECONDS?: string;
  /**
   * Secret: HMAC key of the built-in demo payment provider's notices (services/payments/demo-provider.ts). Unset in
   * local development: a fixed development key; unset elsewhere: the demo provider is off.
   */
  PAYMENT_DEMO_SECRET?: string;
  /**
   * Secret: AES-256-GCM key (32 bytes, base64url) that seals console operators' TOTP secrets
   * (services/operators/totp-seal.ts). Unset in local development: a fixed development key; unset elsewhere:
   * two-factor enrolment and sign-in answer 503 `encryption_unavailable`.
   */
  CONSOLE_TOTP_KEY?: string;
  /** Minutes a deposit may stay unpaid before it expires (default 30; services/deposits.ts). */
  DEPOSIT_EXPIRY_MINUTES?: string;
  /** When set, /wps/* and /lgw/* are proxied to this platform API instead of the built-in one. */
  UPSTREAM_API_URL?: string;
  /**
   * Upstream mode: further origins the pages may load images from (the platform's CDN for banner artwork), comma- or
   * space-separated exact http(s) origins; the origin of UPSTREAM_API_URL is always allowed (edge/headers.ts).
   */
  UPSTREAM_MEDIA_ORIGINS?: string;
  /**
   * Secret: RSA private JWK (e = 65537) of the platform's legacy payload encryption (services/legacy-keys.ts).
   * Unset in development: a key pair is generated per isolate.
   */
  LEGACY_RSA_PRIVATE_KEY?: string;
  /** `off` refuses legacy-encrypted bodies (403 legacy_encryption_disabled); anything else or unset: on. */
  LEGACY_ENCRYPTION?: string;
  /** Upstream mode: ms an API call or a forwarded platform page waits for the platform (default 15000; edge/upstream-guard.ts). */
  UPSTREAM_TIMEOUT_MS?: string;
  /** Upstream mode: ms a page fill at the edge waits before serving its last good answer or no block (default 2000). */
  UPSTREAM_FILL_DEADLINE_MS?: string;
  /** Upstream mode: failed platform calls in a row that open the circuit breaker (default 5). */
  UPSTREAM_BREAKER_FAILURES?: string;
  /** Upstream mode: ms an open breaker refuses calls (503 upstream_unavailable) before one probe (default 10000). */
  UPSTREAM_BREAKER_OPEN_MS?: string;
  /** Upstream mode: the largest API answer relayed, in bytes (default 5242880); larger: 502 upstream_unavailable. */
  UPSTREAM_MAX_ANSWER_BYTES?: string;
  /** Upstream mode: the largest forwarded platform page or file (/m/lotto-h5/…), in bytes (default 20971520). */
  UPSTREAM_MAX_PAGE_BYTES?: string;
};

/** Hono environment shared by every router: bindings plus per-request variables set by middleware. */
export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    /** The site of the request's host (edge/merchant.ts). */
    merchant: Merchant;
    /** The member of the request's session, or null (services/auth-context.ts). */
    member: SessionMember | null;
    /** Why the request's session ended on this request (middleware/auth-context.ts), else null. */
    sessionEnd: 'session_time_limit' | null;
    /**
     * Upstream mode, protection calls only: the platform session the edge identified (edge/upstream/upstream-protection.ts;
     * docs/player-protection.md "Upstream mode"), or null without a token.
     */
    upstreamSession?: UpstreamSession | null;
    clientIp: string;
  };
};
