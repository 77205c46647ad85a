import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { lotteryCalls } from '../../../contract/calls/lottery';
import { SERVED_GAME_LIST_ID, SERVED_LOTTERY_ID, SERVED_VENDORS_ID } from '../../../rules/served';
import { call } from '../helpers';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { callDef } from '../catalogue-helpers';
import { fakeBuild, page } from '../page-helpers';
import { clearEdgeAnswers } from '../../../worker/edge/fills/api';

// Each test reads the vendor mapping afresh (it is cached per isolate, per mode, merchant and language).
beforeEach(() => clearEdgeAnswers());

// Issue 9: the edge writes the first page of /m/gameList into the first HTML (worker/edge/fills/list.ts), with the
// data the island adopts, so the largest paint does not wait for script.

/** The screen's messages as the view writes them (src/views/listTexts.ts viewTexts: JSON in an attribute, escaped as Astro escapes it). */
const texts = (language: string, tag: string) => JSON.stringify({
  language, tag, dir: 'ltr', messages: {
    'category.RNG': `Slots ${language}`, 'classify.all': 'All', 'games.search.label': 'Search', in_slot_search: 'Name',
    'games.search.submit': 'Go', 'games.vendor.label': 'Vendor', 'games.vendor.all': 'All vendors', 'games.classify.label': 'Show',
    'games.tile.add': 'Add {game} to favourites', 'games.pageIndicator': '{page} / {total}', 'games.pageIndicatorLabel': 'Page {page} of {total}',
    'games.more': 'More games',
  },
}).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const GAME_LIST_PAGE = (language: string, tag: string) => `<!doctype html><html lang="${tag}"><body><main>`
  + `<div data-fill="game-list" data-texts="${texts(language, tag)}"><astro-island uid="a1" component-url="/_assets/GameListScreen.js" ssr client="load">`
  + `<div class="game-list-screen"><h2 class="list-title">Loading</h2></div></astro-island></div></main></body></html>`;

const lotteryTexts = (language: string) => JSON.stringify({
  language, tag: language.toLowerCase(), dir: 'ltr', messages: {
    'category.LOTT': `Lottery ${language}`, 'category.ELOTT': 'Fast lottery', 'games.vendor.label': 'Vendor', 'games.vendor.all': 'All',
    'lottery.closesIn': 'Closes in',
  },
}).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const LOTTERY_PAGE = (language: string) => `<!doctype html><html><body><main><p class="lead">intro</p>`
  + `<div data-fill="lottery" data-texts="${lotteryTexts(language)}"><astro-island uid="b1" component-url="/_assets/LotteryGames.js" ssr client="load">`
  + `<p class="muted" aria-busy="true">Loading</p></astro-island></div></main></body></html>`;

const build = () => fakeBuild({
  '/m/gameList.html': GAME_LIST_PAGE('EN', 'en'), '/i18n/fa/m/gameList.html': GAME_LIST_PAGE('FA', 'fa'),
  '/m/lottery.html': LOTTERY_PAGE('EN'), '/i18n/th/m/lottery.html': LOTTERY_PAGE('TH'),
});
const SITE2 = 'http://play2.localhost';
const get = (path: string, init: Parameters<typeof page>[1] = {}) => page(path, { ...init, env: { ASSETS: build().assets, ...init.env } });

