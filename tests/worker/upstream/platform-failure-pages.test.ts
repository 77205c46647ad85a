import { describe, expect, it } from 'vitest';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { fakeBuild, page } from '../page-helpers';

// docs/upstream-mode.md, "When the platform is slow, down or wrong": help and promotions say the platform failed (with "try again")
// instead of their empty state, and a forwarded platform page that failed becomes the site's own
// platform-unavailable page (502, the player's language, the site's customer-service links), never raw JSON.

const PLATFORM = 'http://platform.failing.test';
const FILL = (name: string) => `<div data-fill="${name}" data-failed="Could not load ${name} &amp; co" data-retry="Again EN"><p class="empty-state">empty ${name}</p></div>`;
const doc = (body: string) => `<!doctype html><html><body><main>${body}</main></body></html>`;
const UNAVAILABLE = (lang: string) => doc(`<section data-platform-unavailable><h1>Unavailable ${lang}</h1>`
  + `<ul data-service-links data-label-cs="Service ${lang}" data-label-livechat="Chat ${lang}" data-new-tab="new tab"></ul></section>`);
const build = () => fakeBuild({
  '/m/help.html': doc(FILL('help')),
  '/m/helpDetail.html': doc(FILL('help-detail')),
  '/m/activity.html': doc(FILL('promotions')),
  '/m/activityDetail.html': doc(FILL('promotion')),
  '/m/unavailable.html': UNAVAILABLE('EN'),
  '/i18n/th/m/unavailable.html': UNAVAILABLE('TH'),
});

const faults: Record<string, UpstreamFetch> = {
  refused: () => Promise.reject(new TypeError('connection refused')),
  'a 500 with a stack trace': () => Promise.resolve(new Response('Error: boom\n    at handler (/srv/app.js:1:1)', { status: 500 })),
  'HTML instead of JSON': () => Promise.resolve(new Response('<html><body>Bad gateway</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } })),
  'invalid JSON': () => Promise.resolve(new Response('{"success": tr', { status: 200, headers: { 'Content-Type': 'application/json' } })),
};
const upstream = (fetch: UpstreamFetch) => ({ env: { ASSETS: build().assets, UPSTREAM_API_URL: PLATFORM }, options: { upstream: { fetch } } });

describe('help and promotions when the platform fails', () => {
  for (const [fault, fetch] of Object.entries(faults)) {
    it.each([['/m/help', 'help'], ['/m/helpDetail?p=0', 'help-detail'], ['/m/activity', 'promotions'], ['/m/activityDetail?id=3', 'promotion']])(
      `${fault}: %s says it could not load, with try again, not its empty state`, async (path, name) => {
        const answer = await page(path, upstream(fetch));
        expect(answer.status).toBe(200);
        expect(answer.text).toContain(`<div class="load-failed" role="alert" data-load-failed><p>Could not load ${name} &amp; co</p><a class="btn btn-primary" href="">Again EN</a></div>`);
        expect(answer.text).not.toContain(`empty ${name}`);
        expect(answer.text).not.toMatch(/stack|boom|Bad gateway|"success"/);
      });
  }

  it('an empty (but answered) help centre or promotion list keeps the empty state', async () => {
    const empty: UpstreamFetch = (request) => Promise.resolve(Response.json({
      success: true, errorCode: null, message: null,
      // Every group of the announcement list is there, empty (platform-contract.md §2): an answer, with nothing in it.
      value: new URL(request.url).pathname === '/wps/system/helpCenter' ? [] : { banners: [], player: [], popup: [], promotion: [], hot: [] },
    }));
    for (const [path, name] of [['/m/help', 'help'], ['/m/activity', 'promotions']] as const) {
      const answer = await page(path, upstream(empty));
      expect(answer.text).toContain(`empty ${name}`);
      expect(answer.text).not.toContain('data-load-failed');
    }
  });
});

describe('forwarded lottery pages (/m/lotto-h5/…) when the platform fails', () => {
  const LOTTO = '/m/lotto-h5/DEMO/standard/games/1001';
  const json: UpstreamFetch = () => Promise.resolve(Response.json({ success: false, errorCode: 'internal_error', message: 'java.lang.NullPointerException' }, { status: 500 }));
  const jsonOk: UpstreamFetch = () => Promise.resolve(Response.json({ success: true, value: { secret: 1 } }));
  const cut: UpstreamFetch = () => Promise.resolve(new Response(new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('<!doctype html><html><body>half'));
      controller.error(new Error('connection reset'));
    },
  }), { status: 200, headers: { 'Content-Type': 'text/html' } }));

  // An HTML answer is what a lottery page is: only failures, JSON and cut answers are replaced.
  const { 'HTML instead of JSON': _html, ...failures } = faults;
  for (const [fault, fetch] of Object.entries({ ...failures, 'a JSON error': json, 'a JSON answer': jsonOk, 'cut midway': cut })) {
    it(`${fault}: the site's own platform-unavailable page, 502, with its customer-service links`, async () => {
      const answer = await page(LOTTO, upstream(fetch));
      expect(answer.status).toBe(502);
      expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      expect(answer.headers.get('Retry-After')).toMatch(/^\d+$/);
      expect(answer.text).toContain('Unavailable EN');
      expect(answer.text).toMatch(/<li><a href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer">(Service|Chat) EN<span class="visually-hidden"> \(new tab\)<\/span><\/a><\/li>/);
      expect(answer.text).not.toMatch(/"success"|NullPointer|boom|Bad gateway|secret|half/);
    });
  }

  it("in the player's language", async () => {
    const answer = await page(`${LOTTO}?lang=th`, upstream(faults.refused!));
    expect(answer.status).toBe(502);
    expect(answer.text).toContain('Unavailable TH');
    expect(answer.headers.get('Content-Language')).toBe('th');
  });

  it("the page's own scripts, styles and data calls pass as the platform sent them; a navigation to JSON does not", async () => {
    const script: UpstreamFetch = () => Promise.resolve(new Response('console.log(1)', { headers: { 'Content-Type': 'application/javascript' } }));
    const asset = await page('/m/lotto-h5/static/js/app.js', { ...upstream(script), headers: { 'Sec-Fetch-Dest': 'script' } });
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log(1)');
    const data = await page(LOTTO, { ...upstream(jsonOk), headers: { 'Sec-Fetch-Dest': 'empty' } });
    expect(data.status).toBe(200);
    expect(JSON.parse(data.text)).toEqual({ success: true, value: { secret: 1 } });
    const navigation = await page(LOTTO, { ...upstream(jsonOk), headers: { 'Sec-Fetch-Dest': 'document' } });
    expect(navigation.status).toBe(502);
    expect(navigation.text).toContain('Unavailable EN');
    const failedAsset = await page('/m/lotto-h5/static/js/app.js', { ...upstream(faults.refused!), headers: { 'Sec-Fetch-Dest': 'script' } });
    expect(failedAsset.status).toBe(502);
  });

  it("the platform's own HTML page still passes unchanged", async () => {
    const html: UpstreamFetch = () => Promise.resolve(new Response('<!doctype html><title>lotto</title>platform page', { headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Platform': 'yes' } }));
    const answer = await page(LOTTO, upstream(html));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('<!doctype html><title>lotto</title>platform page');
    expect(answer.headers.get('X-Platform')).toBe('yes');
  });
});
