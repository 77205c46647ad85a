/**
 * The site's brand names in the browser. Every site is built from the same pages; the edge writes the site's
 * names into `<html data-site-name data-app-name>` (worker/edge/pages/brand.ts) and replaces the build's default
 * name in the marked texts of the first HTML, so translations name the site through `{site}` / `{app}` and render
 * the same text during hydration as the edge wrote. During the build (and in the worker) there is no document:
 * the default name is used and the edge replaces it.
 */

/** The name the build writes where a site's name goes (the edge replaces it per site). */
export const DEFAULT_SITE_NAME = 'PlayDeck';

/** Marker attribute of elements whose texts (and aria-label/title/alt) name the site: the edge rewrites them. */
export const BRAND_ATTRIBUTE = 'data-brand';

interface RootLike {
  documentElement?: { dataset?: Record<string, string | undefined> };
}

function fromRoot(key: 'siteName' | 'appName'): string | null {
  const value = (globalThis as { document?: RootLike }).document?.documentElement?.dataset?.[key];
  return value && value.trim() !== '' ? value : null;
}

/** The site's name: `<html data-site-name>` in the browser, else the default. */
export function siteName(): string {
  return fromRoot('siteName') ?? DEFAULT_SITE_NAME;
}

/** The installed app's name (download bar): `<html data-app-name>`, else the site's name. */
export function appName(): string {
  return fromRoot('appName') ?? siteName();
}
