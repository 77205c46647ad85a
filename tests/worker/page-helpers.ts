import { env } from 'cloudflare:test';
import { createApp, type AppOptions } from '../../worker/index';
import { clearMerchantCache } from '../../worker/middleware/merchant';
import type { Bindings } from '../../worker/env';
import { PAGE_ROUTES } from '../../rules/routes';

/** A stand-in for the build (the ASSETS binding): files by path, plus the requests it received. */
export interface FakeBuild {
  assets: Fetcher;
  requests: Request[];
}

/**
 * Serves `files` (path → body) like the ASSETS binding: 200 with a per-file ETag, 304 when If-None-Match
 * matches, 404 otherwise. Lets page tests choose exactly which language variants and gate pages "exist",
 * independent of whether `astro build` ran.
 */
export function fakeBuild(files: Record<string, string>): FakeBuild {
  const requests: Request[] = [];
  const fetcher = {
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = new Request(input, init);
      requests.push(request);
      const path = new URL(request.url).pathname;
      const body = files[path];
      if (body === undefined) return new Response('Not found', { status: 404 });
      const etag = `"${path.length}-${body.length}"`;
      if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
      const type = path.endsWith('.html') ? 'text/html' : path.endsWith('.js') ? 'text/javascript' : 'image/svg+xml';
      return new Response(body, { headers: { 'Content-Type': type, ETag: etag } });
    },
  };
  return { assets: fetcher as unknown as Fetcher, requests };
}

/** A page file body that names itself, so a test can tell which file was served. */
export const file = (name: string): string => `<!doctype html><html><body><main>${name}</main></body></html>`;

/** The restricted page as the build makes it: the IP element holds a dash until the edge fills it in. */
export const RESTRICTED_PAGE = '<!doctype html><html><body><p>Your IP address: <strong data-client-ip>—</strong></p></body></html>';

/**
 * A small build: every page of the route table in EN (body "<id> EN"), CN and JA home variants, a CN
 * maintenance variant, both gate pages and a couple of static files.
 */
export const BUILD_FILES: Record<string, string> = {
  ...Object.fromEntries(PAGE_ROUTES.map((route) => [route.file, file(`${route.id} EN`)])),
  '/i18n/cn/m/home.html': file('home CN'),
  '/i18n/ja/m/home.html': file('home JA'),
  '/i18n/cn/m/maintenance.html': file('maintenance CN'),
  '/m/maintenance.html': file('maintenance EN'),
  '/m/restricted.html': RESTRICTED_PAGE,
  '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '/_assets/app.abc123.js': 'console.log(1)',
};

/** A page-level answer: status, headers and the HTML text. */
export interface PageAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The text without the site markup the edge writes into `<html>` (data-switches, data-site-theme, data-merchant, data-capabilities, the brand's data-site-name, data-app-name, data-brand-logo) and its served data blocks (rules/served.ts): the file as built. */
  file: string;
}

/**
 * Requests `path` from the worker app as a browser would (default host 127.0.0.1, the DEMO site), with
 * `env` overriding bindings for this call (e.g. ASSETS: fakeBuild(...).assets).
 */
export async function page(
  path: string,
  init: RequestInit & { env?: Partial<Bindings>; options?: AppOptions } = {},
): Promise<PageAnswer> {
  const { env: override, options, ...requestInit } = init;
  const url = path.startsWith('http') ? path : `http://127.0.0.1${path}`;
  const response = await createApp(options).request(url, requestInit, override ? { ...env, ...override } : env);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, file: text
    .replace(/ data-(?:switches|site-theme|merchant|capabilities|site-name|app-name|brand-logo)(?:="[^"]*")?/g, '')
    .replace(/<script type="application\/json" id="pd-served-[a-z-]+">.*?<\/script>/gs, '') };
}

/** Operator state of one merchant, as the edge reads it. */
export interface SiteState {
  maintenance?: boolean;
  restrictedRegions?: string[];
}

/**
 * Runs `body` with a merchant temporarily in the given state, then restores it. Clears the 30 s merchant
 * cache on both sides so the edge sees each change at once.
 */
export async function withSiteState<T>(code: string, state: SiteState, body: () => Promise<T>): Promise<T> {
  const before = await env.DB.prepare(`SELECT maintenance, restricted_regions FROM merchants WHERE code = ?`)
    .bind(code)
    .first<{ maintenance: number; restricted_regions: string }>();
  if (!before) throw new Error(`No merchant ${code}`);
  await env.DB.prepare(`UPDATE merchants SET maintenance = ?, restricted_regions = ? WHERE code = ?`)
    .bind(
      state.maintenance === undefined ? before.maintenance : Number(state.maintenance),
      state.restrictedRegions === undefined ? before.restricted_regions : JSON.stringify(state.restrictedRegions),
      code,
    )
    .run();
  clearMerchantCache();
  try {
    return await body();
  } finally {
    await env.DB.prepare(`UPDATE merchants SET maintenance = ?, restricted_regions = ? WHERE code = ?`)
      .bind(before.maintenance, before.restricted_regions, code)
      .run();
    clearMerchantCache();
  }
}
