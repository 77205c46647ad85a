/**
 * Language alternates of a page (accounts §9 "Supported interface languages"; docs/design.md Languages): every
 * language variant is served at the page's own URL, chosen with `?lang=<code>` (worker/edge/pages/language.ts), so
 * each page names all 27 of them plus `x-default` (the URL without `lang`: the visitor's cookie or browser
 * language decides). They are built site-relative (one build serves every site's domains); the edge writes
 * them as absolute URLs on the requested address (worker/edge/pages/site.ts).
 */
import { LANGUAGE_LIST } from '../../rules/languages';

/** One `<link rel="alternate" hreflang href>`. */
export interface LanguageAlternate {
  hreflang: string;
  href: string;
}

/** The 27 language alternates of a page path (BCP 47 tags, `?lang=` with our code in lower case) + x-default. */
export function languageAlternates(path: string): LanguageAlternate[] {
  return [
    ...LANGUAGE_LIST.map((info) => ({ hreflang: info.tag, href: `${path}?lang=${info.code.toLowerCase()}` })),
    { hreflang: 'x-default', href: path },
  ];
}
