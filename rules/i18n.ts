import type en from '../locales/en.json';
import { LANGUAGES, type Language } from '../contract/languageCodes';
import { appName, siteName } from './brand';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../contract/languageCodes';

/** A message key of the source (EN) locale. */
export type MessageKey = keyof typeof en;
/** The CLDR plural categories (Intl.PluralRules). */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** One CLDR plural category. */
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];
/** A message with plural forms: EN has `<base>.other` (and `<base>.one`); each language has the forms it uses. */
export type PluralBase = MessageKey extends infer K ? K extends `${infer B}.other` ? B : never : never;
/** One plural form's key, e.g. `games.vendorGames.few`. */
export type PluralKey = `${PluralBase}.${PluralCategory}`;
/** One language's messages by key (any may be missing: EN fills in), plural forms included. */
export type Messages = Partial<Record<MessageKey | PluralKey, string>>;

/**
 * The source (EN) messages, the fallback of every language. The build (src/pages/_locale.ts), the worker and the
 * tests set them; browser bundles never carry a locale file: each page's data block holds every message in its
 * language (EN filled in where the language has none), so there the page's own messages are the whole set.
 */
let source: Record<string, string> = {};
const PLURAL_SUFFIX = /\.(zero|one|two|few|many|other)$/;

/** The plural base of `key` when it is a plural form of an EN plural message (`games.vendorGames.few`), else null. */
export function pluralBaseOf(key: string): string | null {
  const base = key.replace(PLURAL_SUFFIX, '');
  return base !== key && isMessageKey(`${base}.other`) ? base : null;
}

/** Sets the source (EN) messages on the server side (build, worker, tests): see `source`. */
export function setSourceMessages(messages: Record<string, string>): void {
  source = messages;
}

/** True when `key` is a message key (server codes are checked with it before display). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(source, key) || Object.hasOwn(current()?.locale.messages ?? {}, key);
}

/** True when a locale may carry `key`: an EN key, or a plural form of an EN plural message. */
export function isLocaleKey(key: string): key is MessageKey | PluralKey {
  return isMessageKey(key) || pluralBaseOf(key) !== null;
}

/** A translator: message key (+ `{name}` parameters) → text in one language. */
export type Translator = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * Builds a translator over one language's messages. A key missing in that language falls back to EN, never
 * to the raw key (docs/design.md, Languages); `{name}` placeholders are filled from `params`, numbers written the
 * way the language writes them (`tag`, e.g. 1,234 in en, 1.234 in es, ۱۲۳ in fa).
 */
export function createTranslator(messages: Messages = {}, tag = 'en'): Translator {
  const numbers = new Intl.NumberFormat(tag);
  return function translate(key, params) {
    const own = Object.hasOwn(messages, key) ? messages[key] : undefined;
    return fill(own || (source[key] ?? ''), params, numbers);
  };
}

/**
 * Fills `{name}` placeholders from `params`; `{site}` and `{app}` name the site and its app (rules/brand.ts)
 * unless `params` gives them.
 */
function fill(text: string, params: Record<string, string | number> | undefined, numbers: Intl.NumberFormat): string {
  if (!text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (params && name in params) {
      const value = params[name];
      return typeof value === 'number' ? numbers.format(value) : String(value);
    }
    if (name === 'site') return siteName();
    if (name === 'app') return appName();
    return match;
  });
}

/** A plural translator: a plural message's base and the count (also filled in as `{count}`) → text in one language. */
export type PluralTranslator = (base: PluralBase, count: number, params?: Record<string, string | number>) => string;

/**
 * Builds a plural translator over one language's messages (Intl.PluralRules of `tag` picks the form: "1 game",
 * "2 games"; Russian "1 игра", "3 игры", "5 игр"). A form the language lacks falls back to its `other`, then to
 * EN's form for the count.
 */
export function createPluralTranslator(messages: Messages = {}, tag = 'en'): PluralTranslator {
  const numbers = new Intl.NumberFormat(tag);
  const rules = new Intl.PluralRules(tag);
  const enRules = new Intl.PluralRules('en');
  return function plural(base, count, params) {
    const own = messages[`${base}.${rules.select(count)}` as PluralKey] || messages[`${base}.other` as PluralKey];
    const text = own || source[`${base}.${enRules.select(count)}`] || source[`${base}.other`] || '';
    return fill(text, { count, ...params }, numbers);
  };
}

