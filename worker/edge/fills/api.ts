import type { z } from 'zod';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { PLAYDECK_CLIENT_HEADER, PLAYDECK_CLIENT_VALUE, platformHeaders } from '../../../contract/headers';
import type { ModuleId } from '../../../contract/modules';
import type { Language } from '../../../rules/i18n';
import { LANGUAGE_COOKIE } from '../../../rules/languages';

/**
 * How the edge gets what it writes into a page (home's content and hot games, the vendor mapping, the game list, the
 * registration settings, the app's download links, help and promotions; docs/edge.md "Where a fill's data comes
 * from"): in built-in mode the fills that have a direct source call the query the API route calls (directValue); the
 * others, and every fill in upstream mode, send one GET through the worker itself (the built-in API, or the platform
 * in upstream mode), as a visitor of the page's merchant in its language.
 */

/** Sends one API request through the worker itself (built-in API, or the platform in upstream mode). */
export type ApiFetch = (request: Request) => Promise<Response>;

/**
 * Headers of a call PlayDeck's browser would send as a visitor in `language` (platform-contract.md §1.2), with
 * PlayDeck's `X-PlayDeck-Client` (contract/headers.ts), so what the edge reads has plain customer-service paths.
 */
export function visitorHeaders(merchantCode: string, language: Language, moduleId?: ModuleId): Headers {
  return new Headers({
    ...platformHeaders({ merchantCode, language, moduleId }),
    Accept: 'application/json',
    [PLAYDECK_CLIENT_HEADER]: PLAYDECK_CLIENT_VALUE,
    Cookie: `${LANGUAGE_COOKIE}=${language}`,
  });
}

/**
 * Headers of a call that names only the language (the language cookie, which upstream mode sends as the platform's
 * `Language` header too) and PlayDeck's `X-PlayDeck-Client`: the help centre, announcements and promotions, whose
 * merchant is in the query.
 */
export function languageHeaders(language: Language): Headers {
  return new Headers({ Accept: 'application/json', Cookie: `${LANGUAGE_COOKIE}=${language}`, [PLAYDECK_CLIENT_HEADER]: PLAYDECK_CLIENT_VALUE });
}

/** The JSON answer of one GET through the worker, or null when it failed (network, non-2xx status, not JSON). */
export async function jsonOf(api: ApiFetch, url: URL, headers: Headers): Promise<unknown> {
  try {
    const answer = await api(new Request(url, { headers }));
    if (!answer.ok) {
      await answer.body?.cancel();
      return null;
    }
    return await answer.json();
  } catch {
    return null;
  }
}

/** The envelope's value of one /wps GET through the worker (`{ success: true, value }`), or null when it failed. */
export async function valueOf(api: ApiFetch, url: URL, headers: Headers): Promise<unknown> {
  const body = (await jsonOf(api, url, headers)) as { success?: unknown; value?: unknown } | null;
  return body?.success === true ? body.value : null;
}

/** A short fingerprint of what the edge wrote (12 hex digits of its SHA-256): it joins the page's ETag. */
export const fingerprintOf = (data: unknown): string => bytesToHex(sha256(new TextEncoder().encode(JSON.stringify(data)))).slice(0, 12);

/** Thrown by a withDeadline call whose answer did not come in time. */
export class FillDeadlineError extends Error {
  constructor(ms: number) {
    super(`no answer within the fill deadline of ${ms} ms`);
    this.name = 'FillDeadlineError';
  }
}

/**
 * `api` bounded by a page's fill deadline (UPSTREAM_FILL_DEADLINE_MS, default 2 s; upstream-guard.ts), counted from
 * this call of withDeadline (one per page request), so a page's fills together, even calls made one after the
 * other, never wait longer than `ms`: each request carries a signal that aborts when the time left runs out (the
 * upstream adapter ends its call to the platform with it) and the call rejects with FillDeadlineError then, whatever
 * the API does. Wrapped in withAnswerCache, a late or failed call is answered by the last good answer (stale if
 * error), else the fill writes no block (help and promotions: their failed state, fills/content.ts); a page never waits
 * the API's full timeout for a block.
 */
