/**
 * The interface languages as the language picker shows them (accounts §2 "Language and theme", §9 supported
 * languages): each language's own name, its BCP 47 tag and writing direction. Names are never translated.
 */
import { LANGUAGES, type Language } from './i18n';

/** One language of the picker. */
export interface LanguageInfo {
  code: Language;
  /** The language's name in its own script. */
  nativeName: string;
  /** BCP 47 tag for the `lang` attribute. */
  tag: string;
  dir: 'ltr' | 'rtl';
}

const INFO: Record<Language, [nativeName: string, tag: string, dir?: 'rtl']> = {
  CN: ['简体中文', 'zh-Hans'],
  EN: ['English', 'en'],
  JA: ['日本語', 'ja'],
  TH: ['ไทย', 'th'],
  VI: ['Tiếng Việt', 'vi'],
  MY: ['မြန်မာ', 'my'],
  ES: ['Español', 'es'],
  HI: ['हिन्दी', 'hi'],
  ID: ['Bahasa Indonesia', 'id'],
  KM: ['ខ្មែរ', 'km'],
  KO: ['한국어', 'ko'],
  MS: ['Bahasa Melayu', 'ms'],
  PT: ['Português', 'pt'],
  TA: ['தமிழ்', 'ta'],
  TW: ['繁體中文', 'zh-Hant'],
  TY: ['Tagalog', 'tl'],
  UR: ['اردو', 'ur', 'rtl'],
  TR: ['Türkçe', 'tr'],
  BN: ['বাংলা', 'bn'],
  AR: ['العربية', 'ar', 'rtl'],
  FA: ['فارسی', 'fa', 'rtl'],
  RU: ['Русский', 'ru'],
  KK: ['Қазақ тілі', 'kk'],
  UZ: ['Oʻzbekcha', 'uz'],
  LO: ['ລາວ', 'lo'],
  NE: ['नेपाली', 'ne'],
  FR: ['Français', 'fr'],
};

/** The 27 languages in the spec's order with their native names. */
export const LANGUAGE_LIST: readonly LanguageInfo[] = LANGUAGES.map((code) => {
  const [nativeName, tag, dir] = INFO[code];
  return { code, nativeName, tag, dir: dir ?? 'ltr' };
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
