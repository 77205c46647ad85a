/**
 * The interface languages as the language picker shows them (accounts §2 "Language and theme", §9 supported
 * languages): each language's own name, its BCP 47 tag and writing direction. Names are never translated.
 */
import { LANGUAGES, type Language } from './i18n';
import { LANGUAGE_TAGS } from '../contract/languageCodes';

/** One language of the picker. */
export interface LanguageInfo {
  code: Language;
  /** The language's name in its own script. */
  nativeName: string;
  /** BCP 47 tag for the `lang` attribute. */
  tag: string;
  dir: 'ltr' | 'rtl';
}

const INFO: Record<Language, [nativeName: string, dir?: 'rtl']> = {
  CN: ['简体中文'],
  EN: ['English'],
  JA: ['日本語'],
  TH: ['ไทย'],
  VI: ['Tiếng Việt'],
  MY: ['မြန်မာ'],
  ES: ['Español'],
  HI: ['हिन्दी'],
  ID: ['Bahasa Indonesia'],
  KM: ['ខ្មែរ'],
  KO: ['한국어'],
  MS: ['Bahasa Melayu'],
  PT: ['Português'],
  TA: ['தமிழ்'],
  TW: ['繁體中文'],
  TY: ['Tagalog'],
  UR: ['اردو', 'rtl'],
  TR: ['Türkçe'],
  BN: ['বাংলা'],
  AR: ['العربية', 'rtl'],
  FA: ['فارسی', 'rtl'],
  RU: ['Русский'],
  KK: ['Қазақ тілі'],
  UZ: ['Oʻzbekcha'],
  LO: ['ລາວ'],
  NE: ['नेपाली'],
  FR: ['Français'],
};

/** The 27 languages in the spec's order with their native names. */
export const LANGUAGE_LIST: readonly LanguageInfo[] = LANGUAGES.map((code) => {
  const [nativeName, dir] = INFO[code];
  return { code, nativeName, tag: LANGUAGE_TAGS[code], dir: dir ?? 'ltr' };
});

/** The language of a stored or cookie value, else null (unknown codes are ignored). */
export function parseLanguage(value: string | null | undefined): Language | null {
  const code = value?.trim().toUpperCase();
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : null;
}

/** Name of the cookie the worker reads to serve a language variant. */
export const LANGUAGE_COOKIE = 'language';
/** One year, in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The `language` cookie: one year, SameSite=Lax, path /. */
export function languageCookie(code: Language): string {
  return `${LANGUAGE_COOKIE}=${code}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}
