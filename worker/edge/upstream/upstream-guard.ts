import { ApiError } from '../../lib/envelope';

/**
 * How the upstream adapter (upstream.ts) protects players from a platform that is slow, down or wrong
 * (docs/upstream-mode.md, "When the platform is slow, down or wrong"): deadlines, a circuit breaker per upstream, one retry of
 * idempotent calls on a network error, a size limit on answers, and the check that turns anything outside the
 * contract (platform-contract.md §1.5) into PlayDeck's own `upstream_unavailable`.
 *
 * Statuses the browser and the platform's clients see (all with errorCode `upstream_unavailable`, the envelope on
 * /wps, the gateway's `{ errorCode }` on /lgw):
 * - 502: this call failed: no connection, no answer within the deadline, an answer cut midway, larger than the
 *   limit, or not an answer of the contract (text, HTML, invalid JSON, an error without `errorCode`);
 * - 503 with `Retry-After` (seconds): the breaker is open, the platform was not asked at all.
 */

/** Default of UPSTREAM_TIMEOUT_MS: how long an API call or a forwarded page waits for the platform, in ms. */
export const UPSTREAM_TIMEOUT_MS = 15_000;
/** Default of UPSTREAM_FILL_DEADLINE_MS: how long a page fill at the edge waits for its API call, in ms. */
export const UPSTREAM_FILL_DEADLINE_MS = 2_000;
/** Default of UPSTREAM_BREAKER_FAILURES: consecutive failed calls that open an upstream's breaker. */
export const UPSTREAM_BREAKER_FAILURES = 5;
/** Default of UPSTREAM_BREAKER_OPEN_MS: how long an open breaker refuses calls before one probe goes through, in ms. */
export const UPSTREAM_BREAKER_OPEN_MS = 10_000;
/** Default of UPSTREAM_MAX_ANSWER_BYTES: the largest API answer (/wps, /lgw) relayed, in bytes (5 MiB). */
export const UPSTREAM_MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/** Default of UPSTREAM_MAX_PAGE_BYTES: the largest forwarded platform page or file (/m/lotto-h5/…), in bytes (20 MiB). */
export const UPSTREAM_MAX_PAGE_BYTES = 20 * 1024 * 1024;
/** The retry of an idempotent call waits a random time in this range (ms) first, so isolates do not retry in step. */
export const RETRY_JITTER_MS: readonly [number, number] = [50, 250];

/** The settings of upstream forwarding, in ms and bytes (upstreamSettings reads them). */
export interface UpstreamSettings {
  timeoutMs: number;
  fillDeadlineMs: number;
  breakerFailures: number;
  breakerOpenMs: number;
  maxAnswerBytes: number;
  maxPageBytes: number;
}

/** The environment variables of upstreamSettings (strings, as wrangler vars are). */
export interface UpstreamSettingVars {
  UPSTREAM_TIMEOUT_MS?: string | undefined;
  UPSTREAM_FILL_DEADLINE_MS?: string | undefined;
  UPSTREAM_BREAKER_FAILURES?: string | undefined;
  UPSTREAM_BREAKER_OPEN_MS?: string | undefined;
  UPSTREAM_MAX_ANSWER_BYTES?: string | undefined;
  UPSTREAM_MAX_PAGE_BYTES?: string | undefined;
}

/** A whole number ≥ 1 from an environment variable, or the default when unset, empty or not a whole number. */
function positive(raw: string | undefined, fallback: number): number {
  return raw !== undefined && /^\d{1,10}$/.test(raw.trim()) && Number(raw) >= 1 ? Number(raw) : fallback;
}

/**
 * The settings from the environment (each a whole number ≥ 1; anything else falls back to its default), with
 * `overrides` (createApp's options in tests) winning over both.
 */
export function upstreamSettings(env: UpstreamSettingVars, overrides: Partial<UpstreamSettings> = {}): UpstreamSettings {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as Partial<UpstreamSettings>;
  return {
    timeoutMs: positive(env.UPSTREAM_TIMEOUT_MS, UPSTREAM_TIMEOUT_MS),
    fillDeadlineMs: positive(env.UPSTREAM_FILL_DEADLINE_MS, UPSTREAM_FILL_DEADLINE_MS),
    breakerFailures: positive(env.UPSTREAM_BREAKER_FAILURES, UPSTREAM_BREAKER_FAILURES),
    breakerOpenMs: positive(env.UPSTREAM_BREAKER_OPEN_MS, UPSTREAM_BREAKER_OPEN_MS),
    maxAnswerBytes: positive(env.UPSTREAM_MAX_ANSWER_BYTES, UPSTREAM_MAX_ANSWER_BYTES),
    maxPageBytes: positive(env.UPSTREAM_MAX_PAGE_BYTES, UPSTREAM_MAX_PAGE_BYTES),
    ...defined,
  };
}

