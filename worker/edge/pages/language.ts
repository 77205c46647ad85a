import { DEFAULT_LANGUAGE, type Language } from '../../../rules/i18n';
import { LANGUAGE_LIST, parseLanguage } from '../../../rules/languages';

/** Where the chosen language came from, in precedence order. */
export type LanguageSource = 'query' | 'cookie' | 'accept-language' | 'default';

/** The language of one page request and whether the `language` cookie must be (re)written. */
export interface LanguageChoice {
  language: Language;
  source: LanguageSource;
  /** True when `?lang=` named a supported language: the answer sets the cookie to `language`. */
  setCookie: boolean;
}

/**
 * Primary browser language subtags → interface language (accounts §9 list). Chinese needs its script or region
 * and is handled apart; TY has no browser tag, so only `?lang=TY` or the cookie can select it.
 */
const PRIMARY_SUBTAG: Readonly<Record<string, Language>> = {
  ja: 'JA', th: 'TH', vi: 'VI', my: 'MY', es: 'ES', hi: 'HI', id: 'ID', km: 'KM', ko: 'KO', ms: 'MS', pt: 'PT',
  ta: 'TA', ur: 'UR', tr: 'TR', bn: 'BN', ar: 'AR', fa: 'FA', ru: 'RU', kk: 'KK', uz: 'UZ', lo: 'LO', ne: 'NE',
  fr: 'FR', en: 'EN',
};

/** Traditional-script Chinese regions: their players read TW, every other Chinese tag reads CN. */
const TRADITIONAL_REGIONS: ReadonlySet<string> = new Set(['tw', 'hk', 'mo']);

/**
 * BCP 47 tag sent as `Content-Language` for each interface language: the same tag the page's `<html lang>`
 * carries (rules/languages.ts), since our codes are not all language tags (CN and TW name regions).
 */
export const CONTENT_LANGUAGE: Readonly<Record<Language, string>> = Object.fromEntries(
  LANGUAGE_LIST.map((info) => [info.code, info.tag]),
) as Record<Language, string>;

/**
 * Maps one browser language tag (`zh-CN`, `zh-Hant-HK`, `pt-BR`, `en_US`) to an interface language:
 * zh-TW, zh-HK, zh-MO and Traditional-script Chinese → TW, other Chinese → CN, otherwise by primary subtag.
 * Null when we do not offer the language.
 */
export function languageForBrowserTag(tag: string): Language | null {
  const [primary = '', ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  if (primary === 'zh') {
    return rest.includes('hant') || rest.some((s) => TRADITIONAL_REGIONS.has(s)) ? 'TW' : 'CN';
  }
  return PRIMARY_SUBTAG[primary] ?? null;
}

/** Entries past this many in an Accept-Language header are ignored (browsers send a handful). */
const MAX_ACCEPT_ENTRIES = 32;

/**
 * The best interface language an Accept-Language header asks for: entries by descending q (header order
 * breaks ties), the first one we offer wins; `q=0` and `*` never choose. Null when nothing matches.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const entries = header
    .split(',')
    .slice(0, MAX_ACCEPT_ENTRIES)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const qParam = params.find((p) => p.toLowerCase().startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((e) => e.tag !== '' && e.tag !== '*' && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of entries) {
    const language = languageForBrowserTag(entry.tag);
    if (language) return language;
  }
  return null;
}

/** What a page request says about its language. */
export interface LanguageSignals {
  /** Value of the `lang` query parameter. */
  query?: string | null;
  /** Value of the `language` cookie. */
  cookie?: string | null;
  /** The Accept-Language header. */
  acceptLanguage?: string | null;
  /** The site's default language (merchants.default_language); EN when not given. */
  siteDefault?: Language;
}

/**
 * Chooses the language of a page (docs/design.md, Languages; accounts §9): `?lang=` (our code or a browser tag;
 * it also asks for the cookie) > `language` cookie > Accept-Language > the site's default language (EN unless the
 * operator chose another, docs/sites.md). Unsupported values at any step are skipped, never an error.
 */
export function resolveLanguage(signals: LanguageSignals): LanguageChoice {
  const fromQuery = signals.query ? (parseLanguage(signals.query) ?? languageForBrowserTag(signals.query)) : null;
  if (fromQuery) return { language: fromQuery, source: 'query', setCookie: true };
  const fromCookie = parseLanguage(signals.cookie);
  if (fromCookie) return { language: fromCookie, source: 'cookie', setCookie: false };
  const fromHeader = languageFromAcceptLanguage(signals.acceptLanguage);
  if (fromHeader) return { language: fromHeader, source: 'accept-language', setCookie: false };
  return { language: signals.siteDefault ?? DEFAULT_LANGUAGE, source: 'default', setCookie: false };
}

/**
 * Build path of a page file in one language: EN pages sit at the build root (`/m/home.html`), the others under
 * `/i18n/<code lower-case>/` (`/i18n/cn/m/home.html`). Null for EN, which has no variant tree.
 */
export function variantFile(language: Language, file: string): string | null {
  return language === DEFAULT_LANGUAGE ? null : `/i18n/${language.toLowerCase()}${file}`;
}
