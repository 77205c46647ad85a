import en from '../../locales/en.json';

/** Interface language codes (accounts §9). EN is the source language and the fallback. */
export const LANGUAGES = [
  'CN', 'EN', 'JA', 'TH', 'VI', 'MY', 'ES', 'HI', 'ID', 'KM', 'KO', 'MS', 'PT', 'TA', 'TW', 'TY', 'UR', 'TR', 'BN',
  'AR', 'FA', 'RU', 'KK', 'UZ', 'LO', 'NE', 'FR',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'EN';

/** A message key of the source (EN) locale. */
export type MessageKey = keyof typeof en;
export type Messages = Partial<Record<MessageKey, string>>;

const source: Record<string, string> = en;

/** True when `key` is a message key of the source locale (server codes are checked with it before display). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(source, key);
}

/**
 * Builds a translator over one language's messages. A key missing in that language falls back to EN, never
 * to the raw key (DESIGN.md, Languages); `{name}` placeholders are filled from `params`.
 */
export function createTranslator(messages: Messages = {}) {
  return function t(key: MessageKey, params?: Record<string, string | number>): string {
    const text = messages[key] ?? source[key] ?? '';
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
  };
}

/** The EN translator (pages are pre-rendered per language; EN is the default). */
export const t = createTranslator();