/** The data block the edge wrote, parsed. */
function served(html: string): { language: string; key: string; address: unknown; page: { items: { gameName: string; nodeId: number }[] } } | null {
  const match = new RegExp(`<script type="application/json" id="${SERVED_GAME_LIST_ID}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/** The first page the island would ask for (same call, same page size), as a visitor of `host`. */
async function firstPage(host: string, gameType: string) {
  const merchant = host === '127.0.0.1' ? 'DEMO' : 'DEMO2';
  const answer = await callDef(catalogueCalls.gameList, `merchant=${merchant}&clientType=2&platform=html5&gameType=${gameType}&pageNo=1&pageSize=9&vassalage=&language=EN`, { host });
  return answer.body.value.games;
}

describe('/m/gameList: the first page in the first HTML (built-in API)', () => {
  it("writes the screen with the demo site's first nine games and the data the island adopts", async () => {
    const expected = await firstPage('127.0.0.1', 'RNG');
    expect(expected.length).toBe(9);
    const answer = await get('/m/gameList?gameType=RNG&lang=en');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<div class="game-list-screen"><h2 class="list-title">Slots EN</h2>');
    expect(answer.text).not.toContain('Loading');
    expect(answer.text.match(/<li><div class="tile tile-v\d">/g)).toHaveLength(9);
    for (const game of expected) expect(answer.text).toContain(`<span class="tile-name" dir="auto">${game.gameName.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}</span>`);
    expect(answer.text.match(/fetchPriority="high"/g)).toHaveLength(3);
    expect(answer.text.match(/loading="lazy"/g)).toHaveLength(3);
    expect(answer.text).toMatch(/<img src="[^"]+" alt="" loading="eager" fetchPriority="high" decoding="async" width="160" height="160"\/>/);
    const data = served(answer.text)!;
    expect(data.language).toBe('EN');
    expect(data.key).toBe(JSON.stringify(['RNG', null, 'all', null, null]));
    expect(data.page.items.map((g) => g.nodeId)).toEqual(expected.map((g) => g.nodeId));
    expect(answer.text).not.toContain('data-texts');
    // The screen is all there: the island hydrates on the player's first interaction, not at load.
    expect(answer.text).toContain('ssr client="interaction">');
    expect(answer.text).toContain('<input type="hidden" name="gameType" value="RNG"/></form>');
  });

  it('opens a search sent before hydration (the plain form submit: gameName beside gameType) filtered by that name', async () => {
    const all = await firstPage('127.0.0.1', 'RNG');
    const name = all[0]!.gameName;
    const answer = await get(`/m/gameList?gameName=${encodeURIComponent(` ${name} `)}&gameType=RNG&lang=en`);
    expect(answer.status).toBe(200);
    const data = served(answer.text)!;
    expect(data.key).toBe(JSON.stringify(['RNG', null, 'all', name, null]));
    expect(data.page.items.length).toBeGreaterThan(0);
    expect(data.page.items.every((g) => g.gameName.toLowerCase().includes(name.toLowerCase()))).toBe(true);
    expect(answer.text).toContain(`name="gameName" value="${name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}"/>`);
  });

  it("uses the player's language: the language's file, texts and digits", async () => {
    const answer = await get('/m/gameList?gameType=RNG&lang=fa');
    expect(answer.headers.get('Content-Language')).toBe('fa');
    expect(answer.text).toContain('Slots FA');
    expect(answer.text).toMatch(/<span aria-hidden="true">۱ \/ [۰-۹]+<\/span>/);
    expect(served(answer.text)!.language).toBe('FA');
  });

  it('lists the address’s vendor only, and never another site’s games', async () => {
    const demo2 = await firstPage('play2.localhost', 'RNG');
    const answer = await get(`${SITE2}/m/gameList?gameType=RNG&lang=en`);
    expect(served(answer.text)!.page.items.map((g) => g.nodeId)).toEqual(demo2.map((g) => g.nodeId));
    const offered = new Set(demo2.map((g) => g.vassalage));
    const demoOnly = (await firstPage('127.0.0.1', 'RNG')).filter((g) => !offered.has(g.vassalage));
    const listed = new Set(served(answer.text)!.page.items.map((g) => g.nodeId));
    for (const game of demoOnly) expect(listed.has(game.nodeId)).toBe(false);
    const vendor = [...offered][0]!;
    const one = await get(`${SITE2}/m/gameList?gameType=RNG&vassalage=${vendor}&lang=en`);
    const items = served(one.text)!.page.items as unknown as { vassalage: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((g) => g.vassalage === vendor)).toBe(true);
    expect(one.text).toContain(`<option value="${vendor}" selected="">`);
  });

  it('gives each list its own ETag (the content fingerprint), confirmed with 304 while unchanged', async () => {
    const rng = await get('/m/gameList?gameType=RNG&lang=en');
    const live = await get('/m/gameList?gameType=LIVE&lang=en');
    expect(rng.headers.get('ETag')).not.toBe(live.headers.get('ETag'));
    expect((await get('/m/gameList?gameType=RNG&lang=en', { headers: { 'If-None-Match': rng.headers.get('ETag')! } })).status).toBe(304);
    expect((await get('/m/gameList?gameType=LIVE&lang=en', { headers: { 'If-None-Match': rng.headers.get('ETag')! } })).status).toBe(200);
  });

  it('leaves the page as built where there is no list to write (no category, vendor tiles, unknown category)', async () => {
    for (const path of ['/m/gameList', '/m/gameList?gameType=SPORTS', '/m/gameList?gameType=NOPE']) {
      const answer = await get(`${path}${path.includes('?') ? '&' : '?'}lang=en`);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<h2 class="list-title">Loading</h2>');
      expect(served(answer.text)).toBeNull();
      expect(answer.text).toContain('ssr client="load">');
    }
  });
});

describe('/m/gameList in upstream mode: the platform’s list, escaped; its failure leaves the page as built', () => {
  const UPSTREAM = 'http://platform.test';
  const calls: { path: string; language: string | null; moduleId: string | null; merchant: string | null }[] = [];
  const tile = {
    nodeId: 501, nodeName: 'x', gameName: '<img src=x onerror=alert(1)>"Quote"', displayName: 'Vendor & <b>Co</b>', vassalage: 'UP',
    roomId: null, gameId: 'g501', gameType: 'RNG', supportPlay: 1, gameClassifyNew: null, showIcon: 'https://cdn.test/a.png?x=1&y="2"',
  };
  const fetch: UpstreamFetch = async (request) => {
    const url = new URL(request.url);
    calls.push({ path: url.pathname, language: request.headers.get('Language'), moduleId: request.headers.get('ModuleId'), merchant: request.headers.get('Merchant') });
    // The contract's shapes (platform-contract.md §2, §7.3): game type → vendor codes, and the lanes with their cards.
    const value = url.pathname.endsWith('GCSGAME_getVassGameType')
      ? { content: { RNG: ['UP'] } }
      : url.pathname.endsWith('GCSGAME_newGameVendor')
        ? { data: { lanes: [{ title: 'RNG', gameCount: 1, gameClassify: [], cards: [{ accountTypeName: 'UP', displayName: 'Vendor & <b>Co</b>', gameType: 'RNG', lagerIcon: '', freeplay: false }] }] } }
        : { games: [tile], pageNum: 1, totalPages: 1 };
    return Response.json({ success: true, value, message: null, errorCode: null });
  };
  const upstream = { env: { UPSTREAM_API_URL: UPSTREAM }, options: { upstream: { fetch } } };

  it('writes the platform’s games with every text escaped, asked as the island asks', async () => {
    calls.length = 0;
    const answer = await get('/m/gameList?gameType=RNG&lang=fa', upstream);
    expect(answer.text).toContain('<span class="tile-name" dir="auto">&lt;img src=x onerror=alert(1)&gt;&quot;Quote&quot;</span>');
    expect(answer.text).toContain('<span class="tile-vendor" id="game-vendor-501" dir="auto">Vendor &amp; &lt;b&gt;Co&lt;/b&gt;</span>');
    expect(answer.text).toContain('src="https://cdn.test/a.png?x=1&amp;y=&quot;2&quot;"');
    expect(answer.text).not.toMatch(/<img src=x|<b>Co/);
    const block = /<script type="application\/json"[^>]*>(.*?)<\/script>/.exec(answer.text)![1]!;
    expect(block).not.toContain('<');
    expect(calls.map((c) => c.path).sort()).toEqual(['/wps/relay/GCSGAME_gameList', '/wps/relay/GCSGAME_getVassGameType', '/wps/relay/GCSGAME_newGameVendor']);
    expect(calls.find((c) => c.path.endsWith('GCSGAME_gameList'))).toMatchObject({ language: 'FA', moduleId: 'GAMELO3', merchant: 'DEMO' });
  });

  it('keeps the page as built (the island loads the list) when the platform fails', async () => {
    const failing: UpstreamFetch = async () => new Response('down', { status: 502 });
    const answer = await get('/m/gameList?gameType=RNG&lang=en', { env: { UPSTREAM_API_URL: UPSTREAM }, options: { upstream: { fetch: failing } } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<h2 class="list-title">Loading</h2>');
    expect(served(answer.text)).toBeNull();
  });
});

describe('/m/lottery: the draws in the first HTML', () => {
  const block = (html: string) => {
    const match = new RegExp(`<script type="application/json" id="${SERVED_LOTTERY_ID}">(.*?)</script>`).exec(html);
    return match ? (JSON.parse(match[1]!) as { language: string; serverTime: number; list: { nodeId: number; gameName: string; vassalage: string }[] }) : null;
  };

  it("writes the site's games grouped by provider and type, with art and the time left, in the player's language", async () => {
    const answered = await call(`http://127.0.0.1${lotteryCalls.lotteryGameList.path}`);
    expect(answered.status).toBe(200);
    const games = { body: answered.body as unknown as { list: { nodeId: number; gameName: string; vassalage: string }[] } };
    expect(games.body.list.length).toBeGreaterThan(0);
    const answer = await get('/m/lottery?lang=th');
    expect(answer.status).toBe(200);
    const data = block(answer.text)!;
    expect(data.language).toBe('TH');
    expect(data.list.map((g) => g.nodeId)).toEqual(games.body.list.map((g) => g.nodeId));
    expect(answer.text).not.toContain('Loading');
    expect(answer.text).toContain('Lottery TH<!-- --> <span class="muted">');
    for (const vendor of new Set(games.body.list.map((g) => g.vassalage))) expect(answer.text).toContain(`<section class="lotto-list-section" aria-labelledby="lottery-${vendor}">`);
    expect(answer.text.match(/<span class="lotto-timer" data-close-at="\d+" data-interval="\d+">(\d+d )?(\d+:)?\d\d:\d\d<\/span>/g)!.length).toBe(games.body.list.length);
    // The page's ticker counts on from the server time the edge wrote; the island waits for the player's first interaction.
    expect(answer.text).toContain(`<div data-fill="lottery" data-filled="" data-server-time="${data.serverTime}">`);
    expect(answer.text).toMatch(/<astro-island uid="b1" component-url="\/_assets\/LotteryGames.js" ssr client="interaction">/);
    expect(answer.text).toContain(`<img class="lotto-art" src="/icons/game/${games.body.list[0]!.nodeId}.svg" alt="" width="48" height="48" loading="eager"`);
    expect(Math.abs(data.serverTime - Date.now())).toBeLessThan(60_000);
  });

  it('is never confirmed with 304: its count-downs and clock are of the moment it is sent', async () => {
    const first = await get('/m/lottery?lang=en');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await get('/m/lottery?lang=en', { headers: { 'If-None-Match': first.headers.get('ETag')! } });
    expect(again.status).toBe(200);
    expect(block(again.text)!.serverTime).toBeGreaterThan(block(first.text)!.serverTime);
  });

  it('lists only the site’s own games (DEMO2 sees its own list)', async () => {
    const own = { body: (await call(`${SITE2}${lotteryCalls.lotteryGameList.path}`)).body as unknown as { list: { nodeId: number }[] } };
    const answer = await get(`${SITE2}/m/lottery?lang=en`);
    const data = block(answer.text);
    if (own.body.list.length === 0) expect(data).toBeNull();
    else expect(data!.list.map((g) => g.nodeId)).toEqual(own.body.list.map((g) => g.nodeId));
  });

  it('leaves the page as built in upstream mode (the platform has no built-in lottery)', async () => {
    const fetch: UpstreamFetch = async () => Response.json({ serverTime: Date.now(), list: [] });
    const answer = await get('/m/lottery?lang=en', { env: { UPSTREAM_API_URL: 'http://platform.test' }, options: { upstream: { fetch } } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<p class="muted" aria-busy="true">Loading</p>');
    expect(block(answer.text)).toBeNull();
    // Nothing written: the island lists the games itself, so it still hydrates at load.
    expect(answer.text).toContain('client="load"');
    expect(answer.text).not.toContain('data-server-time');
  });
});