// ─── Circuit breaker ─────────────────────────────────────────────────────────────────────────────────────────────

/** One upstream's breaker. */
interface Breaker {
  state: 'closed' | 'open' | 'half-open';
  /** Consecutive failed calls while closed. */
  failures: number;
  /** When it opened (ms since epoch). */
  openedAt: number;
  /** When the probe of the half-open state was let through (0: none under way). */
  probeAt: number;
}

/**
 * The breakers, by upstream base URL. Module-level state: workerd keeps it per ISOLATE, so each isolate (each
 * Cloudflare location, and each of its isolates) opens and closes its own breaker from its own calls; nothing is
 * shared or stored. That is enough for the purpose (one isolate does not hammer a failing platform) and needs no
 * binding; an isolate that starts afresh starts closed.
 */
const breakers = new Map<string, Breaker>();

/** Forgets every breaker (tests). */
export function resetUpstreamBreakers(): void {
  breakers.clear();
}

/** The state of an upstream's breaker, for tests and logs. */
export function breakerState(key: string): Breaker['state'] {
  return breakers.get(key)?.state ?? 'closed';
}

const LOG = '[upstream-breaker]';

/** A permit to call the upstream: report the call's outcome exactly once. */
export interface BreakerPermit {
  succeeded(): void;
  failed(): void;
}

/**
 * Asks the breaker of `key` for a permit to call:
 * - closed: granted;
 * - open: refused (503 `upstream_unavailable`, `Retry-After` the seconds left) until `breakerOpenMs` have passed,
 *   then it turns half-open and ONE probe is granted; while the probe is under way every other call is refused
 *   (a probe that never reports back is given up after `timeoutMs`, and another is let through);
 * - a success closes it (from any state); a failure while closed counts towards `breakerFailures` consecutive
 *   ones, which open it; a failed probe opens it again for another `breakerOpenMs`.
 * Every change of state is logged (`[upstream-breaker]`, console.warn when it opens, console.log otherwise).
 */
export function breakerPermit(key: string, settings: UpstreamSettings, now = Date.now()): BreakerPermit {
  let breaker = breakers.get(key);
  if (!breaker) {
    breaker = { state: 'closed', failures: 0, openedAt: 0, probeAt: 0 };
    breakers.set(key, breaker);
  }
  const b = breaker;
  let probe = false;
  if (b.state === 'open') {
    const left = b.openedAt + settings.breakerOpenMs - now;
    if (left > 0) throw breakerOpenError(Math.ceil(left / 1000));
    b.state = 'half-open';
    b.probeAt = 0;
    console.log(LOG, 'half-open: one probe goes through', key);
  }
  if (b.state === 'half-open') {
    if (b.probeAt !== 0 && now - b.probeAt < settings.timeoutMs) throw breakerOpenError(Math.max(1, Math.ceil(settings.breakerOpenMs / 1000)));
    b.probeAt = now;
    probe = true;
  }
  let reported = false;
  return {
    succeeded() {
      if (reported) return;
      reported = true;
      if (b.state !== 'closed') console.log(LOG, 'closed: the platform answered again', key);
      b.state = 'closed';
      b.failures = 0;
      b.probeAt = 0;
    },
    failed() {
      if (reported) return;
      reported = true;
      if (b.state === 'half-open') {
        if (!probe) return;
        b.state = 'open';
        b.openedAt = Date.now();
        b.probeAt = 0;
        console.warn(LOG, `open again: the probe failed; no call for ${settings.breakerOpenMs} ms`, key);
        return;
      }
      if (b.state === 'open') return;
      b.failures += 1;
      if (b.failures >= settings.breakerFailures) {
        b.state = 'open';
        b.openedAt = Date.now();
        console.warn(LOG, `open: ${b.failures} failed calls in a row; no call for ${settings.breakerOpenMs} ms`, key);
      }
    },
  };
}

/** 503 `upstream_unavailable` with `Retry-After`: the breaker refused the call. */
function breakerOpenError(retryAfterSeconds: number): ApiError {
  return new ApiError(503, 'upstream_unavailable', 'The platform API is unavailable; try again shortly', null, {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  });
}

