import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_IDS } from '../../../rules/crawl';
import { LANGUAGE_LIST } from '../../../rules/languages';
import { pathOf } from '../../../rules/routes';
import { BUILD_FILES, fakeBuild, page } from '../page-helpers';
import { importContent, uniqueSlug } from '../content-fixtures';

const DAY = 86_400_000;
/** When the sitemap's promotion started (its lastmod), and one that starts tomorrow (lastmod: now at the latest). */
const STARTED = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  const section = uniqueSlug('faq');
  await importContent('DEMO', {
    announcements: [
      { slug: uniqueSlug('promo'), type: 'PR', title: 'Cashback', content: '<p>Ten percent</p>', startDate: STARTED },
      { slug: uniqueSlug('promo'), type: 'PR', title: 'Soon', content: '<p>Tomorrow</p>', startDate: Date.now() + DAY },
    ],
    help: [
      { language: 'EN', slug: section, title: 'Deposits', content: '<p>How to pay in</p>' },
      { language: 'EN', slug: uniqueSlug('faq-item'), parent: section, title: 'How long does a deposit take?', content: '<p>A <b>minute</b>.</p>' },
    ],
  });
});

/** A page file with the head the frame builds (src/layouts/Frame.astro), in `lang` (lower-case code). */
function headFile(path: string, lang: string, extra = ''): string {
  const alternates = ['en', 'fr'].map((code) => `<link rel="alternate" hreflang="${code}" href="${path}?lang=${code}">`).join('');
  return `<!doctype html><html lang="${lang}"><head><title>Page · PlayDeck</title><meta name="description" content="Play at PlayDeck">`
    + `<link rel="canonical" href="${path}?lang=${lang}">${alternates}<link rel="alternate" hreflang="x-default" href="${path}">`
    + `<meta property="og:site_name" content="PlayDeck"><meta property="og:title" content="Page · PlayDeck">`
    + `<meta property="og:url" content="${path}?lang=${lang}"><meta property="og:image" content="/favicon.svg"></head><body>${extra}</body></html>`;
}

const FILES: Record<string, string> = {
  ...BUILD_FILES,
  '/m/home.html': headFile('/m/home', 'en'),
  '/i18n/fr/m/home.html': headFile('/m/home', 'fr'),
  '/m/activityDetail.html': headFile('/m/activityDetail', 'en', '<div data-fill="promotion"></div>'),
  '/i18n/fr/m/activityDetail.html': headFile('/m/activityDetail', 'fr', '<div data-fill="promotion"></div>'),
  '/m/help.html': headFile('/m/help', 'en', '<div data-fill="help"></div><nav data-fill="help-strip"></nav>'),
  '/build-info.json': JSON.stringify({ builtAt: Date.UTC(2026, 0, 2, 3, 4, 5) }),
};
const assets = () => fakeBuild(FILES).assets;

/** Attribute `name` of every tag matching `selector` (a regular expression over the tag's text). */
function attributes(html: string, tag: RegExp, name: string): string[] {
  return [...html.matchAll(new RegExp(tag.source, 'g'))].map((m) => new RegExp(`${name}="([^"]*)"`).exec(m[0])?.[1] ?? '');
}

describe('robots.txt per site (docs/edge.md "Crawlers")', () => {
  it('allows the public pages, disallows the API and member paths and names the sitemap on the site\'s own origin', async () => {
    const demo = await page('/robots.txt');
    expect(demo.status).toBe(200);
    expect(demo.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    const lines = demo.text.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/wps/', '/lgw/', '/m/member/', '/m/withdraw', '/m/voucherCenter', '/m/rewardCenter']) expect(lines).toContain(`Disallow: ${path}`);
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const id of PUBLIC_PAGE_IDS) expect(disallowed.filter((prefix) => pathOf(id).startsWith(prefix))).toEqual([]);
    expect(lines).toContain('Sitemap: http://127.0.0.1/sitemap.xml');
  });

  it('differs per site: each host names its own sitemap and brand', async () => {
    const one = await page('/robots.txt');
    const two = await page('http://play2.localhost/robots.txt');
    expect(two.status).toBe(200);
    expect(two.text).toContain('Sitemap: http://play2.localhost/sitemap.xml');
    expect(two.text).not.toContain('127.0.0.1');
    expect(two.text.split('\n')[0]).not.toBe(one.text.split('\n')[0]);
  });

  it('answers an unknown host with 404', async () => {
    expect((await page('http://nobody.example/robots.txt')).status).toBe(404);
    expect((await page('http://nobody.example/sitemap.xml')).status).toBe(404);
  });
});