describe('/m/home: the game vendors fetched for the load (player-shell §2 Home)', () => {
  const HOME = '<!doctype html><html lang="en"><body><main><astro-island uid="h1" component-url="/_assets/HomeGames.js" ssr client="visible"></astro-island></main></body></html>';
  const homeBuild = () => fakeBuild({ '/m/home.html': HOME, '/i18n/ja/m/home.html': HOME.replace('lang="en"', 'lang="ja"') });
  const vendors = (html: string) => {
    const match = new RegExp(`<body><script type="application/json" id="${SERVED_VENDORS_ID}">(.*?)</script>`).exec(html);
    return match ? (JSON.parse(match[1]!) as { language: string; mapping: { gameType: string; sortOrder: number }[] }) : null;
  };

  it("writes the site's vendor mapping, in the merchant's order and the page's language, at the start of <body>", async () => {
    const expected = await callDef(catalogueCalls.vendorGameTypes, 'typeId=1&merchant_code=DEMO&language=JA');
    const answer = await page('/m/home?lang=ja', { env: { ASSETS: homeBuild().assets } });
    expect(answer.status).toBe(200);
    const block = vendors(answer.text);
    expect(block?.language).toBe('JA');
    expect(block?.mapping.map((m) => m.gameType)).toEqual(Object.keys(expected.body.value.content));
    const orders = block!.mapping.map((m) => m.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('serves each site its own vendors, and the page without a block when the call fails', async () => {
    const demo2 = await callDef(catalogueCalls.vendorGameTypes, 'typeId=1&merchant_code=DEMO2&language=EN', { host: 'play2.localhost' });
    const answer = await page(`${SITE2}/m/home`, { env: { ASSETS: homeBuild().assets } });
    expect(vendors(answer.text)?.mapping.map((m) => m.gameType)).toEqual(Object.keys(demo2.body.value.content));
    const failing: UpstreamFetch = async () => new Response('down', { status: 503 });
    const upstream = await page('/m/home', {
      env: { ASSETS: homeBuild().assets, UPSTREAM_API_URL: 'https://platform.example/base' }, options: { upstream: { fetch: failing } },
    });
    expect(upstream.status).toBe(200);
    expect(vendors(upstream.text)).toBeNull();
  });
});
