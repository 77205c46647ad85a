import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { LANGUAGES } from '../../../rules/i18n';
import { LANGUAGE_LIST } from '../../../rules/languages';
import descriptions from '../../../locales/descriptions.json';
import {
  checkDescriptions, checkLocale, describeDescriptionReport, describeLocaleReport, localeIsValid, mayMatchEn, placeholdersOf,
} from '../../../src/lib/localeCheck';

const OTHER_LANGUAGES = LANGUAGES.filter((code) => code !== 'EN');

/** The parsed locale file of a language, or a one-line reason why there is none. */
function readLocale(code: string): Record<string, unknown> | string {
  const file = `locales/${code.toLowerCase()}.json`;
  if (!existsSync(file)) return `${file} does not exist yet`;
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return `${file} is not a JSON object of key → text`;
    return value as Record<string, unknown>;
  } catch (error) {
    return `${file} is not valid JSON: ${(error as Error).message}`;
  }
}

// docs/design.md "Locales": "flat dotted keys, validated by a schema; a test fails when a locale lacks a key of EN or
// has an extra one"; accounts §9 names the 27 interface languages.
describe.each(OTHER_LANGUAGES)('the %s locale', (code) => {
  it('exists, has exactly the EN keys with non-empty texts, the same placeholders and is really translated', () => {
    const locale = readLocale(code);
    const problems = typeof locale === 'string' ? [locale] : describeLocaleReport(checkLocale(en, locale, LANGUAGE_LIST.find((l) => l.code === code)?.tag));
    expect(problems, `locales/${code.toLowerCase()}.json:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });
});

describe('the EN source locale', () => {
  it('uses flat dotted keys with non-empty texts', () => {
    for (const [key, value] of Object.entries(en as Record<string, string>)) {
      expect(key, key).toMatch(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/);
      expect(value.trim(), key).not.toBe('');
    }
  });
});

// Every key carries a short description for translators (Starlight's i18n schema is the model): where the text is
// shown and what its placeholders hold, in locales/descriptions.json beside the EN source.
describe('the descriptions for translators', () => {
  it('describe every EN key, each placeholder included, and no key EN does not have', () => {
    const problems = describeDescriptionReport(checkDescriptions(en, descriptions));
    expect(problems, `locales/descriptions.json:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });

  it('stay short: one line a translator reads beside the text', () => {
    for (const [key, description] of Object.entries(descriptions as Record<string, string>)) expect(description.length, key).toBeLessThanOrEqual(200);
  });

  const source = { 'a.title': 'Hello {name}', 'a.body': 'Text' };
  it.each([
    ['complete descriptions pass', { 'a.title': 'Greeting. {name}: the player', 'a.body': 'Body' }, []],
    ['a key without a description fails', { 'a.title': 'Greeting. {name}: the player' }, ['1 keys without a description: a.body']],
    ['a description of no key fails', { 'a.title': 'Greeting. {name}: the player', 'a.body': 'Body', 'a.gone': 'Old' }, ['1 descriptions of keys EN does not have: a.gone']],
    ['a blank description fails', { 'a.title': 'Greeting. {name}: the player', 'a.body': ' ' }, ['1 empty descriptions: a.body']],
    ['a description that leaves out a placeholder fails', { 'a.title': 'Greeting', 'a.body': 'Body' }, ['1 descriptions that leave out a placeholder: a.title']],
  ])('%s', (_name, sample, problems) => {
    expect(describeDescriptionReport(checkDescriptions(source, sample))).toEqual(problems);
  });
});

// The checks the locale test applies, on small samples.
describe('locale check', () => {
  const source = { 'a.title': 'Hello {name}', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}', 'a.body': 'Text' };
  it.each([
    ['a complete translation passes', { 'a.title': 'Hola {name}', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}', 'a.body': 'Texto' }, true],
    ['a missing key fails', { 'a.title': 'Hola {name}', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}' }, false],
    ['an extra key fails', { 'a.title': 'Hola {name}', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}', 'a.body': 'Texto', 'a.more': 'x' }, false],
    ['an empty text fails', { 'a.title': 'Hola {name}', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}', 'a.body': ' ' }, false],
    ['a text that is not a string fails', { 'a.title': 'Hola {name}', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}', 'a.body': 3 }, false],
    ['a lost placeholder fails', { 'a.title': 'Hola', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}', 'a.body': 'Texto' }, false],
    ['a renamed placeholder fails', { 'a.title': 'Hola {nombre}', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}', 'a.body': 'Texto' }, false],
    ['an untranslated text fails when too many read as EN', { 'a.title': 'Hola {name}', 'a.brand': 'PlayDeck', 'a.page': '{page} / {total}', 'a.body': 'Text' }, false],
  ])('%s', (_name, locale, valid) => {
    expect(localeIsValid(checkLocale(source, locale))).toBe(valid);
  });

  // Plural messages (EN `<base>.one` / `<base>.other`) are checked against the language's own plural forms.
  const plural = { 'n.games.one': '{count} game', 'n.games.other': '{count} games', 'a.body': 'Text' };
  it.each([
    ['Russian with one, few, many and other passes', 'ru', { 'n.games.one': '{count} игра', 'n.games.few': '{count} игры', 'n.games.many': '{count} игр', 'n.games.other': '{count} игры', 'a.body': 'Текст' }, true],
    ['Russian without its many form fails', 'ru', { 'n.games.one': '{count} игра', 'n.games.few': '{count} игры', 'n.games.other': '{count} игры', 'a.body': 'Текст' }, false],
    ['Japanese with only other passes', 'ja', { 'n.games.other': '{count} ゲーム', 'a.body': 'テキスト' }, true],
    ['Japanese with a one form it does not use fails', 'ja', { 'n.games.one': '{count} ゲーム', 'n.games.other': '{count} ゲーム', 'a.body': 'テキスト' }, false],
    ['an Arabic form may leave out the count', 'ar', { 'n.games.zero': 'لا توجد ألعاب', 'n.games.one': 'لعبة واحدة', 'n.games.two': 'لعبتان', 'n.games.few': '{count} ألعاب', 'n.games.many': '{count} لعبة', 'n.games.other': '{count} لعبة', 'a.body': 'نص' }, true],
    ['the other form must keep the count', 'fa', { 'n.games.one': '{count} بازی', 'n.games.other': 'بازی', 'a.body': 'متن' }, false],
  ])('%s', (_name, tag, locale, valid) => {
    expect(localeIsValid(checkLocale(plural, locale, tag))).toBe(valid);
  });

  it.each([
    ['PlayDeck', true], ['Telegram', true], ['OK', true], ['USD', true], ['—', true], ['***', true], ['{page} / {total}', true],
    ['{seconds} s', false], ['Promotions', false], ['Log in', false],
  ])('"%s" may read as in EN: %s', (value, allowed) => {
    expect(mayMatchEn(value)).toBe(allowed);
  });

  it('reads placeholders as a set', () => {
    expect(placeholdersOf('{b} and {a} and {b}')).toEqual(['a', 'b']);
  });

  it('reports each problem with the keys it concerns', () => {
    const lines = describeLocaleReport(checkLocale(source, { 'a.title': 'Hola', 'a.extra': 'x' }));
    expect(lines).toEqual([
      '3 missing: a.brand, a.page, a.body',
      '1 extra: a.extra',
      '1 placeholder mismatches: a.title',
    ]);
  });
});
