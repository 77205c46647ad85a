import { beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { appLinksMarkup, type AppLinkTexts } from '../../../worker/edge/fills/app';
import { safeDownloadUrl } from '../../../rules/download';
import { detectDevice } from '../../../rules/download';
import { clearEdgeAnswers } from '../../../worker/edge/fills/api';
import { fakeBuild, page } from '../page-helpers';
import { setResources } from '../fixtures';

// Issue 9 / player-shell §2 /m/app: the edge writes the site's download links (status resources) into the first HTML
// of the app page (worker/edge/fills/app.ts), so the page loads no island and the links work without script.

const APP_PAGE = (lang: string) => `<!doctype html><html lang="${lang}"><body><main><section class="card">`
  + `<div class="download-options" data-fill="app-links" data-android="Android ${lang}" data-ios="iPhone ${lang}" data-profile="Profile ${lang}"`
  + ` data-profilehint="Hint ${lang}" data-usesafari="Use Safari ${lang}" data-legacyios="Old iOS ${lang}" data-none="None ${lang}"`
  + ` data-newtab="new tab &amp; more ${lang}"><p class="muted">Error ${lang} <a href="/m/app">Retry</a></p></div></section></main></body></html>`;
const build = () => fakeBuild({ '/m/app.html': APP_PAGE('en'), '/i18n/th/m/app.html': APP_PAGE('th') });
const get = (path: string, init: Parameters<typeof page>[1] = {}) => page(path, { ...init, env: { ASSETS: build().assets, ...init.env } });
const SITE2 = 'http://play2.localhost';

const UA = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iosSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iosChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
  iosOld: 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
};

const ANDROID = 'https://dl.play2.test/app-release.apk';
const IOS = 'https://apps.play2.test/ios';
const PROFILE = 'https://dl.play2.test/profile.mobileconfig';

beforeAll(async () => {
  await setResources('DEMO2', [['Android', ANDROID], ['IOS', IOS], ['MOBILECONFIG', PROFILE], ['TELEGRAM', 'https://t.me/play2']]);
  await setResources('DEMO', [['Android', 'https://dl.demo.test/demo.apk'], ['IOS', 'javascript:alert(1)']]);
});

