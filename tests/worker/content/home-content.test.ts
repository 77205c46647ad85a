import { beforeEach, describe, expect, it } from 'vitest';
import { clearEdgeAnswers } from '../../../worker/edge/fills/api';
import { clearMerchantCache } from '../../../worker/middleware/merchant';
import { importContent, uniqueSlug } from '../content-fixtures';
import { BUILD_FILES, fakeBuild, page } from '../page-helpers';

const HOUR = 3_600_000;
const IMAGE = `/media/content/DEMO2/${'a'.repeat(64)}.svg`;
/** The home page as built: the placeholders HomeContent's markup carries (src/views/Home.astro). */
const HOME = '<!doctype html><html><body><div class="swiper-wrapper" data-fill="m_home"></div>'
  + '<div class="marquee-track" data-fill="marquee"><span class="marquee-empty">No announcements</span></div>'
  + '<div class="swiper-wrapper" data-fill="m_youtube"></div><section data-fill="m_local"></section></body></html>';
const build = () => fakeBuild({ ...BUILD_FILES, '/m/home.html': HOME }).assets;
const home = () => page('http://play2.localhost/m/home', { env: { ASSETS: build() } });

// accounts §2 Home announcement bar and banners; player-shell §2 Home: the merchant's content is in the first HTML.
describe('home content written by the edge', () => {
  beforeEach(() => {
    clearEdgeAnswers();
    clearMerchantCache();
  });

  it('keeps the empty placeholders and the no-announcement text for a site without content', async () => {
    const answer = await page('http://play2.localhost/m/home', { env: { ASSETS: build() } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<span class="marquee-empty">No announcements</span>');
    expect(answer.text).not.toContain('data-filled');
  });

  it('writes the banners, notice titles (escaped, with their /m/notice index), videos and local banners, and changes the ETag with them', async () => {
    const before = await home();
    const now = Date.now();
    await importContent('DEMO2', { announcements: [
      { slug: uniqueSlug('b'), type: 'B', title: 'Promo <b>banner</b>', groupName: 'm_home', startDate: now - HOUR, order: -10, images: [IMAGE], linkage: { type: 'URL', url: '/m/lottery' } },
      { slug: uniqueSlug('g'), type: 'B', title: 'Game banner', groupName: 'm_home', startDate: now - HOUR, order: -9, images: [IMAGE], linkage: { type: 'G', game: { nodeId: 12, gameType: 'RNG', vendor: 'PD' } } },
      { slug: uniqueSlug('n'), type: 'A', title: 'Notice "<script>alert(1)</script>"', startDate: now - HOUR, order: -10 },
      { slug: uniqueSlug('v'), type: 'B', title: 'How to', groupName: 'm_youtube', startDate: now - HOUR, images: [IMAGE], linkage: { type: 'URL', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' } },
      { slug: uniqueSlug('l'), type: 'B', title: 'Local', groupName: 'm_local', startDate: now - HOUR, images: [IMAGE], linkage: { type: 'URL', url: '/m/gameCenter?type=LOCAL' } },
    ] });
    clearEdgeAnswers();
    const answer = await home();
    expect(answer.text).toContain(`<div class="swiper-slide"><a class="home-banner" href="/m/lottery"><img src="${IMAGE}" alt="Promo banner"`);
    expect(answer.text).toContain('fetchpriority="high"');
    expect(answer.text).toMatch(/<button type="button" class="home-banner" data-node="12" data-game-type="RNG" data-vendor="PD">/);
    // Titles are plain text on the way in and out; what reaches the page is escaped again.
    expect(answer.text).toContain('<a href="/m/notice?index=0" dir="auto">Notice &#34;&#34;</a>');
    expect(answer.text).not.toContain('<script>alert');
    expect(answer.text).toContain('data-video="https://www.youtube.com/watch?v=aqz-KE-bpKQ"');
    expect(answer.text).toContain('<a class="local-banner" href="/m/gameCenter?type=LOCAL">');
    expect(answer.text).not.toContain('marquee-empty');
    expect(answer.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
  });
});
