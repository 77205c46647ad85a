import { describe, expect, it } from 'vitest';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { fakeBuild, page } from '../page-helpers';
import { idOf, importContent, uniqueSlug } from '../content-fixtures';

// Issue 11 / accounts §2 Promotions list and Help centre: the edge writes the operator's content into the
// pre-rendered pages (worker/edge/fills/content.ts), so it is in the first HTML without script.

const HELP_PAGE = (lang: string) => `<!doctype html><html lang="${lang}"><body><main>`
  + `<div class="accordion" data-fill="help" data-open="Open ${lang}"><p class="empty-state">empty ${lang}</p></div>`
  + `<nav class="help-strip" data-fill="help-strip"></nav></main></body></html>`;
const HELP_DETAIL_PAGE = '<!doctype html><html><body><main><div data-fill="help-detail" data-back="Back EN, centre d&#39;aide" data-topics="Topics EN &amp; FAQ">'
  + '<p class="empty-state">empty EN</p></div><nav data-fill="help-strip"></nav></main></body></html>';
const ACTIVITY_PAGE = '<!doctype html><html><body><main><div data-fill="promotions" data-more="More EN"><p class="empty-state">no promotions</p></div></main></body></html>';
const DETAIL_PAGE = '<!doctype html><html><body><main><div data-fill="promotion"><div class="empty-state"><p>not running</p></div></div></main></body></html>';

const build = () => fakeBuild({
  '/m/help.html': HELP_PAGE('en'),
  '/i18n/th/m/help.html': HELP_PAGE('th'),
  '/i18n/fr/m/help.html': HELP_PAGE('fr'),
  '/m/helpDetail.html': HELP_DETAIL_PAGE,
  '/m/activity.html': ACTIVITY_PAGE,
  '/m/activityDetail.html': DETAIL_PAGE,
});
const SITE2 = 'http://play2.localhost';
const get = (path: string, init: Parameters<typeof page>[1] = {}) => page(path, { ...init, env: { ASSETS: build().assets, ...init.env } });

/** A help centre for DEMO2 in EN and TH (unique titles), and one DEMO entry that DEMO2 must never show. */
async function helpCentre() {
  const tag = uniqueSlug('t');
  const [sec, sec2] = [uniqueSlug('sec'), uniqueSlug('sec')];
  const title = `Deposits ${tag}`;
  await importContent('DEMO2', { help: [
    { language: 'EN', slug: sec, tag, title, content: '<p>How to <b>deposit</b><script>alert(1)</script><img src="x" onerror="alert(2)"></p>', order: 1 },
    { language: 'EN', slug: uniqueSlug('c'), parent: sec, title: `Minimum ${tag}`, content: '<p onmouseover="x()">10 <a href="javascript:alert(3)">go</a></p>', order: 1 },
    { language: 'EN', slug: uniqueSlug('c'), parent: sec, title: `Speed ${tag}`, content: '<p>minutes</p>', order: 2 },
    { language: 'EN', slug: sec2, tag: `${tag}-b`, title: `Bonus ${tag}`, content: '<p>bonus</p>', order: 2 },
    { language: 'TH', slug: sec, tag, title: `การฝากเงิน ${tag}`, content: '<p>ฝาก</p>' },
  ] });
  await importContent('DEMO', { help: [{ language: 'EN', slug: uniqueSlug('sec'), tag, title: `Only DEMO ${tag}`, content: '<p>d</p>' }] });
  return { tag, title };
}

let shared: ReturnType<typeof helpCentre> | null = null;
/** The help centre the tests below share (imported once; the ETag test adds more at the end). */
const sharedHelp = () => (shared ??= helpCentre());

