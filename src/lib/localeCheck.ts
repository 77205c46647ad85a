/**
 * Locale validation (docs/design.md "Locales": flat dotted keys, validated by a schema; a locale may neither lack a
 * key of EN nor have an extra one; every key carries a description for translators). Shared by
 * tests/unit/site/locales.test.ts and `npm run locales`.
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

const PLURAL_FORM = /^(.+)\.(zero|one|two|few|many|other)$/;

/** The plural messages of EN: base → its EN forms (`<base>.other` marks a plural message). */
function pluralBases(en: Readonly<Record<string, string>>): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const key of Object.keys(en)) {
    const match = PLURAL_FORM.exec(key);
    if (match && Object.hasOwn(en, `${match[1]}.other`)) bases.set(match[1]!, [...(bases.get(match[1]!) ?? []), match[2]!]);
  }
  return bases;
}

/**
 * Checks one locale (parsed JSON) against EN: keys, non-empty strings, placeholders, untranslated share. With the
 * language's BCP 47 `tag`, plural messages (EN keys `<base>.one` / `<base>.other`) are checked against the
 * language's own plural forms (Intl.PluralRules): it must have every form its language uses (`other` always) and
 * no other; a form may leave out a placeholder (Arabic "لعبة واحدة", one game) but not add one.
 */
export function checkLocale(en: Readonly<Record<string, string>>, locale: Readonly<Record<string, unknown>>, tag?: string): LocaleReport {
  const plurals = tag ? pluralBases(en) : new Map<string, string[]>();
  const categories = tag ? new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[] : [];
  const pluralKeys = new Set<string>();
  for (const base of plurals.keys()) for (const category of categories) pluralKeys.add(`${base}.${category}`);
  const enKeys = Object.keys(en);
  const report: LocaleReport = { missing: [], extra: [], empty: [], placeholders: [], sameAsEn: [], sameAsEnShare: 0 };
  for (const key of pluralKeys) {
    if (!Object.hasOwn(locale, key)) {
      report.missing.push(key);
      continue;
    }
    const value = locale[key];
    const base = PLURAL_FORM.exec(key)![1]!;
    if (typeof value !== 'string' || value.trim() === '') {
      report.empty.push(key);
      continue;
    }
    const allowed = placeholdersOf(en[`${base}.other`]!);
    const used = placeholdersOf(value);
    if (used.some((name) => !allowed.includes(name)) || (key.endsWith('.other') && used.join() !== allowed.join())) report.placeholders.push(key);
    const enForm = en[key];
    if (enForm !== undefined && value === enForm && !mayMatchEn(value)) report.sameAsEn.push(key);
  }
  for (const key of enKeys) {
    if (PLURAL_FORM.test(key) && plurals.has(PLURAL_FORM.exec(key)![1]!)) continue;
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
  report.extra = Object.keys(locale).filter((key) => {
    const match = PLURAL_FORM.exec(key);
    if (match && plurals.has(match[1]!)) return !pluralKeys.has(key);
    return !Object.hasOwn(en, key);
  });
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

/**
 * What is wrong with the translators' descriptions (locales/descriptions.json: EN key → where the text is shown and
 * what its placeholders hold, as Starlight's i18n schema describes each key), compared with EN.
 */
export interface DescriptionReport {
  /** EN keys without a description. */
  missing: string[];
  /** Descriptions of keys EN does not have. */
  orphaned: string[];
  /** Descriptions that are not a string or are blank. */
  empty: string[];
  /** Descriptions that leave out a `{name}` placeholder of the EN text (each must say what it holds). */
  placeholders: string[];
}

/**
 * Checks the descriptions (parsed JSON) against EN: one non-empty description per EN key, none for a key EN does
 * not have, and every placeholder of the EN text named in its description.
 */
export function checkDescriptions(en: Readonly<Record<string, string>>, descriptions: Readonly<Record<string, unknown>>): DescriptionReport {
  const report: DescriptionReport = { missing: [], orphaned: [], empty: [], placeholders: [] };
  for (const [key, text] of Object.entries(en)) {
    if (!Object.hasOwn(descriptions, key)) {
      report.missing.push(key);
      continue;
    }
    const description = descriptions[key];
    if (typeof description !== 'string' || description.trim() === '') {
      report.empty.push(key);
      continue;
    }
    if (placeholdersOf(text).some((name) => !description.includes(`{${name}}`))) report.placeholders.push(key);
  }
  report.orphaned = Object.keys(descriptions).filter((key) => !Object.hasOwn(en, key));
  return report;
}

/** Human-readable lines describing the descriptions' problems (empty when there is none). */
export function describeDescriptionReport(report: DescriptionReport): string[] {
  const lines: string[] = [];
  if (report.missing.length) lines.push(`${report.missing.length} keys without a description: ${sample(report.missing)}`);
  if (report.orphaned.length) lines.push(`${report.orphaned.length} descriptions of keys EN does not have: ${sample(report.orphaned)}`);
  if (report.empty.length) lines.push(`${report.empty.length} empty descriptions: ${sample(report.empty)}`);
  if (report.placeholders.length) lines.push(`${report.placeholders.length} descriptions that leave out a placeholder: ${sample(report.placeholders)}`);
  return lines;
}
