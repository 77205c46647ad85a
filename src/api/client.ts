import { activeLanguage } from '../../rules/i18n';
import { endsSession } from '../../contract/errors';
import { PLAYDECK_CLIENT_HEADER, PLAYDECK_CLIENT_VALUE, platformHeaders, type DeviceHeader } from '../../contract/headers';
import { fillPath, isGatewayCall, type CallDef, type ValueOf } from '../../contract/call';
import type { Envelope } from '../../contract/envelope';
import { convertMoney, minorToWire, wireToMinor } from '../../contract/money';
import { MONEY_FIELDS } from '../../contract/money-fields';
import type { z } from 'zod';

/** A refused or failed API call: HTTP status, the platform's `errorCode`, and the answer's `value`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly value: unknown,
  ) {
    super(errorCode);
    this.name = 'ApiRequestError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Builds `path?query`, leaving out null/undefined values (an empty string is sent: the platform's "all"). */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The `Device` header value of this browser (platform-contract.md §1.2): IPAD for an iPad, PWA for an installed
 * app, WEBCLIP for an iOS home-screen web clip, else OTHERS.
 */
export function deviceOfBrowser(): DeviceHeader {
  if (typeof navigator === 'undefined') return 'OTHERS';
  const ua = navigator.userAgent;
  if (/iPad/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)) return 'IPAD';
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return 'WEBCLIP';
  if (typeof matchMedia !== 'undefined' && matchMedia('(display-mode: standalone)').matches) return 'PWA';
  return 'OTHERS';
}

/** The session as the client needs it (MC_SESSION_INFO, platform-contract.md §1.7): the bare token, its merchant code and user name. */
export interface ClientSession {
  token: string;
  merchantCode: string;
  userName: string;
}

/**
 * What the client takes from the layer above it, so that src/api imports no store (docs/design.md "Where things
 * live"): `session` reads the current session (null when logged out); `sessionEnded` runs after an answer that ends
 * it (contract/errors.ts endsSession). src/stores/concepts/session.ts connects both when its module is evaluated;
 * until then the client is logged out and a logout answer does nothing beyond the thrown error.
 */
export interface ClientConnection {
  session: () => ClientSession | null;
  /** Runs with the answer's errorCode (the page says why: `session_time_limit` is the player's own limit). */
  sessionEnded: (errorCode: string) => void;
}

let connection: ClientConnection = { session: () => null, sessionEnded: () => {} };

/** Connects the client to the session (stores at start-up; tests replace one part). The parts not given stay. */
export function connectClient(parts: Partial<ClientConnection>): void {
  connection = { ...connection, ...parts };
}

/** The current session through the connected getter (null when logged out or nothing is connected). */
export function clientSession(): ClientSession | null {
  return connection.session();
}

/** The site's merchant code: the session's, else the one the edge wrote into `<html data-merchant>`. */
export function merchantCode(): string | undefined {
  const fromSession = clientSession()?.merchantCode;
  if (fromSession) return fromSession;
  if (typeof document === 'undefined') return undefined;
  return document.documentElement.getAttribute('data-merchant') ?? undefined;
}

/** What one request carries besides the call definition. */
export interface CallInput {
  query?: Query | undefined;
  body?: unknown;
  /** Path parameters of `{param}` placeholders. */
  params?: Record<string, string | number> | undefined;
  signal?: AbortSignal | undefined;
  /** Extra headers (the sealed body's `Encryption`). */
  headers?: Record<string, string> | undefined;
  /**
   * The `Idempotency-Key` of a state-changing call (POST/PUT/PATCH/DELETE): one per player action, the same one
   * when that action is sent again, so the platform applies it at most once. Left out, a fresh random UUID is
   * sent (each such call is then its own action). Ignored on GET.
   */
  idempotencyKey?: string | undefined;
}

/** The request header that names one player action (docs/upstream-mode.md, "When the platform is slow, down or wrong"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A fresh idempotency key for one player action: a random UUID (36 letters, digits and `-`). */
export function newActionKey(): string {
  return crypto.randomUUID();
}

