import type { Bindings } from '../../env';
import type { Merchant } from '../../db/queries/merchants';

/** A cookie's attributes as the account services set them (the subset of Set-Cookie they use). */
export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
  path?: string;
  /** Seconds. */
  maxAge?: number;
}

/** The request's cookies and the answer's Set-Cookie headers. */
export interface CookieJar {
  /** The request's cookie of that name, or undefined. */
  get(name: string): string | undefined;
  /** Sets a cookie on the answer. */
  set(name: string, value: string, options: CookieOptions): void;
  /** Clears a cookie on the answer (Max-Age=0 with the same path). */
  delete(name: string, options: Pick<CookieOptions, 'path' | 'secure'>): void;
}

/**
 * What a service needs of the request it serves, as plain values: services never see Hono's `Context`
 * (docs/design.md, Where things live). Built per request by worker/middleware/request-scope.ts; tests and
 * scripts can build one by hand.
 */
export interface RequestScope {
  /** The worker's bindings (D1 as `env.DB`, secrets, provider settings). */
  env: Bindings;
  /** The site of the request's host. */
  merchant: Merchant;
  /** The client's IP address (worker/middleware/client-ip.ts), the key of per-IP rate limits. */
  clientIp: string;
  /** The request's full URL: its origin builds links sent to the player; https makes cookies Secure. */
  url: string;
  /** The request's `Language` header, 'EN' when absent (the language of messages written for the member). */
  language: string;
  /** The request's User-Agent ('' when absent): the device of a log-in in the player's log-in history. */
  userAgent: string;
  /** The request's `Device` header (platform-contract.md §1.2: IPAD, PWA, WEBCLIP, OTHERS), '' when absent. */
  device: string;
  /** The request's cookies and the answer's Set-Cookie. */
  cookies: CookieJar;
  /**
   * The request's clock for the player protection rules (worker/lib/clock.ts: the wall clock; in development the
   * test header may move it). Optional: a scope built by hand reads the wall clock.
   */
  protectionNow?: () => number;
  /** Keeps the isolate alive for work that finishes after the answer (ExecutionContext.waitUntil). */
  waitUntil(promise: Promise<unknown>): void;
}

/** Whether the request came over https (cookies set on it are Secure). */
export function isHttps(scope: Pick<RequestScope, 'url'>): boolean {
  return new URL(scope.url).protocol === 'https:';
}