// ─── Failures, retries, reading answers ──────────────────────────────────────────────────────────────────────────

/** Why a call to the platform failed (logged; the player only ever sees `upstream_unavailable`). */
export type UpstreamFault = 'unreachable' | 'timeout' | 'cut' | 'too_large' | 'not_contract';

/** 502 `upstream_unavailable` for a fault, with a generic message (nothing of the platform's text). */
export function upstreamFailure(fault: UpstreamFault): ApiError {
  const message: Record<UpstreamFault, string> = {
    unreachable: 'The platform API could not be reached',
    timeout: 'The platform API did not answer in time',
    cut: 'The platform API answer was cut off',
    too_large: 'The platform API answer was too large',
    not_contract: 'The platform API answered something it should not have',
  };
  return new ApiError(502, 'upstream_unavailable', message[fault]);
}

/** A fault found while reading or checking an answer. */
export class UpstreamFaultError extends Error {
  constructor(readonly fault: UpstreamFault, detail: string) {
    super(detail);
    this.name = 'UpstreamFaultError';
  }
}

/**
 * Whether a call may be sent a second time after a network error: GET and HEAD always (they change nothing);
 * any other method only when it carries an `Idempotency-Key` header (the platform, or PlayDeck's built-in API,
 * applies a key once). Nothing is retried after an HTTP answer or a timeout.
 */
export function isRetryable(method: string, headers: Headers): boolean {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD' || (headers.get('Idempotency-Key') ?? '').trim() !== '';
}

/** The wait before a retry: uniform in RETRY_JITTER_MS. */
export function retryJitterMs(random = Math.random): number {
  const [low, high] = RETRY_JITTER_MS;
  return Math.round(low + random() * (high - low));
}

/** A promise that rejects when `signal` aborts (already aborted: at once). */
export function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    else signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

/** Whether an error is the end of a deadline (our signal aborted) rather than a network error. */
export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
}

/**
 * Reads a whole answer body, at most `maxBytes`, before `signal` aborts. Throws UpstreamFaultError: `too_large`
 * when `Content-Length` says more or the bytes pass the limit (the rest is not read), `cut` when the stream
 * errors midway, `timeout` when the deadline passes while reading.
 */
export async function readCapped(answer: Response, maxBytes: number, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(answer.headers.get('Content-Length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await answer.body?.cancel().catch(() => undefined);
    throw new UpstreamFaultError('too_large', `Content-Length ${declared} > ${maxBytes}`);
  }
  if (!answer.body) return new Uint8Array(0);
  const reader = answer.body.getReader();
  const aborted = whenAborted(signal);
  aborted.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await Promise.race([reader.read(), aborted]);
      } catch (error) {
        throw new UpstreamFaultError(signal.aborted ? 'timeout' : 'cut', error instanceof Error ? error.message : String(error));
      }
      if (step.done) break;
      total += step.value.byteLength;
      if (total > maxBytes) throw new UpstreamFaultError('too_large', `more than ${maxBytes} bytes`);
      chunks.push(step.value);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * A streamed body that errors once more than `maxBytes` have passed (forwarded pages keep streaming: the
 * player's browser gets a broken transfer, never the rest of an oversized answer). `onEnd` learns how it ended.
 */
export function cappedStream(body: ReadableStream<Uint8Array>, maxBytes: number, onEnd: (fault: UpstreamFault | null) => void): ReadableStream<Uint8Array> {
  let total = 0;
  let ended = false;
  const end = (fault: UpstreamFault | null) => {
    if (!ended) onEnd(fault);
    ended = true;
  };
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        end('cut');
        controller.error(error);
        return;
      }
      if (step.done) {
        end(null);
        controller.close();
        return;
      }
      total += step.value.byteLength;
      if (total > maxBytes) {
        end('too_large');
        reader.cancel().catch(() => undefined);
        controller.error(new Error('upstream answer too large'));
        return;
      }
      controller.enqueue(step.value);
    },
    cancel(reason) {
      end(null);
      return reader.cancel(reason);
    },
  });
}

// ─── What the contract allows an answer to be ───────────────────────────────────────────────────────────────────

/** /wps answers that are not JSON by the contract: the legacy RSA key is bare hex text (§1.6.1). */
const NON_JSON_ANSWERS: ReadonlySet<string> = new Set(['/wps/session/key/rsa']);