describe('sitemap.xml per site', () => {
  it('lists every public page in every language with hreflang alternates, x-default and lastmod', async () => {
    const answer = await page('/sitemap.xml', { env: { ASSETS: assets() } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(answer.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    const urls = [...answer.text.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    const locs = urls.map((u) => /<loc>([^<]*)<\/loc>/.exec(u)![1]!);
    expect(new Set(locs).size).toBe(locs.length);
    for (const id of PUBLIC_PAGE_IDS.filter((p) => p !== 'activityDetail' && p !== 'helpDetail')) {
      for (const info of LANGUAGE_LIST) expect(locs).toContain(`http://127.0.0.1${pathOf(id)}?lang=${info.code.toLowerCase()}`);
    }
    expect(locs.some((l) => l.includes('/m/member/') || l.includes('/m/withdraw'))).toBe(false);
    const policy = urls.find((u) => u.includes('<loc>http://127.0.0.1/m/policy?lang=fr</loc>'))!;
    expect(policy).toContain('<lastmod>2026-01-02T03:04:05Z</lastmod>');
    expect(policy).toContain('<xhtml:link rel="alternate" hreflang="zh-Hans" href="http://127.0.0.1/m/policy?lang=cn"/>');
    expect(policy).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="http://127.0.0.1/m/policy"/>');
    expect(attributes(policy, /<xhtml:link [^>]*>/, 'hreflang')).toHaveLength(LANGUAGE_LIST.length + 1);
  });

  it('includes each promotion and help item with its content date, and names the site\'s own origin', async () => {
    const answer = await page('/sitemap.xml', { env: { ASSETS: assets() } });
    const promotion = [...answer.text.matchAll(/<url><loc>http:\/\/127\.0\.0\.1\/m\/activityDetail\?id=(\d+)&amp;lang=en<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
    expect(promotion.length).toBeGreaterThanOrEqual(2);
    const lastmods = promotion.map(([, , lastmod]) => Date.parse(lastmod!));
    expect(lastmods).toContain(STARTED);
    for (const lastmod of lastmods) expect(lastmod).toBeLessThanOrEqual(Date.now());
    expect(answer.text).toContain('<loc>http://127.0.0.1/m/helpDetail?p=0&amp;lang=en</loc>');
    expect(answer.text).toContain('<loc>http://127.0.0.1/m/helpDetail?p=0&amp;c=0&amp;lang=en</loc>');
    const two = await page('http://play2.localhost/sitemap.xml', { env: { ASSETS: assets() } });
    expect(two.text).toContain('<loc>http://play2.localhost/m/home?lang=en</loc>');
    expect(two.text).not.toContain('127.0.0.1');
  });

  it('leaves lastmod out of the static pages when the build does not say when it was made', async () => {
    const answer = await page('/sitemap.xml', { env: { ASSETS: fakeBuild(BUILD_FILES).assets } });
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<url><loc>http:\/\/127\.0\.0\.1\/m\/policy\?lang=en<\/loc><xhtml:link/);
  });
});

describe('canonical links, alternates and the Open Graph card', () => {
  it('writes the canonical address of the language asked for, with the page\'s naming parameters only', async () => {
    const answer = await page('/m/activityDetail?id=5&lang=fr&utm_source=x', { env: { ASSETS: assets() } });
    expect(attributes(answer.text, /<link rel="canonical"[^>]*>/, 'href')).toEqual(['http://127.0.0.1/m/activityDetail?id=5&lang=fr']);
    expect(attributes(answer.text, /<meta property="og:url"[^>]*>/, 'content')).toEqual(['http://127.0.0.1/m/activityDetail?id=5&lang=fr']);
    expect(attributes(answer.text, /<link rel="alternate"[^>]*>/, 'href')).toEqual([
      'http://127.0.0.1/m/activityDetail?id=5&lang=en', 'http://127.0.0.1/m/activityDetail?id=5&lang=fr', 'http://127.0.0.1/m/activityDetail?id=5',
    ]);
  });

  it('names the x-default address itself when the language came from the cookie or the browser', async () => {
    const answer = await page('/m/home', { env: { ASSETS: assets() }, headers: { 'Accept-Language': 'fr' } });
    expect(answer.headers.get('Content-Language')).toBe('fr');
    expect(attributes(answer.text, /<link rel="canonical"[^>]*>/, 'href')).toEqual(['http://127.0.0.1/m/home']);
  });

  it('names the site and its picture in the card, and describes the site as an Organization on home', async () => {
    const two = await page('http://play2.localhost/m/home?lang=en', { env: { ASSETS: assets() } });
    const [siteName] = attributes(two.text, /<meta property="og:site_name"[^>]*>/, 'content');
    expect(siteName).not.toBe('PlayDeck');
    expect(attributes(two.text, /<meta property="og:title"[^>]*>/, 'content')).toEqual([`Page · ${siteName}`]);
    expect(attributes(two.text, /<meta name="description"[^>]*>/, 'content')).toEqual([`Play at ${siteName}`]);
    expect(attributes(two.text, /<meta property="og:image"[^>]*>/, 'content')[0]).toMatch(/^http:\/\/play2\.localhost\//);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(two.text)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({ '@type': 'Organization', name: siteName, url: 'http://play2.localhost/' });
  });

  it('describes the help centre as an FAQPage', async () => {
    const answer = await page('/m/help?lang=en', { env: { ASSETS: assets() } });
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(answer.text)?.[1];
    const faq = JSON.parse(ld!) as { '@type': string; mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] };
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity.length).toBeGreaterThan(0);
    for (const question of faq.mainEntity) {
      expect(question['@type']).toBe('Question');
      expect(question.name).not.toBe('');
      expect(question.acceptedAnswer.text).not.toMatch(/<[a-z]/i);
    }
  });
});
