import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { createApp } from '../../../worker/index';
import { clearEdgeAnswers, type ApiFetch, type DirectSource } from '../../../worker/edge/fills/api';
import { contentFill, type ContentFill } from '../../../worker/edge/fills/content';
import { appFill } from '../../../worker/edge/fills/app';
import { homeContentFor, homeContentMarkup, homeContentTag } from '../../../worker/edge/fills/home-content';
import { importContent, uniqueSlug } from '../content-fixtures';
import { setResources } from '../fixtures';

// docs/edge.md "Where a fill's data comes from": in built-in mode the promotions, home's banners and notices and the
// app's download links read the service their route calls (services/content/announcements.ts announcementList; the
// status resources' query), not the worker's own API; what they write is the same byte for byte as through the API.

beforeEach(() => clearEdgeAnswers());

const IMAGE = (n: number) => `/media/content/DEMO/${String(n).repeat(64)}.png`;

beforeAll(async () => {
  const start = Date.now() - 3_600_000;
  await importContent('DEMO', { announcements: [
    { slug: uniqueSlug('promo'), type: 'PR', title: 'Cashback', label: 'Hot', content: '<p>Ten <b>percent</b><script>x()</script></p>', startDate: start, applicable: true, images: [IMAGE(1), IMAGE(2)] },
    { slug: uniqueSlug('promo'), type: 'PR', title: 'Reload', content: '<p>Twice</p>', startDate: start + 7_200_000 * 24 },
    { slug: uniqueSlug('banner'), type: 'B', title: 'Welcome', groupName: 'm_home', startDate: start, images: [IMAGE(3)], linkage: { type: 'URL', url: '/m/activity' } },
    { slug: uniqueSlug('local'), type: 'B', title: 'Local', groupName: 'm_local', startDate: start, images: [IMAGE(4)] },
    { slug: uniqueSlug('notice'), type: 'A', title: ' Maintenance tonight ', content: '<p>From 2 to 3</p>', startDate: start },
  ] });
  await setResources('DEMO', [['Android', 'https://dl.demo.test/demo.apk'], ['IOS', 'https://apps.demo.test/ios'], ['MOBILECONFIG', 'https://dl.demo.test/p.mobileconfig']]);
});

const ORIGIN = 'http://127.0.0.1';
const direct: DirectSource = { db: env.DB, cacheMs: 0 };
/** The worker's own API, as the edge reached it before (app.request). */
const app = createApp();
const throughApi: ApiFetch = (request) => Promise.resolve(app.request(request, undefined, env));

/** An API that must not be asked, counting the attempts. */
function noApi(): { api: ApiFetch; calls: () => number } {
  let calls = 0;
  return {
    api: () => {
      calls++;
      return Promise.reject(new Error('built-in mode reads directly'));
    },
    calls: () => calls,
  };
}

const PAGE = '<html><body><div data-fill="promotions" data-more="More"></div><div data-fill="promotion"></div>'
  + '<div data-fill="app-links" data-android="Android" data-ios="iPhone" data-profile="Profile" data-profilehint="Hint"'
  + ' data-usesafari="Safari" data-legacyios="Old" data-none="None" data-newtab="new tab"></div></body></html>';

/** The page with `fill` written in. */
const written = (fill: ContentFill | null): Promise<string> =>
  (fill ? fill.apply(new HTMLRewriter()) : new HTMLRewriter()).transform(new Response(PAGE)).text();

/** Both ways of one fill: directly (no API call) and through the API (upstream mode's path, against the built-in API). */
async function bothWays(fill: (api: ApiFetch, source: DirectSource | null) => Promise<ContentFill | null>) {
  const none = noApi();
  const read = await fill(none.api, direct);
  clearEdgeAnswers();
  const fetched = await fill(throughApi, null);
  return { read, fetched, calls: none.calls() };
}

describe('built-in fills read their service directly, as the API answers', () => {
  it.each(['EN', 'AR'] as const)('promotions (%s): the same cards and fingerprint, no API call', async (language) => {
    const url = new URL('/m/activity', ORIGIN);
    const { read, fetched, calls } = await bothWays((api, source) => contentFill('activity', url, language, 'DEMO', api, source));
    expect(calls).toBe(0);
    expect(read?.fingerprint).toBe(fetched?.fingerprint);
    const html = await written(read);
    expect(html).toContain('promo-card');
    expect(html).toBe(await written(fetched));
  });

  it('a promotion (activity detail): the same article and fingerprint, no API call', async () => {
    const cards = await written(await contentFill('activity', new URL('/m/activity', ORIGIN), 'EN', 'DEMO', throughApi, null));
    const id = /activityDetail\?id=(\d+)/.exec(cards)?.[1];
    expect(id).toBeDefined();
    const url = new URL(`/m/activityDetail?id=${id}`, ORIGIN);
    const { read, fetched, calls } = await bothWays((api, source) => contentFill('activityDetail', url, 'EN', 'DEMO', api, source));
    expect(calls).toBe(0);
    expect(read?.fingerprint).toBe(fetched?.fingerprint);
    const html = await written(read);
    expect(html).toContain(`data-promotion="${id}"`);
    expect(html).toBe(await written(fetched));
  });

  it("home's banners and notices: the same content, markup and tag, no API call", async () => {
    const none = noApi();
    const source = { origin: ORIGIN, merchantCode: 'DEMO', language: 'EN' as const };
    const read = await homeContentFor({ ...source, api: none.api, direct });
    clearEdgeAnswers();
    const fetched = await homeContentFor({ ...source, api: throughApi, direct: null });
    expect(none.calls()).toBe(0);
    expect(read.banners.length + read.notices.length).toBeGreaterThan(0);
    expect(JSON.stringify(read)).toBe(JSON.stringify(fetched));
    expect(homeContentTag(read)).toBe(homeContentTag(fetched));
    expect(homeContentMarkup(read)).toEqual(homeContentMarkup(fetched));
  });

  it("the app's download links: the same links and fingerprint, no API call", async () => {
    const url = new URL('/m/app', ORIGIN);
    const android = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
    const { read, fetched, calls } = await bothWays((api, source) => appFill(url, 'EN', 'DEMO', api, source, android));
    expect(calls).toBe(0);
    expect(read?.fingerprint).toBe(fetched?.fingerprint);
    const html = await written(read);
    expect(html).toContain('btn-download');
    expect(html).toBe(await written(fetched));
  });
});
