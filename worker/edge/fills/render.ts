import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { LANGUAGES } from '../../../contract/languageCodes';
import { localeContext, readRenderLocaleWith, type LocaleContext, type Language, type Messages, type PageLocale } from '../../../rules/i18n';

/**
 * How the edge renders an island's view into the first HTML (docs/design.md "The edge renders each island once"):
 * the view component the island renders (src/components/*View.tsx), from the data the edge serves beside it, with
 * React's server renderer, in the page's language. The page carries the messages the view needs in its fill
 * element's `data-texts` (src/views/listTexts.ts viewTexts: a page locale holding only those keys), so the worker
 * needs no locale files; while the view renders, `t()` (rules/i18n.ts) answers from that locale.
 *
 * renderToString, as Astro renders an island's first HTML (text separators `<!-- -->` included), so the island
 * hydrates over it without a mismatch. It is synchronous: one render runs at a time in an isolate, so the locale
 * it reads is a plain variable set around it.
 */

let rendering: LocaleContext | undefined;
readRenderLocaleWith(() => rendering);

/**
 * The locale a fill element's `data-texts` holds (decoded JSON `{ language, tag, dir, messages }`), or null when it is
 * not one (then the edge writes nothing and the island renders itself).
 */
export function viewLocaleOf(value: unknown): PageLocale | null {
  if (typeof value !== 'object' || value === null) return null;
  const { language, tag, dir, messages } = value as Record<string, unknown>;
  if (!(LANGUAGES as readonly unknown[]).includes(language) || typeof tag !== 'string' || (dir !== 'ltr' && dir !== 'rtl')) return null;
  if (typeof messages !== 'object' || messages === null) return null;
  const own: Messages = {};
  for (const [key, message] of Object.entries(messages)) if (typeof message === 'string') (own as Record<string, string>)[key] = message;
  return { language: language as Language, tag, dir, messages: own };
}

/**
 * The image preloads React's server renderer puts in front of a view whose images ask for a high fetch priority
 * (`<link rel="preload" as="image" …/>`, one per such image). A view's HTML goes inside its island's element, not
 * in `<head>`: the browser already finds those images early in the markup that follows, the island renders no such
 * link when it hydrates, and the first HTML stays as the island's markup alone.
 */
const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;

/**
 * `view` rendered to HTML (React's renderToString, without the image preloads React puts in front:
 * {@link LEADING_IMAGE_PRELOADS}) with `t()` answering in `locale`. Throws what the view throws.
 */
export function renderView(locale: PageLocale, view: ReactElement): string {
  rendering = localeContext(locale);
  try {
    return renderToString(view).replace(LEADING_IMAGE_PRELOADS, '');
  } finally {
    rendering = undefined;
  }
}

/** Rendered views kept per isolate, by key (the oldest goes first past the limit). */
const renderedViews = new Map<string, string>();
/** Views kept at most: fills × languages × data versions stays far below it. */
const MAX_RENDERED = 500;

/**
 * {@link renderView}, kept per isolate under `key` (which must name everything the HTML depends on: the view, its
 * data's fingerprint and the locale), so a page whose data has not changed (home's hot games row: its answer is kept
 * for SITE_CACHE_SECONDS) is not rendered again on every view. The figures are in docs/design.md.
 */
export function renderViewKept(key: string, locale: PageLocale, view: () => ReactElement): string {
  const hit = renderedViews.get(key);
  if (hit !== undefined) return hit;
  const html = renderView(locale, view());
  renderedViews.set(key, html);
  if (renderedViews.size > MAX_RENDERED) renderedViews.delete(renderedViews.keys().next().value!);
  return html;
}
