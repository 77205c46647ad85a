/** Interface language codes (accounts §9 "Supported interface languages"). EN is the source language and the fallback. */
export const LANGUAGES = [
  'CN', 'EN', 'JA', 'TH', 'VI', 'MY', 'ES', 'HI', 'ID', 'KM', 'KO', 'MS', 'PT', 'TA', 'TW', 'TY', 'UR', 'TR', 'BN',
  'AR', 'FA', 'RU', 'KK', 'UZ', 'LO', 'NE', 'FR',
] as const;
/** One interface language code. */
export type Language = (typeof LANGUAGES)[number];
/** Default language (accounts §2 "Default language EN"). */
export const DEFAULT_LANGUAGE: Language = 'EN';

/** Each language's BCP 47 tag (for `<html lang>`, Intl formats and plural rules). */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = {
  CN: 'zh-Hans',
  EN: 'en',
  JA: 'ja',
  TH: 'th',
  VI: 'vi',
  MY: 'my',
  ES: 'es',
  HI: 'hi',
  ID: 'id',
  KM: 'km',
  KO: 'ko',
  MS: 'ms',
  PT: 'pt',
  TA: 'ta',
  TW: 'zh-Hant',
  TY: 'tl',
  UR: 'ur',
  TR: 'tr',
  BN: 'bn',
  AR: 'ar',
  FA: 'fa',
  RU: 'ru',
  KK: 'kk',
  UZ: 'uz',
  LO: 'lo',
  NE: 'ne',
  FR: 'fr',
};
