/**
 * Locale validation (DESIGN.md "Locales": flat dotted keys, validated by a schema; a locale may neither lack a
 * key of EN nor have an extra one). Shared by tests/unit/locales.test.ts and `npm run locales`.
 */

/**
 * Values that may read the same as in EN: brand and product names, codes and units every language keeps.
 * Values without any letter (placeholders, numbers, punctuation such as "—" or "{page} / {total}") are
 * always allowed.
 */
export const SAME_AS_EN_ALLOWED: ReadonlySet<string> = new Set([
  'PlayDeck', 'OK', 'USD', 'VIP', 'ID', 'FAQ', 'PWA', 'iOS', 'Android', 'App Store', 'Safari', 'MOBA', 'Facebook',
  'Google', 'Instagram', 'YouTube', 'Telegram', 'Discord', 'LinkedIn', 'WhatsApp', 'WeChat', 'LINE', 'Line', 'Zalo',
  'QQ', 'E-mail', 'Email',
]);

/** At most this share of a locale's keys may read exactly as in EN (beyond the allowed values). */
export const MAX_SAME_AS_EN_SHARE = 0.1;

/** What is wrong with one locale file, compared with EN. */
export interface LocaleReport {
  missing: string[];
  extra: string[];
  /** Keys whose value is not a string or is blank. */
  empty: string[];
  /** Keys whose `{name}` placeholders differ from EN's. */
  placeholders: string[];
  /** Keys whose value reads exactly as in EN and is not an allowed value. */
  sameAsEn: string[];
  /** sameAsEn.length / number of EN keys. */
  sameAsEnShare: number;
}

/** The `{name}` placeholders of a message, sorted and without repeats. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/** True when a value may stay as in EN: no letters at all, or an allowed brand, name or code. */
export function mayMatchEn(value: string): boolean {
  return !/\p{L}/u.test(value.replace(/\{\w+\}/g, '')) || SAME_AS_EN_ALLOWED.has(value.trim());
}

/** Checks one locale (parsed JSON) against EN: keys, non-empty strings, placeholders, untranslated share. */
export function checkLocale(en: Readonly<Record<string, string>>, locale: Readonly<Record<string, unknown>>): LocaleReport {
  const enKeys = Object.keys(en);
  const report: LocaleReport = { missing: [], extra: [], empty: [], placeholders: [], sameAsEn: [], sameAsEnShare: 0 };
  for (const key of enKeys) {
    if (!Object.hasOwn(locale, key)) {
      report.missing.push(key);
      continue;
    }
    const value = locale[key];
    if (typeof value !== 'string' || value.trim() === '') {
      report.empty.push(key);
      continue;
    }
    if (placeholdersOf(value).join() !== placeholdersOf(en[key]!).join()) report.placeholders.push(key);
    if (value === en[key] && !mayMatchEn(value)) report.sameAsEn.push(key);
  }
  report.extra = Object.keys(locale).filter((key) => !Object.hasOwn(en, key));
  report.sameAsEnShare = enKeys.length === 0 ? 0 : report.sameAsEn.length / enKeys.length;
  return report;
}

/** True when the locale passes: no missing, extra, empty or placeholder problems and few untranslated values. */
export function localeIsValid(report: LocaleReport): boolean {
  return (
    report.missing.length === 0 && report.extra.length === 0 && report.empty.length === 0 &&
    report.placeholders.length === 0 && report.sameAsEnShare <= MAX_SAME_AS_EN_SHARE
  );
}

const sample = (keys: readonly string[], max = 8) =>
  keys.slice(0, max).join(', ') + (keys.length > max ? `, … (+${keys.length - max})` : '');

/** Human-readable lines describing a locale's problems (empty when it is valid). */
export function describeLocaleReport(report: LocaleReport): string[] {
  const lines: string[] = [];
  if (report.missing.length) lines.push(`${report.missing.length} missing: ${sample(report.missing)}`);
  if (report.extra.length) lines.push(`${report.extra.length} extra: ${sample(report.extra)}`);
  if (report.empty.length) lines.push(`${report.empty.length} empty or not text: ${sample(report.empty)}`);
  if (report.placeholders.length) lines.push(`${report.placeholders.length} placeholder mismatches: ${sample(report.placeholders)}`);
  if (report.sameAsEnShare > MAX_SAME_AS_EN_SHARE) {
    const share = `${(report.sameAsEnShare * 100).toFixed(1)}% > ${MAX_SAME_AS_EN_SHARE * 100}%`;
    lines.push(`${report.sameAsEn.length} values identical to EN (${share}): ${sample(report.sameAsEn)}`);
  }
  return lines;
}
