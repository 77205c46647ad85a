import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../rules/i18n';
import { countryForLanguage } from '../../../src/lib/country';
import { LANGUAGE_LIST, languageCookie, parseLanguage } from '../../../rules/languages';

// Rows quote accounts §3: "CN to CN, EN to US, JA to JP, TH to TH, VI to VN, MY to MM, ES to ES, HI to IN, ID to ID,
// KM to KH, KO and KR to KR, MS to MY, PT and PT-BR to BR, TA to IN, TW to TW, UR to PK, TY to TLG."
describe('language-to-country map', () => {
  it.each([
    ['CN', 'CN'], ['EN', 'US'], ['JA', 'JP'], ['TH', 'TH'], ['VI', 'VN'], ['MY', 'MM'], ['ES', 'ES'], ['HI', 'IN'],
    ['ID', 'ID'], ['KM', 'KH'], ['KO', 'KR'], ['KR', 'KR'], ['MS', 'MY'], ['PT', 'BR'], ['PT-BR', 'BR'], ['TA', 'IN'],
    ['TW', 'TW'], ['UR', 'PK'], ['TY', 'TLG'], ['pt-br', 'BR'], [' en ', 'US'],
  ])('%s → %s', (language, country) => {
    expect(countryForLanguage(language)).toBe(country);
  });
  it.each(['TR', 'FR', 'RU', 'XX', ''])('%s is not in the map', (language) => {
    expect(countryForLanguage(language)).toBeNull();
  });
});

describe('the language picker (accounts §2, §9: 27 interface languages)', () => {
  it('lists the 27 languages in the spec order, each with its own name', () => {
    expect(LANGUAGE_LIST.map((l) => l.code)).toEqual([...LANGUAGES]);
    expect(LANGUAGE_LIST).toHaveLength(27);
    for (const language of LANGUAGE_LIST) expect(language.nativeName.trim()).not.toBe('');
  });
  it.each([['EN', 'English'], ['CN', '简体中文'], ['TW', '繁體中文'], ['TH', 'ไทย'], ['VI', 'Tiếng Việt'], ['FR', 'Français']])(
    '%s reads %s',
    (code, name) => {
      expect(LANGUAGE_LIST.find((l) => l.code === code)?.nativeName).toBe(name);
    },
  );
  it.each(['AR', 'FA', 'UR'])('%s is written right to left', (code) => {
    expect(LANGUAGE_LIST.find((l) => l.code === code)?.dir).toBe('rtl');
  });
  it.each([['vi', 'VI'], ['EN', 'EN'], ['xx', null], [null, null]] as const)('stored %s reads as %s', (raw, code) => {
    expect(parseLanguage(raw)).toBe(code);
  });
  it('the language cookie lasts one year, SameSite=Lax, path /', () => {
    expect(languageCookie('TH')).toBe('language=TH; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});
