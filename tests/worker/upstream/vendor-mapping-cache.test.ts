import { beforeEach, describe, expect, it } from 'vitest';
import { SERVED_VENDORS_ID } from '../../../rules/served';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { clearEdgeAnswers } from '../../../worker/edge/fills/api';
import { fakeBuild, page } from '../page-helpers';

// The vendor mapping the edge reads for every home and game-list page (worker/edge/fills/list.ts) is cached per isolate
// like home's announcements: per mode (built-in / upstream), merchant and language, for SITE_CACHE_SECONDS.

const HOME = '<!doctype html><html lang="en"><body><main><astro-island uid="h1" component-url="/_assets/HomeGames.js" ssr client="visible"></astro-island></main></body></html>';
const GAME_LIST = '<!doctype html><html lang="en"><body><main><div data-fill="game-list"><astro-island uid="a1" ssr client="load"></astro-island></div></main></body></html>';
const assets = () => fakeBuild({ '/m/home.html': HOME, '/m/gameList.html': GAME_LIST }).assets;
const SITE2 = 'http://play2.localhost';
const MAPPING_PATH = '/wps/relay/GCSGAME_getVassGameType';

/** A platform that answers the vendor game types (and lanes, contract shapes) with a category only it has, and counts what it is asked. */
function platform() {
  const asked: { path: string; merchant: string | null; language: string | null }[] = [];
  const fetch: UpstreamFetch = async (request) => {
    const url = new URL(request.url);
    asked.push({ path: url.pathname, merchant: request.headers.get('Merchant'), language: request.headers.get('Language') });
    const value = url.pathname === MAPPING_PATH
      ? { content: { UPONLY: ['PG'] } }
      : url.pathname.endsWith('GCSGAME_newGameVendor') ? { data: { lanes: [] } }
      : url.pathname.endsWith('GCSGAME_gameList') ? { games: [], pageNum: 1, totalPages: 0 }
      : url.pathname.endsWith('GCSGAME_hotGamesV2') ? { list: [] }
      : { banners: [], player: [], popup: [], promotion: [], hot: [] };
    return Response.json({ success: true, value, message: null, errorCode: null });
  };
  const mappingCalls = () => asked.filter((a) => a.path === MAPPING_PATH);
  return { fetch, mappingCalls };
}

const upstream = (fetch: UpstreamFetch, seconds?: string) => ({
  env: { ASSETS: assets(), UPSTREAM_API_URL: 'http://platform.test', ...(seconds === undefined ? {} : { SITE_CACHE_SECONDS: seconds }) },
  options: { upstream: { fetch } },
});
const vendorsBlock = (html: string) => new RegExp(`<script type="application/json" id="${SERVED_VENDORS_ID}">(.*?)</script>`).exec(html)?.[1] ?? null;

beforeEach(() => {
  clearEdgeAnswers();
});

describe('vendor mapping cache (per isolate, SITE_CACHE_SECONDS)', () => {
  it('asks once within the lifetime for home and the game list alike; another merchant or language asks again', async () => {
    const { fetch, mappingCalls } = platform();
    const first = await page('/m/home', upstream(fetch));
    expect(vendorsBlock(first.text)).toContain('UPONLY');
    expect(mappingCalls()).toHaveLength(1);
    const second = await page('/m/home', upstream(fetch));
    expect(vendorsBlock(second.text)).toBe(vendorsBlock(first.text));
    await page('/m/gameList?gameType=RNG', upstream(fetch));
    expect(mappingCalls()).toHaveLength(1);

    await page('/m/home?lang=th', upstream(fetch));
    expect(mappingCalls()).toHaveLength(2);
    expect(mappingCalls()[1]).toMatchObject({ merchant: 'DEMO', language: 'TH' });
    await page(`${SITE2}/m/home?lang=en`, upstream(fetch));
    expect(mappingCalls()).toHaveLength(3);
    expect(mappingCalls()[2]).toMatchObject({ merchant: 'DEMO2', language: 'EN' });
    await page(`${SITE2}/m/home?lang=en`, upstream(fetch));
    await page('/m/home?lang=th', upstream(fetch));
    expect(mappingCalls()).toHaveLength(3);
  });

  it('never gives the built-in API’s pages the platform’s mapping (the mode is part of the key)', async () => {
    const { fetch } = platform();
    expect(vendorsBlock((await page('/m/home', upstream(fetch))).text)).toContain('UPONLY');
    const builtIn = vendorsBlock((await page('/m/home', { env: { ASSETS: assets() } })).text);
    expect(builtIn).not.toBeNull();
    expect(builtIn).not.toContain('UPONLY');
  });

  it('asks again once the lifetime has passed, and on every page when it is 0', async () => {
    const { fetch, mappingCalls } = platform();
    await page('/m/home', upstream(fetch, '0'));
    await page('/m/home', upstream(fetch, '0'));
    expect(mappingCalls()).toHaveLength(2);
    clearEdgeAnswers();
    await page('/m/home', upstream(fetch, '1'));
    await page('/m/home', upstream(fetch, '1'));
    expect(mappingCalls()).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await page('/m/home', upstream(fetch, '1'));
    expect(mappingCalls()).toHaveLength(4);
  });

  it('keeps the last mapping read when the platform then fails, without asking it again within the lifetime', async () => {
    const { fetch } = platform();
    const good = vendorsBlock((await page('/m/home', upstream(fetch, '0'))).text);
    const failed: string[] = [];
    const down: UpstreamFetch = async (request) => {
      failed.push(new URL(request.url).pathname);
      return new Response('down', { status: 503 });
    };
    expect(vendorsBlock((await page('/m/home', upstream(down, '0'))).text)).toBe(good);
    expect(failed).toContain(MAPPING_PATH);
    failed.length = 0;
    expect(vendorsBlock((await page('/m/home', upstream(down))).text)).toBe(good);
    expect(failed).not.toContain(MAPPING_PATH);
  });
});
