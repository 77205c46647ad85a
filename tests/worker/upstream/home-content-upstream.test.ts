import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { upstreamImageOrigins, withImageOrigins } from '../../../worker/edge/pages/headers';
import { clearEdgeAnswers } from '../../../worker/edge/fills/api';
import { clearMerchantCache } from '../../../worker/middleware/merchant';
import { createStandin, type Standin } from '../../platform-standin/app';
import { STANDIN_BANNER, STANDIN_NOTICE } from '../../platform-standin/shapes';
import { BUILD_FILES, fakeBuild, page } from '../page-helpers';

/** The page policy as the build writes it (astro.config.mjs): img-src lives in the meta, not in the header. */
const POLICY = "default-src 'self';img-src 'self' data:;connect-src 'self';frame-src 'self' https://www.youtube.com;object-src 'none'";
const HOME = `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${POLICY}"></head><body>`
  + '<div class="swiper-wrapper" data-fill="m_home"></div>'
  + '<div class="marquee-track" data-fill="marquee"><span class="marquee-empty">No announcements</span></div>'
  + '<div class="swiper-wrapper" data-fill="m_youtube"></div><section data-fill="m_local"></section></body></html>';
const assets = () => fakeBuild({ ...BUILD_FILES, '/m/home.html': HOME }).assets;
const PLATFORM = 'http://platform.standin.test';
const imgSrc = (html: string) => /img-src([^;"]*)/.exec(html)?.[1]?.trim().split(/\s+/) ?? [];

let standin: Standin;
let options: { upstream: { fetch: UpstreamFetch } };

beforeAll(async () => {
  standin = await createStandin();
  options = { upstream: { fetch: (request) => standin.fetch(request as Request) } };
});
beforeEach(() => {
  clearEdgeAnswers();
  clearMerchantCache();
});

// player-shell §2 Home; accounts §2 Home announcement bar and banners: in upstream mode the home's first HTML shows the
// platform's announcements, read through the same announcement-list call the content pages and the browser use.
describe('home edge fill in upstream mode', () => {
  it("writes the platform's banner (its own image URL) and notice into the first HTML, asking the platform as a visitor", async () => {
    const answer = await page('/m/home?lang=th', { env: { ASSETS: assets(), UPSTREAM_API_URL: PLATFORM }, options });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`<a class="home-banner" href="/m/activity"><img src="${PLATFORM}${STANDIN_BANNER.image}" alt="${STANDIN_BANNER.title}"`);
    expect(answer.text).toContain(`<a href="/m/notice?index=0" dir="auto">${STANDIN_NOTICE.title}</a>`);
    expect(answer.text).not.toContain('marquee-empty');
    const asked = standin.seen.filter((r) => new URL(r.url).pathname === '/wps/relay/MCSFE_getListAnnouncements').at(-1)!;
    expect(new URL(asked.url).searchParams.get('types')).toBe('B,A,PL');
    expect(asked.headers.get('Merchant')).toBe('DEMO');
    expect(asked.headers.get('Language')).toBe('TH');
    expect(asked.headers.get('Authorization') ?? '').toBe('');
  });

  it('lets the page load images from the platform’s origin, and nothing else new', async () => {
    const answer = await page('/m/home', { env: { ASSETS: assets(), UPSTREAM_API_URL: `${PLATFORM}/api/` }, options });
    expect(imgSrc(answer.text)).toEqual(["'self'", 'data:', PLATFORM]);
    expect(answer.text).toContain("default-src 'self';");
    expect(answer.text).toContain("connect-src 'self';");
  });

  it('keeps the empty placeholders (200) when the platform cannot be reached', async () => {
    const down: UpstreamFetch = () => Promise.reject(new Error('connection refused'));
    const answer = await page('/m/home', { env: { ASSETS: assets(), UPSTREAM_API_URL: PLATFORM }, options: { upstream: { fetch: down } } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<span class="marquee-empty">No announcements</span>');
    expect(answer.text).not.toContain('data-filled');
  });

  /** An announcement item with every field the contract gives it (platform-contract.md §2; accounts §3 "Announcement"). */
  const item = (fields: Record<string, unknown>) => ({
    id: 1, type: 'B', title: '', content: '', startDate: Date.UTC(2026, 0, 1), endDate: null, execution: 'B', groupName: '', promotionType: '',
    label: '', linkageType: '', linkage: '', url: '', read: false, applicable: false, status: '', announcementImages: [], ...fields,
  });
  /** A platform answering `value` to the announcement list, and the contract's empty answers to home's other calls. */
  const answering = (value: unknown): UpstreamFetch => (request) => {
    const path = new URL(request.url).pathname;
    const answer = path.endsWith('getListAnnouncements') ? value
      : path.endsWith('GCSGAME_getVassGameType') ? { content: {} }
        : path.endsWith('GCSGAME_newGameVendor') ? { data: { lanes: [] } }
          : { list: [] };
    return Promise.resolve(Response.json({ success: true, message: null, errorCode: null, value: answer }));
  };

  it('takes a banner\'s first image (by sequence) when it has no url', async () => {
    const fetch = answering({
      banners: [item({ title: 'Sparse', groupName: 'm_home', announcementImages: [{ sequence: 2, url: 'https://cdn.platform.test/b.png' }, { sequence: 1, url: 'https://cdn.platform.test/a.png' }] })],
      player: [item({ id: 2, type: 'A', title: 'Only a title' })], popup: [], promotion: [], hot: [],
    });
    const answer = await page('/m/home', { env: { ASSETS: assets(), UPSTREAM_API_URL: PLATFORM }, options: { upstream: { fetch } } });
    expect(answer.text).toContain('<div class="home-banner"><img src="https://cdn.platform.test/a.png" alt="Sparse"');
    expect(answer.text).toContain('>Only a title</a>');
  });

  it('keeps the empty placeholders when the answer is outside the contract (groups left out, items that are not announcements)', async () => {
    // upstream-answers.ts: PlayDeck's browser and edge get only answers that fit the call's schema; this one is refused.
    const fetch = answering({ banners: [{ id: 1, title: 'Sparse', label: null, announcementImages: [{ sequence: 1, url: 'https://cdn.platform.test/a.png' }] }, 'junk'], player: [{ title: 'Only a title' }] });
    const answer = await page('/m/home', { env: { ASSETS: assets(), UPSTREAM_API_URL: PLATFORM }, options: { upstream: { fetch } } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<span class="marquee-empty">No announcements</span>');
    expect(answer.text).not.toContain('Sparse');
  });
});

describe('page image policy in upstream mode (UPSTREAM_MEDIA_ORIGINS)', () => {
  it('adds the listed CDN origins to img-src, cut to their origin, ignoring wildcards, bare schemes and junk', async () => {
    const answer = await page('/m/home', {
      env: {
        ASSETS: assets(), UPSTREAM_API_URL: PLATFORM,
        UPSTREAM_MEDIA_ORIGINS: 'https://cdn.platform.example/banners/, https://img.platform.example:8443 * https: https://*.evil.example javascript:alert(1) ftp://x.example',
      },
      options,
    });
    expect(imgSrc(answer.text)).toEqual(["'self'", 'data:', PLATFORM, 'https://cdn.platform.example', 'https://img.platform.example:8443']);
  });

  it('changes nothing in built-in mode, even with the setting present', async () => {
    const answer = await page('/m/home', { env: { ASSETS: assets(), UPSTREAM_MEDIA_ORIGINS: 'https://cdn.platform.example' } });
    expect(imgSrc(answer.text)).toEqual(["'self'", 'data:']);
    expect(upstreamImageOrigins({ UPSTREAM_MEDIA_ORIGINS: 'https://cdn.platform.example' })).toEqual([]);
  });

  it('gives the page a new ETag when the image origins change, so a cached copy with the old policy is not confirmed', async () => {
    const first = await page('/m/home', { env: { ASSETS: assets(), UPSTREAM_API_URL: PLATFORM }, options });
    const etag = first.headers.get('ETag')!;
    const again = await page('/m/home', { env: { ASSETS: assets(), UPSTREAM_API_URL: PLATFORM, UPSTREAM_MEDIA_ORIGINS: 'https://cdn.platform.example' }, options, headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(200);
    expect(again.headers.get('ETag')).not.toBe(etag);
  });

  it.each([
    ["default-src 'self';img-src 'self' data:;connect-src 'self'", "default-src 'self';img-src 'self' data: https://a.test;connect-src 'self'"],
    ["img-src 'self' https://a.test", "img-src 'self' https://a.test"],
    ["default-src 'self'", "default-src 'self'"],
  ])('withImageOrigins(%j) → %j', (policy, expected) => {
    expect(withImageOrigins(policy, ['https://a.test'])).toBe(expected);
  });
});
