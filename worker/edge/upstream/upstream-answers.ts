import { allCalls } from '../../../contract/index';
import type { CallDef } from '../../../contract/call';

/**
 * Upstream mode: the platform's successful answers checked against the contract's answer schemas before they reach
 * PlayDeck's browser (platform-contract.md §1.5, §2–§4, §7). The browser build carries no schemas (it stays small),
 * so the worker is where an answer PlayDeck cannot read is caught: a value of the wrong shape becomes 502
 * `upstream_unavailable`, and every screen shows its "could not be loaded, try again" state instead of a blank
 * page or an exception.
 *
 * Choices (the contract does not say):
 * - Only successes are checked (a /wps envelope with `success: true`, a 2xx /lgw body): errors are the contract's
 *   own and the client acts on their `errorCode` (upstream-guard.ts checkApiAnswer relays them).
 * - The answer is checked, never rewritten: fields PlayDeck does not know pass through (the schemas are open
 *   objects), so the platform's own clients behind PlayDeck read what the platform sent.
 * - A call the contract does not declare (a relay PlayDeck's screens never read) is relayed unchecked.
 * - An answer that is JSON but not the envelope on /wps is outside the contract too.
 */

/** One declared call with its path as a pattern (`{param}` placeholders match one segment). */
interface CallPattern {
  def: CallDef;
  pattern: RegExp;
}

let patterns: CallPattern[] | null = null;

/** The declared calls as patterns, built once per isolate, literal paths before placeholder ones. */
function callPatterns(): CallPattern[] {
  if (patterns) return patterns;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  patterns = allCalls()
    .filter((def) => !def.extension && !def.text)
    .map((def) => ({
      def,
      pattern: new RegExp(`^${def.path.split(/\{\w+\}/).map(escape).join('[^/]+')}/?$`),
    }))
    .sort((a, b) => Number(a.def.path.includes('{')) - Number(b.def.path.includes('{')));
  return patterns;
}

/**
 * The contract call a request names (method and path; `/lotto/lgw/…` is the gateway under its second prefix,
 * §7.5), or undefined for a call the contract does not declare. HEAD is looked up as GET.
 */
export function contractCallOf(method: string, pathname: string): CallDef | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const path = pathname.startsWith('/lotto/lgw/') ? pathname.slice('/lotto'.length) : pathname;
  return callPatterns().find((p) => p.def.method === verb && p.pattern.test(path))?.def;
}

/** The verdict on one successful answer: it fits, or where it does not (a path into the value, never the value). */
export type AnswerShapeVerdict = { ok: true } | { ok: false; call: string; issue: string };

/**
 * Whether a platform answer (status, parsed JSON body) fits the call's answer schema (CallDef.value): the
 * envelope's `value` on /wps, the whole body on /lgw; `body` undefined = an empty answer. Answers other than
 * successes, empty answers and calls the contract does not declare fit by definition (see the module's docstring).
 */
export function checkAnswerShape(method: string, pathname: string, status: number, body: unknown): AnswerShapeVerdict {
  if (status < 200 || status >= 300 || body === undefined) return { ok: true };
  const def = contractCallOf(method, pathname);
  if (!def || def.plain) return { ok: true };
  const gateway = def.path.startsWith('/lgw/');
  let value: unknown = body;
  if (!gateway) {
    if (!body || typeof body !== 'object' || Array.isArray(body) || typeof (body as { success?: unknown }).success !== 'boolean') {
      return { ok: false, call: def.name, issue: 'not the envelope' };
    }
    if ((body as { success: boolean }).success !== true) return { ok: true };
    value = (body as { value?: unknown }).value;
  }
  const parsed = def.value.safeParse(value);
  if (parsed.success) return { ok: true };
  const first = parsed.error.issues[0];
  const where = first ? `${first.path.join('.') || '(value)'}: ${first.code}` : 'value';
  return { ok: false, call: def.name, issue: where };
}
