import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { generateCookie, getCookie } from 'hono/cookie';
import type { AppEnv } from '../../env';
import type { Language } from '../../../rules/i18n';
import { PAGE_ROUTES, pageForPath, type PageRoute } from '../../../rules/routes';
import { enabledSwitchesFor, hostOf, merchantForHost, siteCacheMs } from '../../middleware/merchant';
import { CAPABILITIES, SOCIAL_LOGIN_CAPABILITIES, capabilitiesFor, type Capability } from '../../../contract/capabilities';
import { SOCIAL_PROVIDERS, configuredProvider, type SocialProvider } from '../../services/accounts/social-login';
import { buildFileHeaders, markupTag, withSiteMarkup } from './site';
import { GATE_PAGES, UNAVAILABLE_PAGE, gateFor } from '../../model/gating';
import { gateResponse, notFoundHtmlResponse, siteNotConfiguredResponse, unavailableResponse } from './gate-pages';
import { listCustomerService } from '../../db/queries/settings';
import { findMaintenanceText } from '../../db/queries/maintenance-texts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from '../../../rules/languages';
import { CONTENT_LANGUAGE, resolveLanguage, variantFile } from './language';
import { fillFor } from '../fills/registry';
import { withAnswerCache, withDeadline, type ApiFetch } from '../fills/api';
import { upstreamSettings } from '../upstream/upstream-guard';
import { upstreamImageOrigins } from './headers';
import { homeContentFor, homeContentTag, withHomeContent, type HomeContent } from '../fills/home-content';
import { rewriteCrawl } from './crawl';
import { PREVIEW_PARAM, previewGrant } from '../../services/content/content-preview';

/** Build output under this prefix is content-hashed: cache it for a year. */
const HASHED_ASSETS = '/_assets/';
/** Language variants of the pages live here in the build; they are served only through their routes. */
const VARIANT_TREE = '/i18n/';

const pageByFile = new Map<string, PageRoute>(PAGE_ROUTES.map((r) => [r.file, r]));

/**
 * The page a path asks for: a route of the table (player-shell §2), or a page's build file named directly
 * (`/play/slot.html`), so no page file can be fetched around the gate.
 */
function pageForRequest(pathname: string): PageRoute | null {
  return pageForPath(pathname) ?? pageByFile.get(pathname) ?? null;
}

/** Fetches one file of the build from the ASSETS binding. */
function fetchBuildFile(assets: Fetcher, base: URL, file: string, headers?: Headers): Promise<Response> {
  return assets.fetch(new Request(new URL(file, base), { method: 'GET', ...(headers ? { headers } : {}) }));
}

/**
 * Fetches a page file in `language`: its variant when the build has one, else the EN file. Returns the
 * response and the language actually served (which `Content-Language` must name).
 */
async function fetchLocalisedFile(
  assets: Fetcher, base: URL, file: string, language: Language, headers?: Headers,
): Promise<{ response: Response; served: Language }> {
  const variant = variantFile(language, file);
  if (variant) {
    const response = await fetchBuildFile(assets, base, variant, headers);
    if (response.status !== 404) return { response, served: language };
    await response.body?.cancel();
  }
  return { response: await fetchBuildFile(assets, base, file, headers), served: 'EN' };
}

/**
 * Serves a request from the Astro build. Static files (anything that is not a page) are never gated and
 * need no merchant; hashed assets are immutable. Page requests (player-shell §2 Routes) go through the edge:
 * 1. host → merchant (unknown host: plain HTML 404 "site not configured");
 * 2. language: `?lang=` > `language` cookie > Accept-Language > EN; `?lang=` also sets the cookie for a year;
 * 3. gate (player-shell §3/§4): maintenance → the maintenance page, 503 + Retry-After, with the operator's
 *    maintenance text when set; restricted region (CF-IPCountry in merchant.restrictedRegions) → the restricted
 *    page, 451, showing the visitor IP; both with the site's customer-service contacts; maintenance wins when both
 *    apply;
 * 4. otherwise the page file in the chosen language (EN file when the variant is missing) with the site's
 *    theme and switches written into `<html>` (pages/site.ts) and a per-site ETag, revalidated on every
 *    visit (`no-cache`), its canonical link, language alternates and Open Graph card on the site's own address
 *    (pages/crawl.ts rewriteCrawl); home also gets the merchant's banners, notice titles, video and local banners
 *    (home-content.ts, read like the content pages of step 5), its ETag their fingerprint.
 * Every page answer carries `Content-Language` (BCP 47 tag of the file served) and `Vary: Cookie,
 * Accept-Language`. Merchant answers and switches are cached per isolate (merchant.ts, SITE_CACHE_SECONDS).
 * 5. content pages (help, helpDetail, activity, activityDetail) get the operator's content written in
 *    (fills/content.ts), the app page its download links (fills/app.ts; it also varies by User-Agent), the registration page its form
 *    for the site's settings (fills/register.ts), and the list pages (gameList, lottery) their first page of results (fills/list.ts): in
 *    built-in mode from the queries and services their routes call (docs/edge.md "Where a fill's data comes from"),
 *    else through `api`, the platform's API (upstream mode); the content's fingerprint joins the ETag's
 *    site tag, so a changed help text or game list is never confirmed with 304. In upstream mode a page's fills
 *    together wait at most UPSTREAM_FILL_DEADLINE_MS (fills/api.ts withDeadline); a late or failed call is answered
 *    by the last good answer (withAnswerCache), else the page goes without that block; help and promotions show
 *    their "could not be loaded, try again" state instead (fills/content.ts; docs/upstream-mode.md).
 */
