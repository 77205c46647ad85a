import type { Language } from '../../../rules/i18n';
import { DEFAULT_SITE_NAME } from '../../../rules/brand';
import { addressParams, disallowedPaths, pageAddress } from '../../../rules/crawl';
import { pathOf } from '../../../rules/routes';
import { parseLanguage } from '../../../rules/languages';
import type { SiteBrand } from '../../model/branding';
import { escapeText } from './brand';

/**
 * What one page answer says about its address (docs/edge.md "Crawlers"): the page, the request's URL and the
 * language served.
 */
export interface PageAddress {
  /** Page id of rules/routes.ts. */
  pageId: string;
  url: URL;
  /** The language of the file served. */
  served: Language;
}

/**
 * The page's canonical address, absolute on the request's origin: with `?lang=` in the request, the address of the
 * language served (`/m/activityDetail?id=5&lang=fr`); without it, the page's `x-default` address
 * (`/m/activityDetail?id=5`), which names itself (the visitor's language decides what it shows, and a canonical link
 * to another language's address would send crawlers away from the page the alternates name as `x-default`).
 * Parameters that do not name what the page shows (a search, tracking) are left out (rules/crawl.ts ADDRESS_PARAMS).
 */
export function canonicalOf({ pageId, url, served }: PageAddress): string {
  const params = addressParams(pageId, url.searchParams);
  const asked = url.searchParams.has('lang');
  return `${url.origin}${pageAddress(pathOf(pageId), params, asked ? served : null)}`;
}

/**
 * A page's own head where its content names it (a promotion, a help item: fills/content-head.ts), in place of the
 * build's title and description for the page kind. Plain text; escaped where written.
 */
export interface PageHead {
  /** The page's title, without the site's name (rewriteCrawl adds ` · <site name>`). */
  title: string;
  /** The description (`<meta name=description>`, `og:description`), or null to keep the page's own. */
  description: string | null;
  /** The card's picture (`og:image`): an https address or a path of the site, or null for the site's picture. */
  image: string | null;
  /** `og:type`. */
  type: 'website' | 'article';
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped, so the text can never close the element. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** An image address made absolute on `origin` (a site path), or kept (an https address). */
function absolute(origin: string, image: string): string {
  return image.startsWith('/') ? `${origin}${image}` : image;
}

/** The site's picture for link previews: its wordmark, else its icon, absolute. */
export function siteImage(origin: string, brand: SiteBrand): string {
  return `${origin}${brand.logo ?? brand.favicon}`;
}

/**
 * Writes a page's crawler links and card (docs/edge.md "Crawlers"): the build writes them site-relative and in the
 * build's name (src/layouts/Frame.astro); the edge makes them this site's:
 * - `<link rel=canonical>` and `og:url`: canonicalOf;
 * - the language alternates (`<link rel=alternate hreflang>`): absolute, with the page's naming parameters
 *   (`/m/activityDetail?id=5&lang=fr`; `x-default` without `lang`);
 * - `og:site_name`, `og:title`, `og:description`, `<meta name=description>`: the build's name replaced by the site's;
 *   `og:image`: siteImage;
 * - with a `head` (a detail page's own: fills/content-head.ts): `<title>` and `og:title` `<head.title> · <site name>`,
 *   the description and `og:description` head.description (when it has one), `og:image` the head's image made
 *   absolute (when it has one), `og:type` head.type. The title element's text is replaced whole (the brand's
 *   renaming of the build's title sees the replaced text: pages/brand.ts);
 * - home: the site as a schema.org Organization (name, address, logo) in a JSON-LD block at the end of `<head>`.
 *   A JSON-LD block is data, never run: the page's script policy does not apply to it.
 */
export function rewriteCrawl(rewriter: HTMLRewriter, address: PageAddress, brand: SiteBrand, head: PageHead | null = null): HTMLRewriter {
  const { url, pageId } = address;
  const canonical = canonicalOf(address);
  const params = addressParams(pageId, url.searchParams);
  const path = pathOf(pageId);
  const named = (value: string | null) => (value ?? '').split(DEFAULT_SITE_NAME).join(escapeText(brand.siteName));
  rewriter
    .on('link[rel="canonical"]', { element: (element) => { element.setAttribute('href', canonical); } })
    .on('link[rel="alternate"][hreflang]', {
      element: (element) => {
        const href = element.getAttribute('href') ?? '';
        if (!href.startsWith('/') || href.startsWith('//')) return;
        const language = parseLanguage(new URL(href, url.origin).searchParams.get('lang'));
        element.setAttribute('href', `${url.origin}${pageAddress(path, params, language)}`);
      },
    })
    .on('meta[property="og:url"]', { element: (element) => { element.setAttribute('content', canonical); } })
    .on('meta[property="og:image"]', {
      element: (element) => { element.setAttribute('content', head?.image ? absolute(url.origin, head.image) : siteImage(url.origin, brand)); },
    })
    .on('meta[property^="og:"], meta[name="description"]', {
      element: (element) => {
        const content = element.getAttribute('content');
        if (content?.includes(DEFAULT_SITE_NAME)) element.setAttribute('content', named(content));
      },
    });
  if (head) {
    const title = `${head.title} · ${brand.siteName}`;
    // Attribute values: `&<>` escaped here, the quote by the rewriter's setAttribute (pages/brand.ts escapeText).
    const attribute = escapeText;
    rewriter
      .on('title', { element: (element) => { element.setInnerContent(title, { html: false }); } })
      .on('meta[property="og:title"]', { element: (element) => { element.setAttribute('content', attribute(title)); } })
      .on('meta[property="og:type"]', { element: (element) => { element.setAttribute('content', head.type); } });
    if (head.description) {
      const description = attribute(head.description);
      rewriter.on('meta[name="description"], meta[property="og:description"]', {
        element: (element) => { element.setAttribute('content', description); },
      });
    }
  }
  if (pageId === 'home') {
    const organization = {
      '@context': 'https://schema.org', '@type': 'Organization', name: brand.siteName, url: `${url.origin}/`,
      logo: siteImage(url.origin, brand),
    };
    rewriter.on('head', {
      element: (element) => {
        element.append(`<script type="application/ld+json">${jsonLd(organization)}</script>`, { html: true });
      },
    });
  }
  return rewriter;
}

/**
 * The site's `/robots.txt` (docs/edge.md "Crawlers"): every crawler may read the public pages; the API, the
 * platform's and payment pages, the console and every page that is not public (rules/crawl.ts disallowedPaths: the
 * member pages among them) are disallowed; the sitemap is named on the site's own origin, so each of an operator's
 * domains names its own. `siteName` heads it as a comment.
 */
export function robotsText(origin: string, siteName: string): string {
  const comment = siteName.replace(/[\r\n]+/g, ' ');
  return [
    `# ${comment}`,
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
