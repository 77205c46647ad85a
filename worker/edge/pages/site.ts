import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { SiteBrand } from '../../model/branding';
import { rewriteBrand } from './brand';
import { withImageOrigins } from './headers';

/**
 * What the edge writes into every page of a site, so that the pre-rendered HTML (one build for every site) looks
 * like that site before any script runs:
 * - `<html data-site-theme="light">` on light sites (public/theme.js applies it before first paint unless the
 *   player chose a theme; pages are built dark);
 * - `<html data-switches="CBS3 FREEPLAY3 …">`: the site switches that are on (accounts §3 site switches). The
 *   stylesheet hides pre-rendered parts gated by a switch that is off (src/styles/switches.css), so the login
 *   screen, for example, has its final layout at first paint instead of shifting when the settings arrive;
 * - `<html data-merchant="DEMO" data-capabilities="sealed remember …">`: the site's merchant code (the client's
 *   `Merchant` header) and the PlayDeck extensions this deployment serves (contract/capabilities.ts);
 * - the language alternates (`<link rel="alternate" hreflang>`, built site-relative) as absolute URLs on the
 *   address the page was asked for, as search engines require;
 * - the site's brand: names, logo, colours, favicon, manifest link, footer line (pages/brand.ts);
 * - in upstream mode, the platform's image origins in the page policy's `img-src` (headers.ts upstreamImageOrigins),
 *   so banners hosted on the platform's own CDN load.
 */
export interface SiteMarkup {
  /** Scheme, host and port of the request (`https://play.example`). */
  origin: string;
  theme: 'dark' | 'light';
  /** Module ids of the switches that are on, sorted. */
  switches: readonly string[];
  /** The site's merchant code (`<html data-merchant>`: the client's `Merchant` header). */
  merchantCode: string;
  /** PlayDeck extension capabilities this deployment serves (contract/capabilities.ts). */
  capabilities: readonly string[];
  /** The site's brand (worker/model/branding.ts). */
  brand: SiteBrand;
  /** Origins the page may load images from besides its own (upstream mode: headers.ts upstreamImageOrigins). */
  imageOrigins: readonly string[];
}

/** A short fingerprint of a site's markup: the same page file gets a distinct ETag per fingerprint. */
export function markupTag(markup: SiteMarkup): string {
  return bytesToHex(sha256(new TextEncoder().encode(`${markup.origin}|${markup.theme}|${markup.switches.join(' ')}|${markup.merchantCode}|${markup.capabilities.join(' ')}|${JSON.stringify(markup.brand)}|${markup.imageOrigins.join(' ')}`))).slice(0, 12);
}

/** The build file's ETag with the site's fingerprint inside its quotes (`"abc"` → `"abc-<tag>"`). */
export function siteETag(fileETag: string, tag: string): string {
  return fileETag.replace(/"$/, `-${tag}"`);
}

/**
 * The conditional headers to send for the build file: an If-None-Match entry made for this site's current markup
 * is turned back into the file's own ETag; entries made for other markup (switches or theme changed since) are
 * dropped, so a stale copy is never confirmed with 304.
 */
export function buildFileHeaders(request: Headers, tag: string): Headers {
  const headers = new Headers(request);
  const wanted = headers.get('If-None-Match');
  if (wanted === null) return headers;
  const suffix = `-${tag}"`;
  const own = wanted
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.endsWith(suffix))
    .map((entry) => `${entry.slice(0, -suffix.length)}"`);
  if (own.length > 0) headers.set('If-None-Match', own.join(', '));
  else headers.delete('If-None-Match');
  return headers;
}

/**
 * Writes the site's markup into a page answer (a page or a gate page: rewrites `<html>`; 304: only the ETag) and,
 * when the file has an ETag, gives it the site's (siteETag) so browsers revalidate per site. `more` adds rewriter
 * steps (the operator's content of a content page, fills/content.ts).
 */
export function withSiteMarkup(
  response: Response, markup: SiteMarkup, tag: string, more: (rewriter: HTMLRewriter) => HTMLRewriter = (r) => r,
): Response {
  const fileETag = response.headers.get('ETag');
  let answer = response;
  if (response.body && response.status !== 304) {
    answer = more(rewriteBrand(new HTMLRewriter(), markup.brand, markup.merchantCode))
      .on('html', {
        element: (element) => {
          element.setAttribute('data-switches', markup.switches.join(' '));
          element.setAttribute('data-merchant', markup.merchantCode);
          element.setAttribute('data-capabilities', markup.capabilities.join(' '));
          if (markup.theme === 'light') element.setAttribute('data-site-theme', 'light');
        },
      })
      .on('meta[http-equiv][content]', {
        element: (element) => {
          if (markup.imageOrigins.length === 0 || element.getAttribute('http-equiv')?.toLowerCase() !== 'content-security-policy') return;
          element.setAttribute('content', withImageOrigins(element.getAttribute('content') ?? '', markup.imageOrigins));
        },
      })
      .on('link[rel="alternate"][hreflang]', {
        element: (element) => {
          const href = element.getAttribute('href');
          if (href?.startsWith('/') && !href.startsWith('//')) element.setAttribute('href', `${markup.origin}${href}`);
        },
      })
      .transform(response);
  }
  const headers = new Headers(answer.headers);
  if (fileETag) headers.set('ETag', siteETag(fileETag, tag));
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}