export async function servePageOrAsset(c: Context<AppEnv>, api?: ApiFetch): Promise<Response> {
  const url = new URL(c.req.url);
  const page = pageForRequest(url.pathname);
  if (page) return servePage(c, url, page, api);
  if (url.pathname.startsWith(VARIANT_TREE) && url.pathname.endsWith('.html')) return notFoundHtmlResponse();
  const upstream = await fetchBuildFile(c.env.ASSETS, url, url.pathname + url.search, c.req.raw.headers);
  const response = new Response(upstream.body, upstream);
  if (url.pathname.startsWith(HASHED_ASSETS) && upstream.ok) {
    response.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  }
  return response;
}

async function servePage(c: Context<AppEnv>, url: URL, page: PageRoute, api?: ApiFetch): Promise<Response> {
  const merchant = await merchantForHost(c.env.DB, hostOf(c.req.url), siteCacheMs(c.env));
  if (!merchant) return siteNotConfiguredResponse();

  const choice = resolveLanguage({
    query: url.searchParams.get('lang'),
    cookie: getCookie(c, LANGUAGE_COOKIE),
    acceptLanguage: c.req.header('Accept-Language'),
    siteDefault: merchant.defaultLanguage,
  });
  const gate = gateFor(merchant, c.req.header('CF-IPCountry'));

  const switches = await enabledSwitchesFor(c.env.DB, merchant.code, siteCacheMs(c.env));
  const markup = {
    origin: url.origin, theme: merchant.theme, switches, merchantCode: merchant.code,
    capabilities: await siteCapabilities(c, merchant.code), brand: merchant.brand, imageOrigins: upstreamImageOrigins(c.env),
  };
  // The fills' calls run side by side: home's vendor mapping and hot games row (fills/home.ts) beside its banners.
  // Their visitor answers are kept per isolate for SITE_CACHE_SECONDS, per mode, URL and headers (fills/api.ts
  // withAnswerCache): every visitor of a page in a language gets the same, and in upstream mode each would otherwise
  // be a call to the platform per page view. Read on every request: the lottery list (its count-downs are drawn from
  // the server's clock of the request) and the operator's help and promotion texts (an edit shows at once).
  // In upstream mode every fill's call has its own short deadline (UPSTREAM_FILL_DEADLINE_MS, fills/api.ts withDeadline)
  // and a failed or late call is answered by the last good answer (stale if error), else the block is left out (help
  // and promotions: their "could not be loaded" state): the calls read on every request (help, promotions, lottery)
  // keep their last good answer too (a lifetime of 0).
  const mode = c.env.UPSTREAM_API_URL ? 'upstream' : 'built-in';
  const bounded = api && mode === 'upstream' ? withDeadline(api, upstreamSettings(c.env).fillDeadlineMs) : api;
  const kept = bounded ? withAnswerCache(bounded, { mode, cacheMs: siteCacheMs(c.env) }) : undefined;
  const everyTime = bounded ? withAnswerCache(bounded, { mode, cacheMs: 0 }) : undefined;
  const pageFill = fillFor(page.id);
  // A content preview (`?preview=<token>` from the back office, docs/back-office.md "Content"): built-in mode only;
  // the fills show the item as saved, read fresh, and the page is neither stored nor indexed.
  const grant = mode === 'built-in' && !gate ? await previewGrant(c.env.DB, merchant.code, url.searchParams.get(PREVIEW_PARAM)) : null;
  const preview = grant ? { kind: grant.kind, target: grant.target } : undefined;
  const direct = mode === 'built-in' ? { db: c.env.DB, cacheMs: siteCacheMs(c.env), preview } : null;
  const filling = gate || !everyTime || !kept || !pageFill ? null : pageFill({
    url, language: choice.language, merchantCode: merchant.code, kept, everyTime, capabilities: markup.capabilities, switches, direct,
    userAgent: c.req.header('User-Agent') ?? '',
  });
  // Home carries the merchant's banners and notice titles in its first HTML (home-content.ts); its ETag follows them.
  // Read like the content pages: through `api` in upstream mode (the platform's announcements), directly in built-in mode.
  const homeFilling: Promise<HomeContent> | null = page.id === 'home' && !gate && kept
    ? homeContentFor({ api: kept, direct, origin: url.origin, merchantCode: merchant.code, language: choice.language })
    : null;
  const [fill, home] = await Promise.all([filling, homeFilling]);
  const tag = `${markupTag(markup)}${fill ? `-${fill.fingerprint}` : ''}${home ? homeContentTag(home) : ''}`;
  let response: Response;
  let served: Language;
  if (gate) {
    // No conditional headers: a 304 would lose the gate status. The gate page wears the site's theme too.
    // The site's contacts (the pages tell the player to contact customer service) and, in maintenance, the
    // operator's text in the visitor's language; a failed read leaves the page as built.
    const [built, links, maintenanceText] = await Promise.all([
      fetchLocalisedFile(c.env.ASSETS, url, GATE_PAGES[gate].file, choice.language),
      listCustomerService(c.env.DB, merchant.code).catch(() => []),
      gate === 'maintenance' ? findMaintenanceText(c.env.DB, merchant.code, choice.language).catch(() => null) : null,
    ]);
    response = withSiteMarkup(gateResponse(gate, built.response, c.var.clientIp, { links, maintenanceText }), markup, tag);
    served = built.response.ok ? built.served : 'EN';
  } else {
    const built = await fetchLocalisedFile(c.env.ASSETS, url, page.file, choice.language, buildFileHeaders(c.req.raw.headers, tag));
    const address = { pageId: page.id, url, served: built.served };
    const more = (r: HTMLRewriter) => rewriteCrawl(fill ? fill.apply(r) : r, address, merchant.brand, fill?.head ?? null);
    response = withSiteMarkup(home ? withHomeContent(built.response, home) : built.response, markup, tag, more);
    response.headers.set('Cache-Control', 'no-cache');
    response.headers.set('Content-Type', 'text/html; charset=utf-8');
    served = built.served;
  }

  response.headers.set('Content-Language', CONTENT_LANGUAGE[served]);
  response.headers.set('Vary', `Cookie, Accept-Language${fill?.vary ? `, ${fill.vary}` : ''}`);
  if (preview) {
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('X-Robots-Tag', 'noindex');
    response.headers.delete('ETag');
  }
  if (choice.setCookie) {
    response.headers.append(
      'Set-Cookie',
      generateCookie(LANGUAGE_COOKIE, choice.language, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_MAX_AGE,
        sameSite: 'Lax',
        secure: url.protocol === 'https:',
      }),
    );
  }
  return response;
}