export function withDeadline(api: ApiFetch, ms: number): ApiFetch {
  const until = Date.now() + ms;
  return (request) => {
    const left = Math.max(1, until - Date.now());
    const bounded = new Request(request, { signal: AbortSignal.timeout(left) });
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => reject(new FillDeadlineError(ms)), left);
      api(bounded).then(
        (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  };
}

/** How visitor answers are kept per isolate: for how long (SITE_CACHE_SECONDS; 0: asked every time, kept only to stand in for a failure) and from which API. */
export interface AnswerCache {
  /** Part of the key: answers of the built-in API and of a platform are never mixed up. */
  mode: 'built-in' | 'upstream';
  cacheMs: number;
}

/** An answer as kept: enough to give it again as a fresh Response. */
interface KeptAnswer {
  status: number;
  contentType: string | null;
  body: string;
  at: number;
}

const kept = new Map<string, KeptAnswer>();
const asking = new Map<string, Promise<KeptAnswer>>();
/** Answers kept at most (the oldest goes first): pages × merchants × languages stays far below it. */
const MAX_KEPT = 2000;

/** Forgets every kept answer and value (tests; an operator's change otherwise shows within SITE_CACHE_SECONDS). */
export function clearEdgeAnswers(): void {
  kept.clear();
  asking.clear();
  keptValues.clear();
  loadingValues.clear();
}

const answerOf = (entry: KeptAnswer): Response =>
  new Response(entry.body, { status: entry.status, headers: entry.contentType ? { 'Content-Type': entry.contentType } : {} });

/**
 * `api` with its visitor answers kept per isolate (the edge's calls for a page, which every visitor of that page
 * in that language makes alike), so a page view asks the API (in upstream mode: the platform, over the network)
 * once per lifetime rather than on every request. The key is the mode, the URL (merchant and language are in the
 * query or the headers) and every request header; only GETs without `Authorization` or a token header are kept.
 * Two requests for the same key at once share one call. When a call fails (network, 5xx) the last good answer stands
 * for another lifetime, or the failure itself is kept, so a failing platform is not asked on every page (home's
 * announcements, the vendor mapping and the hot games row are asked for on every home view). A lifetime of 0 asks
 * on every request; the last good answer still stands in for a failed call.
 */
export function withAnswerCache(api: ApiFetch, cache: AnswerCache): ApiFetch {
  return async (request) => {
    if (request.method !== 'GET' || request.headers.has('Authorization') || request.headers.has('token')) return api(request);
    const headerText = [...request.headers].map(([name, value]) => `${name}:${value}`).sort().join('\n');
    const key = `${cache.mode}\n${request.url}\n${headerText}`;
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && now - hit.at < cache.cacheMs) return answerOf(hit);
    let pending = asking.get(key);
    if (!pending) {
      pending = (async (): Promise<KeptAnswer> => {
        let fresh: KeptAnswer | null = null;
        try {
          const answer = await api(request);
          fresh = { status: answer.status, contentType: answer.headers.get('Content-Type'), body: await answer.text(), at: Date.now() };
        } catch (error) {
          if (!hit) throw error;
        }
        const entry = fresh && (fresh.status < 500 || !hit) ? fresh : { ...hit!, at: Date.now() };
        kept.delete(key);
        kept.set(key, entry);
        if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
        return entry;
      })().finally(() => asking.delete(key));
      asking.set(key, pending);
    }
    return answerOf(await pending);
  };
}

/**
 * Built-in mode's source of a fill's data (pages/pages.ts builds it; null in upstream mode): the database the API's
 * queries read and how long a fill keeps what it read, in ms (SITE_CACHE_SECONDS for the kept answers, 0 for those
 * read on every request).
 */
export interface DirectSource {
  db: D1Database;
  cacheMs: number;
  /**
   * A content preview the page request carries (worker/services/content/content-preview.ts): the fills of the
   * operator's content show that item as saved, published or not; what they read is neither kept nor taken from
   * what was kept.
   */
  preview?: { kind: 'announcement' | 'help'; target: string } | undefined;
}

/** A value read directly, as kept: the value (already shaped by its call's schema) and when it was read (epoch ms). */
interface KeptValue {
  value: unknown;
  at: number;
}

const keptValues = new Map<string, KeptValue>();
const loadingValues = new Map<string, Promise<KeptValue>>();

/**
 * The answer of one contract call read in built-in mode without the API's round trip: `load` calls the query or
 * service the call's route calls (worker/api/*.ts) for the page's merchant and language, and gives the value as the
 * route sends it (money encoded to the wire's decimals: a service answering in minor units is wrapped in
 * worker/lib/envelope.ts encodeAsListed); it goes through the call's schema (`def.value.parse`), as the fetch path's
 * answer does after its JSON (fields in the schema's order, money decoded to minor units by its `money()` fields;
 * a fill that writes money into the page encodes it back with encodeValue), so the page gets the same data block and
 * fingerprint byte for byte. Kept per
 * isolate like withAnswerCache's answers, under `key` (the call's name and every parameter): fresh for
 * `source.cacheMs`; two readers at once share one read; when the read throws, the last good value stands in for
 * another lifetime, else null (the fill writes nothing, as when a fetch fails).
 */
export async function directValue<V extends z.ZodType>(
  source: DirectSource, def: { name: string; value: V }, key: string, load: (db: D1Database) => Promise<z.input<V>>,
): Promise<z.output<V> | null> {
  if (source.preview) {
    try {
      return def.value.parse(await load(source.db));
    } catch {
      return null;
    }
  }
  const full = `direct\n${def.name}\n${key}`;
  const now = Date.now();
  const hit = keptValues.get(full);
  if (hit && now - hit.at < source.cacheMs) return hit.value as z.output<V>;
  let pending = loadingValues.get(full);
  if (!pending) {
    pending = (async (): Promise<KeptValue> => {
      let entry: KeptValue;
      try {
        entry = { value: def.value.parse(await load(source.db)), at: Date.now() };
      } catch (error) {
        if (!hit) throw error;
        entry = { ...hit, at: Date.now() };
      }
      keptValues.delete(full);
      keptValues.set(full, entry);
      if (keptValues.size > MAX_KEPT) keptValues.delete(keptValues.keys().next().value!);
      return entry;
    })().finally(() => loadingValues.delete(full));
    loadingValues.set(full, pending);
  }
  try {
    return (await pending).value as z.output<V>;
  } catch {
    return null;
  }
}
