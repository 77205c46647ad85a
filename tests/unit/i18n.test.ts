import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { languageAlternates } from '../../src/lib/alternates';
import { EN_LOCALE, activeLanguage, activeTag, createTranslator, setPageLocale, t } from '../../src/lib/i18n';
import { LANGUAGE_LIST } from '../../src/lib/languages';
import { formatMoney } from '../../src/lib/money';
import { VARIANT_LANGUAGES, localeDataBlock, localeOf, renderIn, variantPaths } from '../../src/views/locale';

afterEach(() => setPageLocale(EN_LOCALE));

// DESIGN.md Languages: "a missing key falls back to EN, never to the raw key on screen".
describe('translation with EN fallback', () => {
  const ja = createTranslator({ 'common.close': '閉じる', 'common.back': '' });
  it.each([
    ['a translated key reads in the language', 'common.close', '閉じる'],
    ['a key the language lacks reads in EN', 'header.login', en['header.login']],
    ['a key the language leaves empty reads in EN', 'common.back', en['common.back']],
  ] as const)('%s', (_name, key, text) => {
    expect(ja(key)).toBe(text);
  });

  it('fills {name} placeholders and leaves unknown ones', () => {
    const translate = createTranslator({ 'games.pageIndicator': 'ページ {page}/{total}' });
    expect(translate('games.pageIndicator', { page: 2, total: 9 })).toBe('ページ 2/9');
    expect(translate('games.pageIndicator', { page: 2 })).toBe('ページ 2/{total}');
  });

  it.each([['en', 1234, '1,234'], ['es', 1234, '1234'], ['de', 12345, '12.345'], ['fa', 123, '۱۲۳'], ['hi', 1234567, '12,34,567']] as const)(
    'writes numbers the way %s does: %s → %s',
    (tag, value, written) => {
      expect(createTranslator({}, tag)('games.pageIndicator', { page: value, total: value })).toBe(`${written} / ${written}`);
    },
  );
});

describe('the page language', () => {
  it('is EN until a view renders in another language', () => {
    expect(activeLanguage()).toBe('EN');
    expect(t('common.close')).toBe(en['common.close']);
  });

  it('makes t() and the Intl tag follow the language a view renders in', () => {
    const messages = { 'common.close': 'Fermer' };
    setPageLocale({ language: 'FR', tag: 'fr', dir: 'ltr', messages });
    expect(t('common.close')).toBe('Fermer');
    expect(t('header.login')).toBe(en['header.login']);
    expect(activeTag()).toBe('fr');
  });

  it.each([['AR', 'ar', 'rtl'], ['FA', 'fa', 'rtl'], ['UR', 'ur', 'rtl'], ['JA', 'ja', 'ltr'], ['TW', 'zh-Hant', 'ltr']] as const)(
    '%s pages are rendered with lang=%s dir=%s',
    (code, tag, dir) => {
      renderIn(code);
      expect([activeLanguage(), activeTag(), localeOf(code).dir]).toEqual([code, tag, dir]);
    },
  );
});

// Accounts §9: 27 interface languages, default EN.
describe('language variants', () => {
  it('builds every page in the 26 languages other than EN under /i18n/<code lower-case>/', () => {
    expect(VARIANT_LANGUAGES).toHaveLength(26);
    expect(variantPaths()).toContainEqual({ params: { lang: 'ar' }, props: { lang: 'AR' } });
    expect(variantPaths().some((p) => p.props.lang === 'EN')).toBe(false);
  });

  it('names all 27 languages and x-default as alternates of a page at its own URL', () => {
    const alternates = languageAlternates('/m/login');
    expect(alternates).toHaveLength(28);
    expect(alternates).toContainEqual({ hreflang: 'zh-Hans', href: '/m/login?lang=cn' });
    expect(alternates).toContainEqual({ hreflang: 'ar', href: '/m/login?lang=ar' });
    expect(alternates.at(-1)).toEqual({ hreflang: 'x-default', href: '/m/login' });
    expect(new Set(alternates.map((a) => a.hreflang)).size).toBe(LANGUAGE_LIST.length + 1);
  });
});

describe('the data block that carries a page language to the browser', () => {
  it('holds the language, tag, direction and every message, EN where the language has none (no script carries locale text)', () => {
    const block = JSON.parse(localeDataBlock({ language: 'AR', tag: 'ar', dir: 'rtl', messages: { 'common.close': 'إغلاق' } }));
    expect(block).toMatchObject({ language: 'AR', tag: 'ar', dir: 'rtl' });
    expect(Object.keys(block.messages)).toEqual(Object.keys(en));
    expect(block.messages['common.close']).toBe('إغلاق');
    expect(block.messages['app.name']).toBe(en['app.name']);
  });

  it('can never close its element or break out of it', () => {
    const text = localeDataBlock({ language: 'FR', tag: 'fr', dir: 'ltr', messages: { 'common.close': '</script><b>\u2028' } });
    expect(text).not.toMatch(/<|\u2028/);
    expect(JSON.parse(text).messages['common.close']).toBe('</script><b>\u2028');
  });
});

// Player-shell §9 "Balance shown with 2 decimals"; DESIGN.md Time/Money: formatted for the player's language.
describe('money in the page language', () => {
  it.each([
    ['en', '$1,234,567.05'], ['fr', '1\u202f234\u202f567,05\u00a0$'], ['de', '1.234.567,05\u00a0$'], ['hi', '$12,34,567.05'],
  ])('%s: %s', (tag, text) => {
    expect(formatMoney(123456705, '$', tag)).toBe(text);
  });
});
