/** Interface language codes (accounts §9 "Supported interface languages"). EN is the source language and the fallback. */
export const LANGUAGES = [
  'CN', 'EN', 'JA', 'TH', 'VI', 'MY', 'ES', 'HI', 'ID', 'KM', 'KO', 'MS', 'PT', 'TA', 'TW', 'TY', 'UR', 'TR', 'BN',
  'AR', 'FA', 'RU', 'KK', 'UZ', 'LO', 'NE', 'FR',
] as const;
/** One interface language code. */
export type Language = (typeof LANGUAGES)[number];
/** Default language (accounts §2 "Default language EN"). */
export const DEFAULT_LANGUAGE: Language = 'EN';
