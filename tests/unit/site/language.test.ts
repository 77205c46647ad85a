import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../rules/i18n';
import {
  CONTENT_LANGUAGE, languageForBrowserTag, languageFromAcceptLanguage, resolveLanguage, variantFile,
} from '../../../worker/edge/pages/language';

// Rows quote the browser-tag map of the site-frame issue: "zh-CN→CN, zh-TW/zh-HK→TW, ja→JA, th→TH, vi→VI, my→MY,
// es→ES, hi→HI, id→ID, km→KM, ko→KO, ms→MS, pt→PT, ta→TA, ur→UR, tr→TR, bn→BN, ar→AR, fa→FA, ru→RU, kk→KK,
// uz→UZ, lo→LO, ne→NE, fr→FR, en→EN; TY has no browser tag".
describe('browser language tags map to the 27 interface languages', () => {
  it.each([
    ['zh-CN', 'CN'], ['zh-TW', 'TW'], ['zh-HK', 'TW'], ['ja', 'JA'], ['th', 'TH'], ['vi', 'VI'], ['my', 'MY'],
    ['es', 'ES'], ['hi', 'HI'], ['id', 'ID'], ['km', 'KM'], ['ko', 'KO'], ['ms', 'MS'], ['pt', 'PT'], ['ta', 'TA'],
    ['ur', 'UR'], ['tr', 'TR'], ['bn', 'BN'], ['ar', 'AR'], ['fa', 'FA'], ['ru', 'RU'], ['kk', 'KK'], ['uz', 'UZ'],
    ['lo', 'LO'], ['ne', 'NE'], ['fr', 'FR'], ['en', 'EN'],
  ])('%s → %s', (tag, language) => {
    expect(languageForBrowserTag(tag)).toBe(language);
  });

  it.each([
    ['zh', 'CN'], ['zh-Hans', 'CN'], ['zh-SG', 'CN'], ['zh-Hans-CN', 'CN'], ['zh-MO', 'TW'], ['zh-Hant', 'TW'],
    ['zh-Hant-HK', 'TW'], ['ZH_tw', 'TW'], ['pt-BR', 'PT'], ['en-US', 'EN'], ['es-419', 'ES'], ['fr-CA', 'FR'],
  ])('regional and script variants follow their language: %s → %s', (tag, language) => {
    expect(languageForBrowserTag(tag)).toBe(language);
  });

  it.each(['de', 'it-IT', 'nl', 'ty', 'cn', 'tw', '', '*'])('%s is not offered and maps to nothing', (tag) => {
    expect(languageForBrowserTag(tag)).toBeNull();
  });
});

describe('Accept-Language picks the most preferred language we offer', () => {
  it.each([
    ['zh-TW,zh;q=0.9,en;q=0.8', 'TW'],
    ['de-DE,de;q=0.9,th;q=0.8,en;q=0.7', 'TH'],
    ['en;q=0.5, vi;q=0.9', 'VI'],
    ['ko;q=0.8, ja;q=0.8', 'KO'],
    ['fr;q=0, ru', 'RU'],
    ['*, ar;q=0.1', 'AR'],
    ['es-MX;q=abc, ms;q=0.2', 'MS'],
  ])('%s → %s', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });

  it.each([[''], ['de, it;q=0.9'], ['fr;q=0'], [';;;,,,'], [undefined]])('%s chooses nothing', (header) => {
    expect(languageFromAcceptLanguage(header)).toBeNull();
  });
});

describe('language precedence: ?lang= > language cookie > Accept-Language > the site default (EN)', () => {
  it.each([
    [{ query: 'cn', cookie: 'TH', acceptLanguage: 'ja' }, 'CN', 'query', true],
    [{ query: ' Vi ' }, 'VI', 'query', true],
    [{ query: 'zh-TW', cookie: 'TH' }, 'TW', 'query', true],
    [{ query: 'TY' }, 'TY', 'query', true],
    [{ query: 'xx', cookie: 'TH', acceptLanguage: 'ja' }, 'TH', 'cookie', false],
    [{ cookie: 'th', acceptLanguage: 'ja' }, 'TH', 'cookie', false],
    [{ cookie: 'klingon', acceptLanguage: 'ja' }, 'JA', 'accept-language', false],
    [{ acceptLanguage: 'zh-HK' }, 'TW', 'accept-language', false],
    [{ acceptLanguage: 'de' }, 'EN', 'default', false],
    [{}, 'EN', 'default', false],
    // The site's default language (merchants.default_language, docs/sites.md) only when nothing else chooses.
    [{ acceptLanguage: 'de', siteDefault: 'VI' }, 'VI', 'default', false],
    [{ acceptLanguage: 'ja', siteDefault: 'VI' }, 'JA', 'accept-language', false],
  ] as const)('%o → %s from %s (sets cookie: %s)', (signals, language, source, setCookie) => {
    expect(resolveLanguage(signals)).toEqual({ language, source, setCookie });
  });
});

describe('language codes and files', () => {
  it('names a well-formed BCP 47 Content-Language tag for every language, Chinese by script', () => {
    expect(Object.keys(CONTENT_LANGUAGE).sort()).toEqual([...LANGUAGES].sort());
    for (const tag of Object.values(CONTENT_LANGUAGE)) expect(tag).toMatch(/^[a-z]{2,3}(-[A-Z][a-z]{3}|-[A-Z]{2})?$/);
    expect(CONTENT_LANGUAGE.CN).toBe('zh-Hans');
    expect(CONTENT_LANGUAGE.TW).toBe('zh-Hant');
    expect(CONTENT_LANGUAGE.EN).toBe('en');
  });

  it('places non-EN pages under /i18n/<code lower-case>/ and EN at the build root', () => {
    expect(variantFile('CN', '/m/home.html')).toBe('/i18n/cn/m/home.html');
    expect(variantFile('PT', '/play/slot.html')).toBe('/i18n/pt/play/slot.html');
    expect(variantFile('EN', '/m/home.html')).toBeNull();
  });
});