describe('/m/app: the download links in the first HTML (built-in API)', () => {
  it("writes the site's Android, iOS and profile links as plain links, in place of the built error", async () => {
    const answer = await get(`${SITE2}/m/app`, { headers: { 'User-Agent': UA.android } });
    expect(answer.status).toBe(200);
    // .apk opens in the same tab; anything else in a new tab that says so.
    expect(answer.text).toContain(`<li><a class="btn btn-primary btn-download" href="${ANDROID}">Android en</a></li>`);
    expect(answer.text).toContain(`<a class="btn btn-primary btn-download" href="${IOS}" target="_blank" rel="noopener noreferrer">iPhone en<span class="visually-hidden"> (new tab &amp; more en)</span></a>`);
    expect(answer.text).toMatch(new RegExp(`href="${PROFILE}"[^>]* data-profile-link="4000">Profile en.*?</a><p class="download-note">Hint en</p>`));
    expect(answer.text).not.toContain('t.me');
    expect(answer.text).not.toContain('Error en');
    expect(answer.text).not.toMatch(/Use Safari|Old iOS/);
    expect(answer.text).toContain('data-filled');
    expect(answer.text).not.toContain('data-android');
    expect(answer.headers.get('Vary')).toBe('Cookie, Accept-Language, User-Agent');
  });

  it.each([
    ['iOS outside Safari: the Safari note', UA.iosChrome, ['Use Safari en'], ['Old iOS en']],
    ['iOS 12.1 in Safari: the legacy-iOS hint', UA.iosOld, ['Old iOS en'], ['Use Safari en']],
    ['iOS 17 in Safari: no note', UA.iosSafari, [], ['Use Safari en', 'Old iOS en']],
  ])('%s, read from the User-Agent', async (_name, userAgent, shown, hidden) => {
    const text = (await get(`${SITE2}/m/app`, { headers: { 'User-Agent': userAgent } })).text;
    for (const note of shown) expect(text).toContain(`<p class="download-warning" role="note">${note}</p>`);
    for (const note of hidden) expect(text).not.toContain(note);
    expect(text).toContain(`href="${ANDROID}"`);
    // The profile tap shows only the Safari notice where a profile cannot install.
    expect(text.includes('data-profile-link="4000" data-safari-only')).toBe(userAgent === UA.iosChrome);
  });

  it("never shows another site's links, and drops an address that is not a download (javascript:)", async () => {
    const demo = (await get('/m/app', { headers: { 'User-Agent': UA.android } })).text;
    expect(demo).toContain('href="https://dl.demo.test/demo.apk"');
    expect(demo).not.toContain('javascript:');
    expect(demo).not.toContain('iPhone en');
    expect(demo).not.toContain('play2.test');
    expect((await get(`${SITE2}/m/app`)).text).not.toContain('demo.test');
  });

  it("uses the page's language for the words", async () => {
    const answer = await get(`${SITE2}/m/app?lang=th`);
    expect(answer.headers.get('Content-Language')).toBe('th');
    expect(answer.text).toContain('Android th');
    expect(answer.text).not.toContain('Android en');
  });

  it('says so when the site has no download link', async () => {
    await setResources('DEMO2', [['TELEGRAM', 'https://t.me/play2']]);
    try {
      expect((await get(`${SITE2}/m/app`)).text).toContain('<div class="download-options" data-fill="app-links" data-filled="">');
      expect((await get(`${SITE2}/m/app`)).text).toMatch(/data-filled=""><p class="muted">None en<\/p><\/div>/);
    } finally {
      await setResources('DEMO2', [['Android', ANDROID], ['IOS', IOS], ['MOBILECONFIG', PROFILE]]);
    }
    expect(appLinksMarkup([{ resourceType: 'IOS', url: 'javascript:x', labelNameEn: '' }], detectDevice(UA.android, false), TEXTS))
      .toBe('<p class="muted">None</p>');
  });

  it('gives the page a new ETag when the links or the phone change, and confirms an unchanged one with 304', async () => {
    const first = await get(`${SITE2}/m/app`, { headers: { 'User-Agent': UA.iosSafari } });
    const etag = first.headers.get('ETag')!;
    expect((await get(`${SITE2}/m/app`, { headers: { 'User-Agent': UA.iosSafari, 'If-None-Match': etag } })).status).toBe(304);
    expect((await get(`${SITE2}/m/app`, { headers: { 'User-Agent': UA.iosChrome, 'If-None-Match': etag } })).status).toBe(200);
    await setResources('DEMO2', [['Android', 'https://dl.play2.test/v2.apk']]);
    // The edge keeps the status answer for SITE_CACHE_SECONDS (fills/api.ts): the change shows once the lifetime ends.
    clearEdgeAnswers();
    try {
      const changed = await get(`${SITE2}/m/app`, { headers: { 'User-Agent': UA.iosSafari, 'If-None-Match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.text).toContain('v2.apk');
    } finally {
      await setResources('DEMO2', [['Android', ANDROID], ['IOS', IOS], ['MOBILECONFIG', PROFILE]]);
    }
  });
});

const TEXTS: AppLinkTexts = {
  android: 'Android', ios: 'iPhone', profile: 'Profile', profileHint: 'Hint', useSafari: 'Safari', legacyIos: 'Old', none: 'None', newTab: 'new tab',
};

describe('download addresses', () => {
  it.each([
    ['https://x.test/a.apk', 'https://x.test/a.apk'],
    ['  itms-services://?action=download-manifest&url=https://x.test/m.plist ', 'itms-services://?action=download-manifest&url=https://x.test/m.plist'],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['/m/app', null],
    ['https://x.test/"><script>', null],
  ])('%j → %j', (url, expected) => {
    expect(safeDownloadUrl(url)).toBe(expected);
  });
});

describe('/m/app in upstream mode: the platform’s resources', () => {
  const UPSTREAM = 'http://platform.test';
  const seen: Request[] = [];
  const fetch: UpstreamFetch = async (request) => {
    seen.push(request as Request);
    return Response.json({
      success: true, message: null, errorCode: null,
      // The status answer with every field the contract gives it (platform-contract.md §2 "system status"): PlayDeck's
      // edge reads only answers that fit the call's schema (worker/edge/upstream/upstream-answers.ts). An iPhone entry without
      // an address is offered no link.
      value: {
        info: {
          customerService: [], domainRoute: { version: { pathList: [] }, domainList: [] }, mobileTemplate: { mem_cen: '0', dep_func: '0' },
          paths: {}, register: {}, whitelabel: [], mainDomain: '', imageCDNs: [], launchGameCDNs: [], analytics: {},
          resources: [{ resourceType: 'android', url: 'https://cdn.platform.test/p.apk?a=1&b=2', labelNameEn: '' }, { resourceType: 'IOS', url: '', labelNameEn: '' }],
        },
        location: { ip: '' }, maintenance: false, regionRestriction: false,
      },
    });
  };

  it("writes the platform's links, escaped, asked as a visitor in the page's language", async () => {
    seen.length = 0;
    const answer = await get('/m/app?lang=th', { env: { UPSTREAM_API_URL: UPSTREAM }, options: { upstream: { fetch } } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('href="https://cdn.platform.test/p.apk?a=1&amp;b=2">Android th</a>');
    expect(answer.text).not.toContain('iPhone th');
    const asked = seen.find((r) => new URL(r.url).pathname.endsWith('/system/status'))!;
    expect(asked.headers.get('Merchant')).toBe('DEMO');
    expect(asked.headers.get('Language')).toBe('TH');
    expect(asked.headers.get('Authorization') ?? '').toBe('');
  });

  it('keeps the page as built (the error with its reload link), 200, when the platform fails', async () => {
    const failing: UpstreamFetch = async () => new Response('down', { status: 502 });
    const answer = await get('/m/app', { env: { UPSTREAM_API_URL: UPSTREAM }, options: { upstream: { fetch: failing } } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<p class="muted">Error en <a href="/m/app">Retry</a></p>');
    expect(answer.text).not.toContain('data-filled');
  });
});
