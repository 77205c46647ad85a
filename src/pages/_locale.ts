/**
 * Build-time side of the interface languages (accounts §2 "Language and theme", §9 the 27 languages): loads
 * every locales/<code>.json, lists the 27 language paths of every page (src/pages/_routes.ts), renders a page
 * inside its language's scope and writes the data block that carries a page's messages to the browser. Imported by
 * the views, the frame and src/middleware.ts only (server side), so no locale file reaches the browser bundles.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import en from '../../locales/en.json';
import {
  DEFAULT_LANGUAGE, LANGUAGES, isLocaleKey, localeContext, readRenderLocaleWith, setSourceMessages,
  type Language, type LocaleContext, type Messages, type PageLocale,
} from '../../rules/i18n';
import { LANGUAGE_LIST, parseLanguage } from '../../rules/languages';
import { VIEW_ROUTES, routePatternOf } from './_routes';

// The language files only: locales/descriptions.json is for translators and never reaches a page.
const FILES = import.meta.glob<Record<string, unknown>>(['../../locales/*.json', '!../../locales/descriptions.json'], {
  eager: true,
  import: 'default',
});
const source: Record<string, string> = en;
setSourceMessages(source);

/**
 * Props of every view: the language the page is rendered in (from the view's `getStaticPaths`, {@link pagePaths}).
 * src/middleware.ts renders the page inside that language's scope ({@link renderInLanguage}),
 * which is where `t()`, the frame and the islands' server render read it.
 */
export interface ViewProps {
  lang: Language;
}

/** Messages of one language as the locale file has them: known keys with non-empty strings only. */
function messagesOf(language: Language): Messages {
  const file = FILES[`../../locales/${language.toLowerCase()}.json`] ?? {};
  const messages: Messages = {};
  for (const [key, value] of Object.entries(file)) {
    if (isLocaleKey(key) && typeof value === 'string' && value.trim() !== '') messages[key] = value;
  }
  return messages;
}

const locales = new Map<Language, PageLocale>(
  LANGUAGE_LIST.map((info) => [
    info.code,
    { language: info.code, tag: info.tag, dir: info.dir, messages: info.code === DEFAULT_LANGUAGE ? {} : messagesOf(info.code) },
  ]),
);

/** The locale of a language (tag, direction, messages; keys it lacks fall back to EN). */
export function localeOf(language: Language): PageLocale {
  return locales.get(language)!;
}

const contexts = new Map<Language, LocaleContext>(LANGUAGE_LIST.map((info) => [info.code, localeContext(localeOf(info.code))]));

/** The language of the page being rendered, for as long as its render runs (its awaits and timers included). */
const rendering = new AsyncLocalStorage<LocaleContext>();
readRenderLocaleWith(() => rendering.getStore());

/**
 * Runs `render` (and everything it starts, awaited or not) in `language`: inside it `t()`, `tn()`, `pageLocale()`
 * and the Intl helpers answer in that language; outside it they answer in EN. Each call has its own scope, so pages
 * rendered at the same time keep their own languages (src/middleware.ts calls it once per page).
 */
export function renderInLanguage<T>(language: Language, render: () => T): T {
  return rendering.run(contexts.get(language)!, render);
}

/**
 * The language a page is rendered in, from its props (`lang` of {@link languagePaths}); EN when a page has none
 * or names no known language.
 */
export function pageLanguageOf(props: Record<string, unknown>): Language {
  return typeof props['lang'] === 'string' ? (parseLanguage(props['lang']) ?? DEFAULT_LANGUAGE) : DEFAULT_LANGUAGE;
}

/** The 26 languages that get a variant tree under /i18n/<code lower-case>/ (EN pages sit at the build root). */
export const VARIANT_LANGUAGES: readonly Language[] = LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE);

/** One language version of a page: its `[...i18n]` path prefix, its language and the view's other props. */
export interface LanguagePath {
  params: { i18n: string | undefined };
  props: ViewProps & Readonly<Record<string, string>>;
}

/**
 * The 27 language versions of a page: EN leaves `[...i18n]` empty, so it is built at the root
 * (/m/home → dist/client/m/home.html); each other language gets `i18n/<code lower-case>` (/i18n/fr/m/home.html),
 * the variant tree the worker serves (worker/edge/pages/pages.ts).
 */
export function languagePaths(): LanguagePath[] {
  return [
    { params: { i18n: undefined }, props: { lang: DEFAULT_LANGUAGE } },
    ...VARIANT_LANGUAGES.map((code) => ({ params: { i18n: `i18n/${code.toLowerCase()}` }, props: { lang: code } })),
  ];
}

/**
 * `getStaticPaths` of every view (`export const getStaticPaths = pagePaths;`): the rows of the page table
 * (src/pages/_routes.ts) whose Astro route pattern is `routePattern`, each in all 27 languages
 * ({@link languagePaths}), the row's props (the agent contract's `route`) beside the language. A view that renders
 * several rows (AgentContract) is one module with one route per row; Astro calls this once per route.
 *
 * @throws Error when no row has that pattern (a view injected by hand, outside the table).
 */
export function pagePaths({ routePattern }: { routePattern: string }): LanguagePath[] {
  const route = VIEW_ROUTES.find((row) => routePatternOf(row.path) === routePattern);
  if (!route) throw new Error(`no page in src/pages/_routes.ts has the route ${routePattern}`);
  return languagePaths().map(({ params, props }) => ({ params, props: { ...route.props, ...props } }));
}

/**
 * The JSON of a page's data block: its language, tag, direction and every message in that language (EN where the
 * language has none or leaves one empty). The browser's `t()` reads only this block, so no script bundle carries
 * locale text and a page ships one language's messages, not 27. `<` is escaped so the text can never close the
 * element.
 */
export function localeDataBlock(locale: PageLocale): string {
  const own: Record<string, string | undefined> = locale.messages;
  const messages: Record<string, string> = {};
  for (const [key, text] of Object.entries(source)) messages[key] = own[key] || text;
  const data = { language: locale.language, tag: locale.tag, dir: locale.dir, messages };
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