/**
 * True when a failed state-changing call may still have been applied: the request left the browser but no
 * answer came back (`network`), or the worker could not get the platform's answer (502/504
 * `upstream_unavailable`, or a 502–504 without a readable envelope). The platform may run such a call after the
 * deadline (platform-contract §1.5 says nothing of timeouts; PlayDeck treats the outcome as unknown, never as
 * failed, and reads the balance and orders again).
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return !(error instanceof DOMException && error.name === 'AbortError');
  if (error.errorCode === 'network' || error.errorCode === 'upstream_unavailable') return true;
  return error.status >= 502 && error.status <= 504 && error.errorCode === 'internal_error';
}

/**
 * Sends one contract call (src/contract) as the platform's own clients do (platform-contract.md §1): the
 * call's method and path, GET parameters in the query, JSON (or form-encoded) bodies, the platform headers
 * (bare-token Authorization, Merchant, Language, X-Real-UA, ModuleId, Device where listed) plus PlayDeck's own
 * `X-PlayDeck-Client` (contract/headers.ts: plain customer-service paths for PlayDeck's browser), no redirects.
 * Every call that is not a GET carries an `Idempotency-Key` header (`input.idempotencyKey`, an extra header of that
 * name, else a fresh UUID), which the worker forwards to the platform (docs/upstream-mode.md).
 * Money crosses through the money codec (docs/design.md, Money) by the call's MONEY_FIELDS (contract/money-fields.ts,
 * written from the schemas' `money()` fields): the caller passes and gets integer minor units; money in the query and
 * body leaves as decimal currency units (minorToWire) and money in the answer arrives in minor units (wireToMinor; an
 * amount with more than 2 decimals throws RangeError, as the worker's schema refuses it).
 * Answers: /wps → the envelope's `value`; /lgw → the plain JSON body. Failures throw ApiRequestError with the
 * `errorCode` (a network failure is `network`; an unreadable answer `internal_error`); a logout code or a 401 on a
 * call that carried a token ends the session (errors.ts endsSession).
 */
export async function callApi<C extends CallDef>(def: C, input: CallInput = {}): Promise<ValueOf<C>> {
  const token = def.auth === 'none' ? null : clientSession()?.token ?? null;
  const headers: Record<string, string> = {
    ...platformHeaders({
      token,
      merchantCode: merchantCode(),
      language: activeLanguage(),
      userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
      moduleId: def.moduleId,
      device: def.device ? deviceOfBrowser() : undefined,
    }),
    Accept: 'application/json',
    [PLAYDECK_CLIENT_HEADER]: PLAYDECK_CLIENT_VALUE,
    ...input.headers,
  };
  if (def.method !== 'GET' && !headers[IDEMPOTENCY_KEY_HEADER]) headers[IDEMPOTENCY_KEY_HEADER] = input.idempotencyKey ?? newActionKey();
  const money = Object.hasOwn(MONEY_FIELDS, def.name) ? MONEY_FIELDS[def.name] : undefined;
  const sent = convertMoney(input.body, money?.body, minorToWire);
  let body: string | FormData | null = null;
  if (sent !== undefined && def.method !== 'GET') {
    if (def.multipart && sent instanceof FormData) {
      body = sent; // the browser writes the multipart boundary into Content-Type itself
    } else if (def.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(sent as Record<string, string>).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(sent);
    }
  }
  const url = withQuery(fillPath(def.path, input.params), convertMoney(input.query, money?.query, minorToWire));
  let response: Response;
  try {
    response = await fetch(url, {
      method: def.method, headers, body, signal: input.signal ?? null, credentials: 'same-origin', redirect: 'error',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network', null);
  }
  const json: unknown = await response.json().catch(() => null);
  if (isGatewayCall(def)) {
    if (response.ok) return convertMoney(json, money?.value, wireToMinor) as ValueOf<C>;
    return fail(response.status, (json as { errorCode?: unknown } | null)?.errorCode, null, token !== null);
  }
  const envelope = json as Envelope<z.output<C['value']>> | null;
  if (response.ok && envelope?.success === true) return convertMoney(envelope.value, money?.value, wireToMinor) as ValueOf<C>;
  return fail(response.status, envelope?.errorCode, envelope?.value ?? null, token !== null);
}

function fail(status: number, errorCode: unknown, value: unknown, hadSession: boolean): never {
  const code = typeof errorCode === 'string' && errorCode ? errorCode : 'internal_error';
  if (endsSession(status, code, hadSession)) connection.sessionEnded(code);
  throw new ApiRequestError(status, code, value);
}


/**
 * A call's answer value as the edge served it in a page's data block (rules/served.ts: as the wire carries it,
 * money in decimal currency units) with its money decoded to integer minor units by the call's MONEY_FIELDS, as
 * callApi decodes the same answer fetched.
 */
export function servedValue<C extends CallDef>(def: C, value: unknown): ValueOf<C> {
  return convertMoney(value, Object.hasOwn(MONEY_FIELDS, def.name) ? MONEY_FIELDS[def.name]?.value : undefined, wireToMinor) as ValueOf<C>;
}
