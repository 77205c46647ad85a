import { sha256 } from '@noble/hashes/sha2.js';
import { DEFAULT_SITE_NAME } from '../../../rules/brand';
import { accentInk, readableTextOn } from '../../../rules/contrast';
import { DEFAULT_FAVICON, imageTypeOf, type SiteBrand } from '../../model/branding';

/**
 * What the edge writes into the first HTML so a page looks like its site before any script runs (issue "Every
 * site its own brand"; one build serves every site):
 * - `<html data-site-name data-app-name>`: the names `t()` fills into `{site}` / `{app}` in the browser
 *   (rules/brand.ts), so islands hydrate with the text the edge wrote;
 * - the texts of elements marked `data-brand` (and their aria-label, title, alt): the build's default name
 *   (`PlayDeck`) becomes the site's name, or the app's name where the mark says `data-brand="app"`; `<title>` the
 *   same;
 * - `<p data-brand-footer hidden>`: filled with the operator's footer line and shown;
 * - `<link rel=icon>`: the site's favicon; `<link rel=manifest>`: `?merchantCode=<code>`; `<meta name=theme-color>`:
 *   the brand colour;
 * - the brand's colours (`--brand-primary`, `--brand-accent`, and for the accent the readable text on it and its
 *   ink per theme: brandStyle) and wordmark (`--brand-logo`, `<html data-brand-logo>`) as one `<style>` at the end
 *   of `<head>`. Pages carry a hash-based CSP (no
 *   'unsafe-inline'), so the style's SHA-256 is added to the page's `style-src`: the style applies at first paint
 *   and nothing else inline is allowed.
 * Every operator string is escaped where it is written (text: `&<>`; attributes: by the rewriter, plus quotes);
 * colours and paths are validated shapes (worker/model/branding.ts) and only those reach the style.
 */

/**
 * The brand's style sheet text, or null when the brand sets no colour and no wordmark. With an accent colour
 * (docs/seo.md "The brand's accent"; src/styles/global.css turns these into the themes' `--accent`,
 * `--accent-text`, `--accent-ink` and `--link`):
 * - `--brand-accent`: the colour itself (filled primary buttons, chips, the player's chat lines);
 * - `--brand-accent-text`: black or white, whichever reads better on it (rules/contrast.ts readableTextOn);
 * - `--brand-accent-ink-dark` / `--brand-accent-ink-light`: the accent as links and text on each theme's
 *   backgrounds, darkened or lightened where it would not reach WCAG AA (rules/contrast.ts accentInk). Both are
 *   written: the player may switch the theme without a new page.
 */
export function brandStyle(brand: SiteBrand): string | null {
  const rules: string[] = [];
  if (brand.primaryColor) rules.push(`--brand-primary:${brand.primaryColor}`);
  if (brand.accentColor) {
    rules.push(
      `--brand-accent:${brand.accentColor}`,
      `--brand-accent-text:${readableTextOn(brand.accentColor)}`,
      `--brand-accent-ink-dark:${accentInk(brand.accentColor, 'dark')}`,
      `--brand-accent-ink-light:${accentInk(brand.accentColor, 'light')}`,
    );
  }
  if (brand.logo) rules.push(`--brand-logo:url("${brand.logo}")`);
  return rules.length > 0 ? `:root{${rules.join(';')}}` : null;
}

/** CSP source expression of a style text: `'sha256-<base64>'`. */
export function styleHash(style: string): string {
  let binary = '';
  for (const byte of sha256(new TextEncoder().encode(style))) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

/** A CSP with `source` added to its style-src (and style-src-elem when present); unchanged when it has neither. */
export function cspAllowingStyle(policy: string, source: string): string {
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0]?.toLowerCase();
      return name === 'style-src' || name === 'style-src-elem' ? `${directive.trimEnd()} ${source}` : directive;
    })
    .join(';');
}

/**
 * Text escaped for HTML text content (also safe inside `<title>`) and for attribute values written with the
 * rewriter's setAttribute, which escapes only the quote.
 */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The build's default name in `raw` (HTML as written, entities kept) replaced by `name`, escaped. */
function renamed(raw: string, name: string): string {
  return raw.split(DEFAULT_SITE_NAME).join(escapeText(name));
}

/**
 * Collects the text of one text node across chunks and writes it once, renamed. The rewriter's text chunks are raw
 * HTML text (entities as written), so the result is written as HTML.
 */
function renamingText(nameFor: (element: 'site' | 'app') => string, kind: () => 'site' | 'app') {
  let buffer = '';
  return (chunk: Text) => {
    buffer += chunk.text;
    if (!chunk.lastInTextNode) {
      chunk.remove();
      return;
    }
    const whole = buffer;
    buffer = '';
    if (whole.includes(DEFAULT_SITE_NAME)) chunk.replace(renamed(whole, nameFor(kind())), { html: true });
    else if (whole !== chunk.text) chunk.replace(whole, { html: true });
  };
}

const NAMED_ATTRIBUTES = ['aria-label', 'title', 'alt'] as const;

/** Adds the brand's handlers to `rewriter` (see the module's description). */
export function rewriteBrand(rewriter: HTMLRewriter, brand: SiteBrand, merchantCode: string): HTMLRewriter {
  const nameFor = (kind: 'site' | 'app') => (kind === 'app' ? brand.appName : brand.siteName);
  const style = brandStyle(brand);
  // The kind of the innermost marked element being read (marks do not nest in practice; the latest wins).
  let kind: 'site' | 'app' = 'site';
  return rewriter
    .on('html', {
      element: (element) => {
        element.setAttribute('data-site-name', escapeText(brand.siteName));
        element.setAttribute('data-app-name', escapeText(brand.appName));
        if (brand.logo) element.setAttribute('data-brand-logo', '');
      },
    })
    .on('meta[http-equiv="content-security-policy" i]', {
      element: (element) => {
        const policy = element.getAttribute('content');
        if (style && policy) element.setAttribute('content', cspAllowingStyle(policy, styleHash(style)));
      },
    })
    .on('head', {
      element: (element) => {
        if (style) element.append(`<style>${style}</style>`, { html: true });
      },
    })
    .on('title', { text: renamingText(nameFor, () => 'site') })
    .on('meta[name="theme-color"]', {
      element: (element) => {
        if (brand.primaryColor) element.setAttribute('content', brand.primaryColor);
      },
    })
    .on('link[rel="icon"]', {
      element: (element) => {
        if (brand.favicon === DEFAULT_FAVICON) return;
        element.setAttribute('href', brand.favicon);
        element.setAttribute('type', imageTypeOf(brand.favicon));
      },
    })
    .on('link[rel="manifest"]', {
      element: (element) => {
        const href = element.getAttribute('href');
        if (href?.startsWith('/') && !href.includes('?')) element.setAttribute('href', `${href}?merchantCode=${encodeURIComponent(merchantCode)}`);
      },
    })
    .on('[data-brand]', {
      element: (element) => {
        kind = element.getAttribute('data-brand') === 'app' ? 'app' : 'site';
        for (const attribute of NAMED_ATTRIBUTES) {
          const value = element.getAttribute(attribute);
          if (value?.includes(DEFAULT_SITE_NAME)) element.setAttribute(attribute, renamed(value, nameFor(kind)));
        }
      },
      text: renamingText(nameFor, () => kind),
    })
    .on('[data-brand-footer]', {
      element: (element) => {
        if (!brand.footer) return;
        element.setInnerContent(brand.footer, { html: false });
        element.removeAttribute('hidden');
      },
    });
}
