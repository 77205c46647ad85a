import { LEGACY_RSA_KEY_PATH } from '../../../contract/legacy';
import { LEGACY_RSA_EXPONENT, parseModulusHex, type LegacyRsaPublicKey } from '../../services/crypto/legacy-crypto';

/**
 * The upstream platform's RSA public key for re-encrypting the browser's sealed bodies in the legacy scheme
 * (platform-contract.md §1.6.1): GET `<upstream>/wps/session/key/rsa?t=<epoch ms>`, read tolerantly as bare
 * hex text (what the contract says) or as an envelope whose `value` is that text. Cached per isolate and
 * upstream base for PLATFORM_KEY_TTL_MS; the adapter refetches once (forceRefresh) after a decryption-style
 * failure. `scope` (the merchant code) keeps merchants' keys apart should the platform have one per merchant.
 * Any failure to obtain it throws (the adapter answers 502 `upstream_unavailable`).
 */
export const PLATFORM_KEY_TTL_MS = 10 * 60 * 1000;

/** One cached key and when it was fetched. */
interface CachedKey {
  key: LegacyRsaPublicKey;
  fetchedAt: number;
}

const cache = new Map<string, CachedKey>();

/** Forgets cached platform keys (tests). */
export function clearPlatformKeyCache(): void {
  cache.clear();
}

/** Reads the key endpoint's answer: bare hex, or `{ value: "<hex>" }`. Throws when it is neither. */
export function modulusOfKeyAnswer(text: string): bigint {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as { value?: unknown };
    if (typeof parsed.value !== 'string') throw new Error('key answer has no string value');
    return parseModulusHex(parsed.value);
  }
  return parseModulusHex(trimmed.replace(/^"|"$/g, ''));
}

/**
 * The platform's key (cached unless `forceRefresh`), fetched with `fetchKey(url)`; `fresh` tells whether this
 * call fetched it (a failure right after a fresh fetch is not retried).
 */
export async function platformKey(
  keyUrl: URL,
  fetchKey: (url: URL) => Promise<Response>,
  options: { forceRefresh?: boolean; now?: number; scope?: string } = {},
): Promise<{ key: LegacyRsaPublicKey; fresh: boolean }> {
  const now = options.now ?? Date.now();
  const id = `${keyUrl.origin}${keyUrl.pathname}#${options.scope ?? ''}`;
  const hit = cache.get(id);
  if (hit && !options.forceRefresh && now - hit.fetchedAt < PLATFORM_KEY_TTL_MS) return { key: hit.key, fresh: false };
  const url = new URL(keyUrl);
  url.searchParams.set('t', String(now));
  const answer = await fetchKey(url);
  if (!answer.ok) throw new Error(`platform key endpoint answered ${answer.status}`);
  const key = { n: modulusOfKeyAnswer(await answer.text()), e: LEGACY_RSA_EXPONENT };
  cache.set(id, { key, fetchedAt: now });
  return { key, fresh: true };
}

/** The key endpoint of an upstream base URL (which may carry a path prefix). */
export function platformKeyUrl(base: string): URL {
  const url = new URL(base);
  url.pathname = url.pathname.replace(/\/+$/, '') + LEGACY_RSA_KEY_PATH;
  url.search = '';
  return url;
}