/**
 * The site's own "platform unavailable" page for this request (docs/upstream-mode.md, "When the platform is slow, down or wrong"):
 * the built page (src/views/Unavailable.astro) in the visitor's language (`?lang=` > language cookie >
 * Accept-Language > EN), wearing the site's theme, with the site's customer-service contacts from its own settings
 * (not the platform's), status 502 and Retry-After (gate-pages.ts unavailableResponse). Used where a forwarded
 * platform page failed; a host no merchant serves gets the plain "site not configured" page. A failure to read the
 * site's settings still answers the page (without contacts).
 */
export async function platformUnavailablePage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const merchant = await merchantForHost(c.env.DB, hostOf(c.req.url), siteCacheMs(c.env)).catch(() => null);
  if (!merchant) return siteNotConfiguredResponse();
  const choice = resolveLanguage({
    query: url.searchParams.get('lang'),
    cookie: getCookie(c, LANGUAGE_COOKIE),
    acceptLanguage: c.req.header('Accept-Language'),
    siteDefault: merchant.defaultLanguage,
  });
  const [built, switches, links] = await Promise.all([
    fetchLocalisedFile(c.env.ASSETS, url, UNAVAILABLE_PAGE.file, choice.language).catch(() => null),
    enabledSwitchesFor(c.env.DB, merchant.code, siteCacheMs(c.env)).catch(() => []),
    listCustomerService(c.env.DB, merchant.code).catch(() => []),
  ]);
  const markup = {
    origin: url.origin, theme: merchant.theme, switches, merchantCode: merchant.code,
    capabilities: capabilitiesFor(c.env.UPSTREAM_API_URL), brand: merchant.brand, imageOrigins: upstreamImageOrigins(c.env),
  };
  const response = withSiteMarkup(unavailableResponse(built?.response ?? null, links), markup, markupTag(markup));
  const served = built?.response.ok ? built.served : 'EN';
  response.headers.set('Content-Language', CONTENT_LANGUAGE[served]);
  response.headers.set('Vary', 'Cookie, Accept-Language');
  return response;
}

