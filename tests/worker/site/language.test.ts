import { describe, expect, it } from 'vitest';
import { BUILD_FILES, fakeBuild, file, page, withSiteState } from '../page-helpers';

const build = () => fakeBuild(BUILD_FILES);

describe('page language variants', () => {
  it('serves the variant named by ?lang= and remembers it in the language cookie for a year', async () => {
    const { assets, requests } = build();
    const answer = await page('/m/home?lang=cn', { env: { ASSETS: assets } });
    expect(answer.status).toBe(200);
    expect(answer.file).toBe(file('home CN'));
    expect(new URL(requests.at(-1)!.url).pathname).toBe('/i18n/cn/m/home.html');
    expect(answer.headers.get('Content-Language')).toBe('zh-Hans');
    expect(answer.headers.get('Vary')).toBe('Cookie, Accept-Language');
    expect(answer.headers.get('Set-Cookie')).toBe('language=CN; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('marks the language cookie Secure on https', async () => {
    const { assets } = build();
    const answer = await page('https://127.0.0.1/m/home?lang=JA', { env: { ASSETS: assets } });
    expect(answer.file).toBe(file('home JA'));
    expect(answer.headers.get('Set-Cookie')).toContain('; Secure');
  });

  it('lets ?lang= win over the cookie and Accept-Language', async () => {
    const { assets } = build();
    const answer = await page('/m/home?lang=ja', {
      env: { ASSETS: assets },
      headers: { Cookie: 'language=CN', 'Accept-Language': 'zh-CN' },
    });
    expect(answer.file).toBe(file('home JA'));
  });

  it('uses the language cookie when there is no ?lang=, without rewriting it', async () => {
    const { assets } = build();
    const answer = await page('/m/home', {
      env: { ASSETS: assets },
      headers: { Cookie: 'theme=dark; language=CN', 'Accept-Language': 'ja' },
    });
    expect(answer.file).toBe(file('home CN'));
    expect(answer.headers.get('Set-Cookie')).toBeNull();
  });

  it('falls back to Accept-Language, mapping browser tags (zh-HK reads TW, ja reads JA)', async () => {
    const { assets, requests } = build();
    const japanese = await page('/m/home', { env: { ASSETS: assets }, headers: { 'Accept-Language': 'de;q=0.9,ja;q=0.8' } });
    expect(japanese.file).toBe(file('home JA'));
    expect(japanese.headers.get('Content-Language')).toBe('ja');

    await page('/m/home', { env: { ASSETS: assets }, headers: { 'Accept-Language': 'zh-HK' } });
    expect(requests.map((r) => new URL(r.url).pathname)).toContain('/i18n/tw/m/home.html');
  });

  it('serves the EN file, labelled en, when the chosen language has no variant of the page', async () => {
    const { assets } = build();
    const answer = await page('/m/login?lang=th', { env: { ASSETS: assets } });
    expect(answer.status).toBe(200);
    expect(answer.file).toBe(file('login EN'));
    expect(answer.headers.get('Content-Language')).toBe('en');
    // The choice is still remembered: the variant may appear with the next build.
    expect(answer.headers.get('Set-Cookie')).toContain('language=TH');
  });

  it('ignores an unsupported ?lang= and sets no cookie', async () => {
    const { assets } = build();
    const answer = await page('/m/home?lang=klingon', { env: { ASSETS: assets }, headers: { Cookie: 'language=JA' } });
    expect(answer.file).toBe(file('home JA'));
    expect(answer.headers.get('Set-Cookie')).toBeNull();
  });

  it('defaults to EN without any language signal', async () => {
    const { assets } = build();
    const answer = await page('/m/home', { env: { ASSETS: assets } });
    expect(answer.file).toBe(file('home EN'));
    expect(answer.headers.get('Content-Language')).toBe('en');
    expect(answer.headers.get('Vary')).toBe('Cookie, Accept-Language');
  });

  it('keeps revalidation working per variant (If-None-Match → 304)', async () => {
    const { assets } = build();
    const first = await page('/m/home?lang=cn', { env: { ASSETS: assets } });
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const again = await page('/m/home?lang=cn', { env: { ASSETS: assets }, headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('Content-Language')).toBe('zh-Hans');
  });

  it('localises the gate pages too', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { maintenance: true }, async () => {
      const chinese = await page('/m/home', { env: { ASSETS: assets }, headers: { Cookie: 'language=CN' } });
      expect(chinese.status).toBe(503);
      expect(chinese.file).toBe(file('maintenance CN'));
      expect(chinese.headers.get('Content-Language')).toBe('zh-Hans');
      const japanese = await page('/m/home?lang=ja', { env: { ASSETS: assets } });
      expect(japanese.file).toBe(file('maintenance EN'));
      expect(japanese.headers.get('Content-Language')).toBe('en');
      expect(japanese.headers.get('Set-Cookie')).toContain('language=JA');
    });
  });

  it('does not serve variant files at their storage path', async () => {
    const { assets } = build();
    const answer = await page('/i18n/cn/m/home.html', { env: { ASSETS: assets } });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  });
});
