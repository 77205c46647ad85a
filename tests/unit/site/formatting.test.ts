import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPluralTranslator, type Messages } from '../../../rules/i18n';
import { LANGUAGE_LIST } from '../../../rules/languages';
import { formatDateTime, formatMoney, formatNumber, formatOdds, formatTimeOfDay, formatWholeMoney } from '../../../rules/format';

// docs/design.md "Money", "Time": money, numbers, dates and times are formatted for the player's language with Intl.
// Rows: the page's BCP 47 tag, then the text with spaces and direction marks normalised (Intl puts no-break and
// narrow no-break spaces, and RTL languages carry invisible direction marks).
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '').replace('\u2212', '-');

/** The digit systems a text uses (Latin 0-9, Arabic-Indic ٠-٩, extended Arabic-Indic ۰-۹, Devanagari ०-९, …). */
function digitSystems(text: string): Set<string> {
  const systems = new Set<string>();
  for (const char of text) {
    if (!/\p{Nd}/u.test(char)) continue;
    // Unicode puts each system's ten digits in one aligned run of 16 code points.
    const code = char.codePointAt(0)!;
    systems.add(String(code - (code % 16)));
  }
  return systems;
}

describe.each([
  // tag, 1,234,567.05 in dollars, the same in euros, where the symbol goes
  ['en', '$1,234,567.05', '€1,234,567.05', 'before'],
  ['fr', '1 234 567,05 $', '1 234 567,05 €', 'after'],
  ['ar', '1,234,567.05 $', '1,234,567.05 €', 'after'],
  ['fa', '$۱٬۲۳۴٬۵۶۷٫۰۵', '€۱٬۲۳۴٬۵۶۷٫۰۵', 'before'],
  ['hi', '$12,34,567.05', '€12,34,567.05', 'before'],
  ['ru', '1 234 567,05 $', '1 234 567,05 €', 'after'],
] as const)('money in %s', (tag, dollars, euros, side) => {
  it(`writes 123456705 minor units as ${dollars}`, () => {
    expect(plain(formatMoney(123456705, { code: 'USD', symbol: '$' }, tag))).toBe(dollars);
    expect(plain(formatMoney(123456705, { code: 'EUR', symbol: '€' }, tag))).toBe(euros);
  });

  it(`puts the symbol ${side} the amount, as the language does`, () => {
    const text = plain(formatMoney(1050, '$', tag)).trim();
    expect(side === 'before' ? text.startsWith('$') : text.endsWith('$')).toBe(true);
  });

  it('uses one digit system for the whole number, decimals included', () => {
    for (const minor of [5, 1050, 123456705, -99]) expect(digitSystems(formatMoney(minor, '$', tag)).size).toBe(1);
    expect(digitSystems(formatOdds(1975, tag)).size).toBe(1);
  });

  it('keeps every minor unit exactly (no float rounding)', () => {
    expect(plain(formatMoney(900719925474099, '', tag))).toContain(plain(formatNumber(9007199254740, tag)));
  });
});

describe('money edge cases', () => {
  it.each([
    ['a negative amount keeps its sign', -5, 'USD', '$', 'en', '-$0.05'],
    ['the operator’s symbol replaces the one Intl would pick', 1000, 'PHP', '₱', 'en', '₱10.00'],
    ['a code alone shows the language’s symbol for it', 1000, 'EUR', undefined, 'fr', '10,00 €'],
    ['neither code nor symbol writes the amount alone', 1000, undefined, undefined, 'en', '10.00'],
  ])('%s', (_name, minor, code, symbol, tag, text) => {
    expect(plain(formatMoney(minor, { code, symbol }, tag))).toBe(text);
  });

  it('whole amounts (the jackpot banner) have no decimals', () => {
    expect(plain(formatWholeMoney(123581220, '$', 'ru'))).toBe('123 581 220 $');
  });
});

describe.each([
  ['en', 'Nov 25, 2026, 9:05 PM', '09:05:09 PM'],
  ['fr', '25 nov. 2026, 21:05', '21:05:09'],
  ['ar', '25/11/2026، 9:05 م', '09:05:09 م'],
  ['fa', '۴ آذر ۱۴۰۵، ۲۱:۰۵', '۲۱:۰۵:۰۹'],
  ['hi', '25 नव॰ 2026, 9:05 pm', '09:05:09 pm'],
  ['ru', '25 нояб. 2026 г., 21:05', '21:05:09'],
] as const)('dates and times in %s', (tag, dateTime, time) => {
  const at = Date.UTC(2026, 10, 25, 21, 5, 9);
  it(`writes a date and time as ${dateTime} and a time of day as ${time}`, () => {
    expect(plain(formatDateTime(at, tag, { timeZone: 'UTC' }))).toBe(dateTime);
    expect(plain(formatTimeOfDay(at, tag, { timeZone: 'UTC' }))).toBe(time);
  });
});

describe('odds', () => {
  it.each([
    [1950, 'en', '1.95'], [1975, 'en', '1.975'], [2000, 'en', '2.00'], [1975, 'fr', '1,975'], [1975, 'fa', '۱٫۹۷۵'], [2000, 'ru', '2,00'],
  ])('%i thousandths in %s read %s', (milli, tag, text) => {
    expect(formatOdds(milli, tag)).toBe(text);
  });
});

// Plurals through Intl.PluralRules: "1 games" was the bug; every language picks its own form.
describe('plural messages', () => {
  it.each([
    ['en', 1, '1 game'], ['en', 2, '2 games'], ['en', 0, '0 games'],
    ['fr', 1, '1 jeu'], ['fr', 0, '0 jeu'], ['fr', 2, '2 jeux'],
    ['ru', 1, '1 игра'], ['ru', 3, '3 игры'], ['ru', 5, '5 игр'], ['ru', 21, '21 игра'],
    ['ar', 0, 'لا توجد ألعاب'], ['ar', 1, 'لعبة واحدة'], ['ar', 2, 'لعبتان'], ['ar', 3, '3 ألعاب'], ['ar', 11, '11 لعبة'],
    ['fa', 1, '۱ بازی'], ['fa', 12, '۱۲ بازی'],
    ['hi', 1, '1 गेम'], ['hi', 12, '12 गेम'],
  ] as const)('%s, %i: %s', (code, count, text) => {
    const info = LANGUAGE_LIST.find((l) => l.tag === code)!;
    const messages = JSON.parse(readFileSync(`locales/${info.code.toLowerCase()}.json`, 'utf8')) as Messages;
    expect(createPluralTranslator(messages, info.tag)('games.vendorGames', count)).toBe(text);
  });

  it('a form the language lacks falls back to its other form, then to EN', () => {
    expect(createPluralTranslator({ 'games.vendorGames.other': '{count} x' }, 'ru')('games.vendorGames', 1)).toBe('1 x');
    expect(createPluralTranslator({}, 'ru')('games.vendorGames', 1)).toBe('1 game');
  });
});
