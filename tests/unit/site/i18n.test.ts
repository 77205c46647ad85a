import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { languageAlternates } from '../../../src/lib/alternates';
import { activeLanguage, activeTag, createTranslator, pageLocale, t, tn } from '../../../rules/i18n';
import { LANGUAGE_LIST } from '../../../rules/languages';
import { formatMoney } from '../../../src/lib/money';
import { VARIANT_LANGUAGES, languagePaths, localeDataBlock, localeOf, pageLanguageOf, renderInLanguage } from '../../../src/pages/_locale';

// docs/design.md Languages: "a missing key falls back to EN, never to the raw key on screen".
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
  it('is EN outside a page render', () => {
    expect(activeLanguage()).toBe('EN');
    expect(t('common.close')).toBe(en['common.close']);
  });

  it('makes t() and the Intl tag follow the language a page is rendered in, and only inside its render', () => {
    const fr = localeOf('FR').messages;
    renderInLanguage('FR', () => {
      expect(t('common.close')).toBe(fr['common.close']);
      expect(activeTag()).toBe('fr');
    });
    expect(activeLanguage()).toBe('EN');
  });

  it.each([['AR', 'ar', 'rtl'], ['FA', 'fa', 'rtl'], ['UR', 'ur', 'rtl'], ['JA', 'ja', 'ltr'], ['TW', 'zh-Hant', 'ltr']] as const)(
    '%s pages are rendered with lang=%s dir=%s',
    (code, tag, dir) => {
      renderInLanguage(code, () => {
        expect([activeLanguage(), activeTag(), pageLocale().dir]).toEqual([code, tag, dir]);
      });
    },
  );

  it('keeps each page in its own language when pages render at the same time (awaits and timers interleaved)', async () => {
    const render = (code: 'EN' | 'FR' | 'AR' | 'CN' | 'RU', delays: readonly number[]) =>
      renderInLanguage(code, async () => {
        const seen: string[] = [];
        for (const ms of delays) {
          await new Promise((resolve) => setTimeout(resolve, ms));
          seen.push(`${activeLanguage()} ${t('common.close')} ${tn('games.vendorGames', 3)}`);
        }
        return seen;
      });
    const pages = (['EN', 'FR', 'AR', 'CN', 'RU'] as const).map((code, i) => [code, render(code, [5 - i, i, 3, 0, 2 * i])] as const);
    for (const [code, seen] of pages) {
      const expected = renderInLanguage(code, () => `${code} ${t('common.close')} ${tn('games.vendorGames', 3)}`);
      expect(await seen).toEqual(Array(5).fill(expected));
    }
    expect(new Set(await Promise.all(pages.map(async ([, seen]) => (await seen)[0]))).size).toBe(5);
  });

  it('takes a page\'s language from its props, EN when it has none', () => {
    expect(pageLanguageOf({ lang: 'AR' })).toBe('AR');
    expect(pageLanguageOf({})).toBe('EN');
    expect(pageLanguageOf({ lang: 'xx' })).toBe('EN');
  });
});

// Accounts §9: 27 interface languages, default EN.
describe('language paths', () => {
  it('builds every page file in EN at the root and in the 26 other languages under /i18n/<code lower-case>/', () => {
    expect(VARIANT_LANGUAGES).toHaveLength(26);
    const paths = languagePaths();
    expect(paths).toHaveLength(27);
    expect(paths[0]).toEqual({ params: { i18n: undefined }, props: { lang: 'EN' } });
    expect(paths).toContainEqual({ params: { i18n: 'i18n/ar' }, props: { lang: 'AR' } });
    expect(paths).toContainEqual({ params: { i18n: 'i18n/cn' }, props: { lang: 'CN' } });
    expect(new Set(paths.map((p) => p.props.lang)).size).toBe(27);
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

// Player-shell §9 "Balance shown with 2 decimals"; docs/design.md Time/Money: formatted for the player's language.
describe('money in the page language', () => {
  it.each([
    ['en', '$1,234,567.05'], ['fr', '1\u202f234\u202f567,05\u00a0$'], ['de', '1.234.567,05\u00a0$'], ['hi', '$12,34,567.05'],
  ])('%s: %s', (tag, text) => {
    expect(formatMoney(123456705, '$', tag)).toBe(text);
  });
});