/** The language a page is rendered in (accounts §2 "Language and theme"), with what `<html>` and Intl need. */
export interface PageLocale {
  language: Language;
  /** BCP 47 tag for `<html lang>` and Intl formatting. */
  tag: string;
  dir: 'ltr' | 'rtl';
  /** This language's messages; keys it lacks (or leaves empty) fall back to EN. */
  messages: Messages;
}

/** The EN locale (pages are pre-rendered per language; EN is the default). */
export const EN_LOCALE: PageLocale = { language: 'EN', tag: 'en', dir: 'ltr', messages: {} };

/**
 * Id of the JSON data block (`<script type="application/json">`, never executed, so the CSP allows it) in
 * which each page carries its language and the messages that differ from EN; `t()` reads it once in the browser.
 */
export const LOCALE_ELEMENT_ID = 'pd-locale';

interface DocumentLike {
  getElementById(id: string): { textContent: string | null } | null;
}

const enTranslate = createTranslator();
const enPlural = createPluralTranslator();

/** A page locale with its translators (built once per language, never changed). */
export interface LocaleContext {
  locale: PageLocale;
  translate: Translator;
  plural: PluralTranslator;
}

/** Builds the translators of `locale`. */
export function localeContext(locale: PageLocale): LocaleContext {
  return { locale, translate: createTranslator(locale.messages, locale.tag), plural: createPluralTranslator(locale.messages, locale.tag) };
}

/**
 * Answers "which locale is the render in progress in?" on the server; undefined outside a render (and always in
 * the browser, where the page's data block answers instead).
 */
export type RenderLocaleReader = () => LocaleContext | undefined;

/**
 * How the server finds the locale of the page it is rendering. The build installs one reader (src/pages/_locale.ts:
 * a per-render scope that src/middleware.ts opens with the page's `lang` prop), so each page's language travels with
 * its own render and two pages rendered at the same time never share one. It holds no language itself.
 */
let renderLocale: RenderLocaleReader = () => undefined;

/** Installs the server's {@link RenderLocaleReader} (src/pages/_locale.ts does, once, when the build loads it). */
export function readRenderLocaleWith(reader: RenderLocaleReader): void {
  renderLocale = reader;
}

/** The browser page's locale, read once from its data block (one page, one language). */
let embedded: LocaleContext | null = null;

/** Reads and checks the page's data block; null when the page has none or it is not a locale. */
function embeddedLocale(): PageLocale | null {
  const doc = (globalThis as { document?: DocumentLike }).document;
  const text = doc?.getElementById(LOCALE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PageLocale> | null;
    if (!value || !(LANGUAGES as readonly unknown[]).includes(value.language)) return null;
    if (typeof value.tag !== 'string' || (value.dir !== 'ltr' && value.dir !== 'rtl')) return null;
    const messages: Messages = {};
    for (const [key, message] of Object.entries(value.messages ?? {})) {
      if (typeof message === 'string') messages[key as MessageKey] = message;
    }
    return { language: value.language as Language, tag: value.tag, dir: value.dir, messages };
  } catch {
    return null;
  }
}

/** The locale in force: the server render's own, else (browser) the page's data block, else none (EN). */
function current(): LocaleContext | null {
  const rendering = renderLocale();
  if (rendering) return rendering;
  if (embedded) return embedded;
  const locale = embeddedLocale();
  if (locale) embedded = localeContext(locale);
  return embedded;
}

/** The page's locale: the one of the page being rendered (server), else the page's data block (browser), else EN. */
export function pageLocale(): PageLocale {
  return current()?.locale ?? EN_LOCALE;
}

/** The page's language code (accounts §9), EN by default. */
export function activeLanguage(): Language {
  return pageLocale().language;
}

/** The page's BCP 47 tag, for Intl date, number and money formats. */
export function activeTag(): string {
  return pageLocale().tag;
}

/**
 * Translates a key into the page's language (EN fallback per key, never the raw key): the same text during
 * the build and in the browser, so islands hydrate without a mismatch.
 */
export const t: Translator = (key, params) => (current()?.translate ?? enTranslate)(key, params);

/**
 * Translates a plural message for `count` in the page's language (Intl.PluralRules picks the form; `{count}` is
 * written in the language's digits), e.g. tn('games.vendorGames', 1) → "1 game".
 */
export const tn: PluralTranslator = (base, count, params) => (current()?.plural ?? enPlural)(base, count, params);
