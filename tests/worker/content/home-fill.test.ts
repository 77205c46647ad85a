import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { SERVED_HOT_GAMES_ID, SERVED_VENDORS_ID } from '../../../rules/served';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { callDef } from '../catalogue-helpers';
import { fakeBuild, page } from '../page-helpers';

// Issue 9: the edge writes home's hot games row into the first HTML (worker/edge/fills/home.ts), with the data its
// island adopts on the player's first interaction, beside the vendors' data block.

/** The row's messages as the view writes them (src/views/listTexts.ts viewTexts: JSON in an attribute, escaped as Astro escapes it). */
const texts = (language: string, tag: string) => JSON.stringify({
  language, tag, dir: language === 'AR' ? 'rtl' : 'ltr', messages: {
    'category.HOT': `Hot ${language}`, 'games.viewAll': 'View all', 'games.viewAllOf': 'View all hot games',
    'games.tile.add': 'Add {game} to favourites', 'games.tile.remove': 'Remove {game} from favourites',
  },
}).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const PLACEHOLDER = '<ul class="slider" aria-busy="true"><li class="slide">placeholders</li></ul>';
const HOME = (language: string, tag: string) => `<!doctype html><html lang="${tag}"><body><main>`
  + `<div data-fill="hot-games" data-texts="${texts(language, tag)}"><astro-island uid="h2" component-url="/_assets/HotGamesRow.js" ssr client="interaction">`
  + `<section class="category-row">${PLACEHOLDER}</section></astro-island></div></main></body></html>`;
const build = () => fakeBuild({ '/m/home.html': HOME('EN', 'en'), '/i18n/ar/m/home.html': HOME('AR', 'ar') });
const get = (path: string, init: Parameters<typeof page>[1] = {}) => page(path, { ...init, env: { ASSETS: build().assets, ...init.env } });

/** The hot games data block the edge wrote, parsed. */
function served(html: string): { language: string; list: { nodeId: number; gameName: string }[] } | null {
  const match = new RegExp(`<script type="application/json" id="${SERVED_HOT_GAMES_ID}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe('/m/home: the hot games row in the first HTML (built-in API)', () => {
  it("writes the site's hot games, as the island asks for them, in the page's language, with the data the island adopts", async () => {
    const expected = (await callDef(catalogueCalls.hotGames, 'merchantCode=DEMO&isPlatform=2&language=AR&platform=html5&vassalage=')).body.value.list.slice(0, 20);
    expect(expected.length).toBeGreaterThan(0);
    const answer = await get('/m/home?lang=ar');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<section class="category-row" aria-labelledby="row-hot"><div class="row-head"><h2 id="row-hot">Hot AR</h2>');
    expect(answer.text).not.toContain('placeholders');
    expect(answer.text.match(/<li><div class="tile tile-v\d">/g)).toHaveLength(expected.length);
    expect(answer.text.match(/<li class="slide">/g)).toHaveLength(Math.ceil(expected.length / 3));
    expect(answer.text).toContain(`id="hot-vendor-${expected[0]!.nodeId}"`);
    const data = served(answer.text)!;
    expect(data.language).toBe('AR');
    expect(data.list.map((g) => g.nodeId)).toEqual(expected.map((g: { nodeId: number }) => g.nodeId));
    expect(answer.text).not.toContain('data-texts');
    // The vendors' block is still written at the start of <body>.
    expect(answer.text).toContain(`<body><script type="application/json" id="${SERVED_VENDORS_ID}">`);
  });

  it('gives home a new ETag when the row changes, and confirms it with 304 while it does not', async () => {
    const first = await get('/m/home');
    const tag = first.headers.get('ETag');
    expect(tag).toBeTruthy();
    const again = await get('/m/home', { headers: { 'If-None-Match': tag! } });
    expect(again.status).toBe(304);
  });
});

describe('/m/home in upstream mode: the platform’s hot games, escaped; its failure leaves the row as built', () => {
  const calls: { path: string; query: string; moduleId: string | null; language: string | null }[] = [];
  const hot = {
    nodeId: 601, nodeName: 'x', gameName: '<img src=x onerror=alert(1)>"Hot"', displayName: 'Vendor & <b>Co</b>', vassalage: 'UP',
    roomId: null, gameId: 'g601', gameType: 'RNG', supportPlay: 1, gameClassifyNew: null, showIcon: 'https://cdn.test/h.png?a=1&b=2',
  };
  const answering = (list: unknown[]): UpstreamFetch => async (request) => {
    const url = new URL(request.url);
    calls.push({ path: url.pathname, query: url.search, moduleId: request.headers.get('ModuleId'), language: request.headers.get('Language') });
    if (url.pathname.endsWith('GCSGAME_hotGamesV2')) return Response.json({ success: true, value: { list }, message: null, errorCode: null });
    return new Response('down', { status: 503 });
  };
  const upstream = (fetch: UpstreamFetch) => ({ env: { UPSTREAM_API_URL: 'http://platform.test' }, options: { upstream: { fetch } } });

  it('writes the platform’s games with every text escaped, asked as the island asks', async () => {
    calls.length = 0;
    const answer = await get('/m/home?lang=ar', upstream(answering([hot])));
    expect(answer.text).toContain('<span class="tile-name" dir="auto">&lt;img src=x onerror=alert(1)&gt;&quot;Hot&quot;</span>');
    expect(answer.text).toContain('<span class="tile-vendor" id="hot-vendor-601" dir="auto">Vendor &amp; &lt;b&gt;Co&lt;/b&gt;</span>');
    expect(answer.text).toContain('src="https://cdn.test/h.png?a=1&amp;b=2"');
    expect(answer.text).not.toMatch(/<img src=x|<b>Co/);
    const call = calls.find((c) => c.path.endsWith('GCSGAME_hotGamesV2'))!;
    expect(call.moduleId).toBe('GAMELOHOT3');
    expect(call.language).toBe('AR');
    expect(new URLSearchParams(call.query).get('isPlatform')).toBe('2');
    expect(served(answer.text)?.list).toHaveLength(1);
  });

  it('writes an empty row (no placeholders) when there are no hot games', async () => {
    const answer = await get('/m/home', upstream(answering([])));
    expect(answer.text).toContain('<astro-island uid="h2" component-url="/_assets/HotGamesRow.js" ssr client="interaction"></astro-island>');
    expect(served(answer.text)?.list).toEqual([]);
  });

  it('keeps the row as built when the platform fails, and the island loads it once on screen, not on interaction', async () => {
    const answer = await get('/m/home', upstream(async () => new Response('down', { status: 503 })));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('placeholders');
    expect(answer.text).toContain('component-url="/_assets/HotGamesRow.js" ssr client="visible"');
    expect(served(answer.text)).toBeNull();
  });
});