/** `Sec-Fetch-Dest` values of a navigation: the player opens a page (or the launcher frames it). */
const NAVIGATION_DESTS: ReadonlySet<string> = new Set(['document', 'iframe', 'frame']);

/**
 * Whether a forwarded platform answer may reach the player as it is: a redirect, or any answer below 500 to a
 * request for one of the page's own files (its scripts, styles, images and data calls: `Sec-Fetch-Dest` names
 * something other than a document), else (a navigation, or a client that sends no `Sec-Fetch-Dest`) an HTML answer
 * below 500.
 */
function isShowablePage(request: Request, answer: Response): boolean {
  if (answer.status >= 300 && answer.status < 400) return true;
  if (answer.status >= 500) return false;
  const dest = request.headers.get('Sec-Fetch-Dest')?.toLowerCase();
  if (dest && !NAVIGATION_DESTS.has(dest)) return true;
  return (answer.headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/html');
}

/**
 * Guard around the forwarded platform pages (/m/lotto-h5/…; upstream mode only, docs/upstream-mode.md, "When the platform is slow, down or wrong"):
 * after the forwarding, an answer the player must not see — the worker's error envelope because the platform
 * failed (502 `upstream_unavailable`: timeout, refused, cut), a platform 5xx, or, for a navigation, anything that is
 * not HTML (JSON, text, garbage) — becomes the site's own platform-unavailable page (platformUnavailablePage, 502);
 * the page's own files (isShowablePage) pass as the platform sent them. A showable answer is read whole here, so a
 * connection dropped midway also ends on that page instead of a half page. GET and HEAD
 * only; without UPSTREAM_API_URL the request goes on untouched (the built-in page).
 */
export const platformPageGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.env.UPSTREAM_API_URL || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
  await next();
  let answer: Response | null = c.error ? null : c.res;
  if (answer && isShowablePage(c.req.raw, answer)) {
    if (c.req.method === 'GET' && answer.body && answer.status < 300) {
      try {
        const body = await answer.arrayBuffer();
        answer = new Response(body, answer);
      } catch (error) {
        console.warn('platform page cut midway', new URL(c.req.url).pathname, String(error));
        answer = null;
      }
    }
    if (answer) {
      c.res = undefined as unknown as Response; // replace, not merge, the forwarded answer's headers
      c.res = answer;
      return;
    }
  } else if (answer) {
    console.warn('platform page failed', new URL(c.req.url).pathname, answer.status, answer.headers.get('Content-Type'));
    await answer.body?.cancel().catch(() => undefined);
  }
  c.error = undefined;
  c.res = undefined as unknown as Response;
  c.res = await platformUnavailablePage(c);
});

const socialCache = new Map<string, { capabilities: Capability[]; at: number }>();

/**
 * The capabilities written into `<html data-capabilities>`: the deployment's (capabilitiesFor), plus, where it
 * serves `oauth`, `oauth-<provider>` for each social provider the site has configured (services/social-login.ts
 * configuredProvider), so a switched-on provider without credentials shows no button — and the worker's log says
 * once per isolate which switch is on without its provider, and how to fix it. Cached per isolate like the
 * switches (SITE_CACHE_SECONDS).
 */
async function siteCapabilities(c: Context<AppEnv>, merchantCode: string): Promise<Capability[]> {
  const base = capabilitiesFor(c.env.UPSTREAM_API_URL);
  if (!base.includes(CAPABILITIES.oauth)) return [...base];
  const now = Date.now();
  let hit = socialCache.get(merchantCode);
  if (!hit || now - hit.at >= siteCacheMs(c.env)) {
    const providers = Object.keys(SOCIAL_PROVIDERS) as SocialProvider[];
    const on = await enabledSwitchesFor(c.env.DB, merchantCode, siteCacheMs(c.env));
    const configured = await Promise.all(providers.map((p) => configuredProvider(c.env.DB, c.env, merchantCode, p, on.includes(SOCIAL_PROVIDERS[p]))));
    hit = { capabilities: providers.filter((_, i) => configured[i]).map((p) => SOCIAL_LOGIN_CAPABILITIES[p]), at: now };
    socialCache.set(merchantCode, hit);
  }
  return [...base, ...hit.capabilities];
}