/** Words and shapes of an internal error text (stack frames, exception names, markup) that must not reach a player. */
const INTERNAL_TEXT = /[\r\n<>]|\bat\s+[\w$.]+\s*\(|\.(java|kt|js|ts|py|go|cs):\d|exception|traceback|stack|sql|null pointer|undefined is not/i;
/** The longest platform error message relayed (characters). */
const MAX_MESSAGE_LENGTH = 200;
/** What stands in for a platform error message that looks internal. */
export const GENERIC_PLATFORM_MESSAGE = 'The platform refused the request';

/**
 * The `message` of a platform error as relayed: the platform's own words when they are a short player-facing text
 * (one line, at most 200 characters, no stack frame, exception name or markup: e.g. `#727 system busy`, which the
 * platform's clients show), else GENERIC_PLATFORM_MESSAGE. The errorCode is what clients act on; it is never changed.
 */
export function relayedMessage(message: unknown): string {
  if (typeof message !== 'string') return '';
  return message.length <= MAX_MESSAGE_LENGTH && !INTERNAL_TEXT.test(message) ? message : GENERIC_PLATFORM_MESSAGE;
}

/** The verdict on one API answer: relay it (its body possibly rewritten), or a fault. */
export type ApiAnswerVerdict = { ok: true; body: string | null } | { ok: false; detail: string };

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Whether an API answer is one of the contract (platform-contract.md §1.5), and what is relayed:
 * - 1xx–3xx: relayed as they are, except that a 2xx must be JSON (any JSON value; schemas are the browser's
 *   business), or empty, or the RSA key's hex text; HTML, other text and invalid JSON are faults;
 * - 4xx and 5xx on /wps: an envelope error, i.e. a JSON object with a non-empty string `errorCode`, is relayed (the
 *   client acts on its code: 401 `user.or.token.invalid`, 400 `login.cred.err`, 500 `#727 system busy`) with its
 *   message passed through relayedMessage; on /lgw the gateway's `{ errorCode }` object, the same way;
 * - anything else with a 5xx (text, HTML, a stack trace, JSON without errorCode) is a fault; with a 4xx (a bare 404
 *   page, a proxy's 401) the status is kept and the body becomes PlayDeck's own error (envelope on /wps, `{ errorCode }`
 *   on /lgw: 401 `customer.not.login`, 404 `not_found`, 429 `TOO_MANY_REQUEST`, else `request_param_err`, message
 *   GENERIC_PLATFORM_MESSAGE): the platform did answer, and a refusal is not an outage.
 * `body` is the text to relay instead of the original (null: relay the bytes unchanged).
 */
export function checkApiAnswer(pathname: string, status: number, contentType: string, text: string): ApiAnswerVerdict {
  const type = contentType.toLowerCase();
  let parsed: unknown;
  let json = false;
  if (text.trim() !== '') {
    try {
      parsed = JSON.parse(text);
      json = true;
    } catch {
      json = false;
    }
  }
  if (status < 400) {
    if (status < 200 || status >= 300) return { ok: true, body: null };
    if (text.trim() === '') return { ok: true, body: null };
    if (json) return { ok: true, body: null };
    if (NON_JSON_ANSWERS.has(pathname.replace(/\/+$/, '')) && !type.includes('html')) return { ok: true, body: null };
    return { ok: false, detail: `${status} ${type.includes('json') ? 'invalid JSON' : `not JSON (${type || 'no type'})`}` };
  }
  if (!json || !isRecord(parsed) || typeof parsed.errorCode !== 'string' || parsed.errorCode.trim() === '') {
    if (status >= 500) return { ok: false, detail: `${status} error without errorCode (${type || 'no type'})` };
    // A refusal outside the contract (a bare 404 page of an unknown call, a proxy's 401): the status stays, the text
    // is PlayDeck's own, with the code the app's error handler gives the same status.
    const errorCode = status === 401 ? 'customer.not.login' : status === 404 ? 'not_found' : status === 429 ? 'TOO_MANY_REQUEST' : 'request_param_err';
    const refusal = { errorCode, message: GENERIC_PLATFORM_MESSAGE };
    return { ok: true, body: JSON.stringify(pathname.startsWith('/lgw/') ? refusal : { success: false, value: null, ...refusal }) };
  }
  const message = relayedMessage(parsed.message);
  if (message === parsed.message || parsed.message === undefined) return { ok: true, body: null };
  return { ok: true, body: JSON.stringify({ ...parsed, message }) };
}
