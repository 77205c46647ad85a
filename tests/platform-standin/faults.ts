/**
 * Fault injection for the platform stand-in (docs/upstream-mode.md, "When the platform is slow, down or wrong"; the browser's fault
 * tests, tests/e2e/upstream/faults.spec.ts): one switch, set by the tests through `POST /standin/fault` on the
 * stand-in's HTTP server (server.ts; a test server only, never part of PlayDeck), that makes the stand-in fail the
 * way real platforms do. Kept apart from the stand-in's answers (app.ts): the server asks this switch first and
 * hands the request to the stand-in only when no fault applies (or after the delay of `slow`).
 *
 * Body of `POST /standin/fault`: `{ mode, paths?, delayMs?, bytes?, applied? }`
 * - `mode`: `slow` (answers normally after `delayMs`, default 6000 ms: longer than PlayDeck's fill deadline),
 *   `refuse` (the connection is closed before any answer: a refused or reset connection), `500` (a text 500 with a
 *   stack trace), `html` (an HTML error page with status 200), `badjson` (status 200, JSON type, a cut-off body),
 *   `huge` (status 200, a valid JSON envelope of `bytes`, default 12 MiB), `drop` (status 200 and the start of a
 *   body, then the connection is closed midway), `off` (no fault);
 * - `paths`: comma-separated path prefixes the fault applies to (default: every path but the stand-in's own
 *   `/standin/…`);
 * - `applied` (`refuse` and `drop` only; default false): the stand-in handles the request first, so its effect
 *   applies and only the answer is lost on the way back (the case an `Idempotency-Key` protects against).
 * Answers `{ mode, paths, delayMs, bytes, applied }` as set; 400 on a body it cannot read.
 */

/** The ways the stand-in can fail. */
export const FAULT_MODES = ['slow', 'refuse', '500', 'html', 'badjson', 'huge', 'drop', 'off'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** The switch's state. */
export interface Fault {
  mode: FaultMode;
  /** Path prefixes the fault applies to; empty: every path. */
  paths: string[];
  delayMs: number;
  bytes: number;
  /** `refuse`/`drop`: the request is handled (its effect applies) before the connection fails. */
  applied: boolean;
}

/** The fault's control path on the stand-in's server. */
export const FAULT_PATH = '/standin/fault';
const OFF: Fault = { mode: 'off', paths: [], delayMs: 6000, bytes: 12 * 1024 * 1024, applied: false };

/** What the server does with one request while a fault applies. */
export type FaultAction =
  | { kind: 'pass' }
  | { kind: 'delay'; ms: number }
  | { kind: 'refuse'; applied: boolean }
  | { kind: 'drop'; head: string; applied: boolean }
  | { kind: 'answer'; response: Response };

/** The stand-in's fault switch (one per server). */
export class FaultSwitch {
  current: Fault = OFF;

  /** Sets the switch from a control body (see the module docstring); throws on a body it cannot read. */
  set(body: unknown): Fault {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const mode = input.mode;
    if (typeof mode !== 'string' || !(FAULT_MODES as readonly string[]).includes(mode)) throw new Error(`mode must be one of ${FAULT_MODES.join(', ')}`);
    const paths = typeof input.paths === 'string' ? input.paths.split(',').map((p) => p.trim()).filter(Boolean) : [];
    const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback);
    this.current = { mode: mode as FaultMode, paths, delayMs: number(input.delayMs, OFF.delayMs), bytes: number(input.bytes, OFF.bytes), applied: input.applied === true };
    return this.current;
  }

  /** What to do with a request to `pathname` (the stand-in's own /standin/… paths are never faulted). */
  actionFor(pathname: string): FaultAction {
    const { mode, paths, delayMs, bytes, applied } = this.current;
    if (mode === 'off' || pathname.startsWith('/standin/')) return { kind: 'pass' };
    if (paths.length > 0 && !paths.some((prefix) => pathname.startsWith(prefix))) return { kind: 'pass' };
    switch (mode) {
      case 'slow': return { kind: 'delay', ms: delayMs };
      case 'refuse': return { kind: 'refuse', applied };
      case 'drop': return { kind: 'drop', head: '{"success":true,"errorCode":null,"message":null,"value":{"list":[{"id":1,"title":"cut', applied };
      case '500':
        return { kind: 'answer', response: new Response('java.lang.IllegalStateException: pool exhausted\n\tat com.platform.gateway.Relay.handle(Relay.java:88)\n', { status: 500, headers: { 'Content-Type': 'text/plain' } }) };
      case 'html':
        return { kind: 'answer', response: new Response('<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><hr>nginx</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }) };
      case 'badjson':
        return { kind: 'answer', response: new Response('{"success":true,"errorCode":null,"value":{"list":[', { status: 200, headers: { 'Content-Type': 'application/json' } }) };
      case 'huge':
        return { kind: 'answer', response: hugeAnswer(bytes) };
      default:
        return { kind: 'pass' };
    }
  }
}

/** A valid JSON envelope of about `bytes` bytes, streamed in 64 KiB chunks (never held whole). */
function hugeAnswer(bytes: number): Response {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let left = bytes;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('{"success":true,"errorCode":null,"message":null,"value":{"pad":"'));
    },
    pull(controller) {
      if (left <= 0) {
        controller.enqueue(encoder.encode('"}}'));
        controller.close();
        return;
      }
      controller.enqueue(left >= chunk.length ? chunk : chunk.subarray(0, left));
      left -= chunk.length;
    },
  });
  return new Response(stream, { status: 200, headers: { 'Content-Type': 'application/json' } });
}