describe('help centre in the first HTML (edge fill)', () => {
  it("writes the site's sections, children and the strip in the player's language, sanitised", async () => {
    const { tag, title } = await sharedHelp();
    const en = await get(`${SITE2}/m/help?lang=en`);
    expect(en.status).toBe(200);
    expect(en.text).toContain(`<h2 dir="auto">${title}</h2>`);
    expect(en.text).toContain(`<h3 dir="auto">Minimum ${tag}</h3>`);
    expect(en.text).toContain('<p>How to <b>deposit</b></p>');
    expect(en.text).toContain(`<a href="/m/help?p=0" dir="auto">${title}</a>`);
    expect(en.text).toContain('Open en');
    expect(en.text).not.toMatch(/<script|onerror|onmouseover|javascript:/);
    expect(en.text).not.toContain('empty en');
    const th = await get(`${SITE2}/m/help?lang=th`);
    expect(th.text).toContain(`การฝากเงิน ${tag}`);
    expect(th.text).not.toContain(title);
    // No FR entries: the EN help inside the FR page.
    const fr = await get(`${SITE2}/m/help?lang=fr`);
    expect(fr.text).toContain('Open fr');
    expect(fr.text).toContain(title);
  });

  it("never shows another site's help", async () => {
    const { tag } = await sharedHelp();
    expect((await get(`${SITE2}/m/help?lang=en`)).text).not.toContain(`Only DEMO ${tag}`);
    const demo = await get('/m/help?lang=en');
    expect(demo.text).toContain(`Only DEMO ${tag}`);
    expect(demo.text).not.toContain(`Minimum ${tag}`);
  });

  it.each([
    ['tag (and c) opens the section and child', (tag: string) => `?tag=${tag}&c=1`, (tag: string) => `Speed ${tag}`],
    ['p opens a section', () => '?p=1', (tag: string) => `Bonus ${tag}`],
  ])('%s, marked for scrolling', async (_name, query, expected) => {
    const { tag } = await sharedHelp();
    const text = (await get(`${SITE2}/m/help${query(tag)}&lang=en`)).text;
    const selected = /<details[^>]*data-selected[^>]*><summary><h[23] dir="auto">([^<]*)</.exec(text);
    expect(selected?.[1]).toBe(expected(tag));
    expect(text.match(/data-selected/g)).toHaveLength(1);
  });

  it('helpDetail shows the chosen child under its section, a section with its children, or the list', async () => {
    const { tag, title } = await sharedHelp();
    const child = (await get(`${SITE2}/m/helpDetail?tag=${tag}&c=0`)).text;
    expect(child).toContain(`<p class="promo-label" dir="auto">${title}</p><h2 id="help-item" dir="auto">Minimum ${tag}</h2>`);
    expect(child).toContain('Back EN, centre d&#39;aide</a>');
    const section = (await get(`${SITE2}/m/helpDetail?tag=${tag}`)).text;
    expect(section).toContain(`<a href="/m/helpDetail?p=0&amp;c=1" dir="auto">Speed ${tag}</a>`);
    const list = (await get(`${SITE2}/m/helpDetail?p=99`)).text;
    // The rewriter reads attributes as written: decoded once, escaped once (no `&amp;amp;` shown as `&amp;`).
    expect(list).toContain('<nav aria-label="Topics EN &amp; FAQ">');
    expect(list).toContain(`<a href="/m/helpDetail?p=1" dir="auto">Bonus ${tag}</a>`);
  });

  it('gives the page a new ETag when the help changes, so no stale copy is confirmed', async () => {
    await sharedHelp();
    const first = await get(`${SITE2}/m/help?lang=en`);
    const etag = first.headers.get('ETag')!;
    expect((await get(`${SITE2}/m/help?lang=en`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    await helpCentre();
    const changed = await get(`${SITE2}/m/help?lang=en`, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });
});

const IMAGE = (n: number) => `/media/content/DEMO2/${String(n).repeat(64)}.png`;

async function promotion(merchant: string, extra: Record<string, unknown> = {}) {
  const slug = uniqueSlug('promo');
  await importContent(merchant, { announcements: [{
    slug, type: 'PR', title: `Cashback ${slug}`, label: 'Hot', content: '<p>Ten <b>percent</b><script>x()</script></p>',
    startDate: Date.now() - 3_600_000, applicable: true, images: [IMAGE(1), IMAGE(2)], ...extra,
  }] });
  return { slug, id: await idOf(slug, merchant) };
}

describe('promotions in the first HTML (edge fill)', () => {
  it("lists the site's promotions from the announcement list as cards: label, title, excerpt, more, the image of sequence 2", async () => {
    const { slug, id } = await promotion('DEMO2');
    const other = await promotion('DEMO');
    const text = (await get(`${SITE2}/m/activity`)).text;
    expect(text).toContain(`<h2 id="promo-${id}" dir="auto">Cashback ${slug}</h2>`);
    expect(text).toContain('<p class="promo-label" dir="auto">Hot</p>');
    expect(text).toContain('<div class="promo-excerpt rich" dir="auto"><p>Ten <b>percent</b></p></div>');
    expect(text).toContain(`href="/m/activityDetail?id=${id}"`);
    expect(text).toContain(`src="${IMAGE(2)}"`);
    expect(text).toContain('More EN');
    expect(text).not.toContain('<script');
    expect(text).not.toContain(other.slug);
  });

  it('shows one promotion with its full content; an unknown or other site’s id keeps the empty state', async () => {
    const { slug, id } = await promotion('DEMO2');
    const other = await promotion('DEMO');
    const detail = (await get(`${SITE2}/m/activityDetail?id=${id}`)).text;
    expect(detail).toContain(`<h2 id="promo-title" dir="auto">Cashback ${slug}</h2>`);
    expect(detail).toContain(`data-promotion="${id}"`);
    expect(detail).not.toContain('not running');
    for (const query of [`?id=${other.id}`, '?id=999999', '?id=abc', '']) {
      const answer = await get(`${SITE2}/m/activityDetail${query}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('not running');
    }
  });
});

describe('upstream mode: the platform’s content is sanitised before it is shown or edge-written', () => {
  const UPSTREAM = 'http://platform.test';
  const evil = '<p>Read <b>this</b><script>steal()</script><img src="https://x.test/a.png" onerror="steal()"><a href="javascript:steal()">x</a></p>';
  const languages: (string | null)[] = [];
  // A promotion with every field the contract gives an announcement (platform-contract.md §2; accounts §3
  // "Announcement"): PlayDeck's edge reads only answers that fit the call's schema (worker/edge/upstream/upstream-answers.ts).
  const promotionItem = {
    id: 5, type: 'PR', title: 'Platform promo', content: evil, startDate: Date.UTC(2026, 0, 1), endDate: null, execution: 'B', groupName: '',
    promotionType: '', label: '', linkageType: '', linkage: '', url: '', read: false, applicable: false, status: '', announcementImages: [],
  };
  const fetch: UpstreamFetch = async (request) => {
    const url = new URL(request.url);
    languages.push(request.headers.get('Language'));
    const value = url.pathname === '/wps/system/helpCenter'
      ? [{ id: 1, title: 'Platform help & <img src=x onerror=alert(1)>tips', tag: 'p', content: evil, children: [{ id: 2, title: 'Child', tag: '', content: evil }] }]
      : { banners: [], player: [], popup: [], hot: [], promotion: [promotionItem] };
    return Response.json({ success: true, value, message: null, errorCode: null });
  };
  const upstream = { env: { UPSTREAM_API_URL: UPSTREAM }, options: { upstream: { fetch } } };

  it.each(['/m/help', '/m/helpDetail?p=0&c=0', '/m/activity', '/m/activityDetail?id=5'])('%s shows it without script', async (path) => {
    const answer = await get(path, upstream);
    expect(answer.text).toMatch(/Platform (help|promo)|Child/);
    expect(answer.text).toContain('Read <b>this</b>');
    expect(answer.text).not.toMatch(/<script|onerror|javascript:/);
  });

  it("escapes the platform's titles and asks it in the page's language", async () => {
    languages.length = 0;
    const answer = await get('/m/help?lang=th', upstream);
    expect(answer.text).toContain('Platform help &amp; tips');
    expect(languages).toEqual(['TH']);
  });

  it('relays the help centre and announcement list with sanitised content', async () => {
    for (const path of ['/wps/system/helpCenter?device=MOBILE&lang=EN', '/wps/relay/MCSFE_getListAnnouncements?types=PR&platform=M']) {
      const answer = await get(path, upstream);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('Read <b>this</b>');
      expect(answer.text).not.toMatch(/<script|onerror|javascript:/);
    }
  });
});
