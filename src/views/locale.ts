/**
 * Build-time side of the interface languages (accounts §2 "Language and theme", §9 the 27 languages): loads
 * every locales/<code>.json, makes one language the page's language before a view renders, lists the variant
 * pages and writes the data block that carries a page's messages to the browser. Imported by views and the
 * frame only, so no locale file reaches the browser bundles.
 */
import en from '../../locales/en.json';
import {
  DEFAULT_LANGUAGE, LANGUAGES, isLocaleKey, setPageLocale, setSourceMessages, type Language, type Messages, type PageLocale,
} from '../lib/i18n';
import { LANGUAGE_LIST } from '../lib/languages';
import { $language } from '../stores/language';

const FILES = import.meta.glob<Record<string, unknown>>('../../locales/*.json', { eager: true, import: 'default' });
const source: Record<string, string> = en;
setSourceMessages(source);

/** Props of every view: the language the page is rendered in. */
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

/**
 * Renders what follows in `language`: the view calls it first, so its own texts, the frame and the islands'
 * server render (`t()` and `$language`) all use that language (Astro renders pages one at a time).
 */
export function renderIn(language: Language): void {
  setPageLocale(localeOf(language));
  $language.set(language);
}

/** The 26 languages that get a variant tree under /i18n/<code lower-case>/ (EN pages sit at the build root). */
export const VARIANT_LANGUAGES: readonly Language[] = LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE);

/** getStaticPaths of every variant page: one page per non-EN language, `[lang]` = the code in lower case. */
export function variantPaths() {
  return VARIANT_LANGUAGES.map((code) => ({ params: { lang: code.toLowerCase() }, props: { lang: code } }));
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
