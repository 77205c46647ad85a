import { CAPABILITIES } from '../../../contract/capabilities';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { lotteryCalls } from '../../../contract/calls/lottery';
import { createElement } from 'react';
import type { Language, PageLocale } from '../../../rules/i18n';
import { listAddressOf, mappingOf, openingListView, type VendorMappingEntry } from '../../../rules/gameListView';
import { FIRST_PAGE, LIST_PAGE_SIZE } from '../../../rules/paging';
import {
  SERVED_GAME_LIST_ID, SERVED_LOTTERY_ID, SERVED_VENDORS_ID, servedJson, type ServedGameList, type ServedLottery, type ServedVendors,
} from '../../../rules/served';
import type { ContentFill } from './content';
import { directValue, fingerprintOf, jsonOf, valueOf, visitorHeaders, type ApiFetch, type DirectSource } from './api';
import { listVendorGameTypes, listVendorLanes } from '../../db/queries/vendors';
import { gameListPage } from '../../services/games/game-list';
import { lotteryGameList } from '../../services/lottery/game-list';
import { encodeAsListed, encodeValue } from '../../lib/envelope';
import type { z } from 'zod';
import { decodeAttribute } from './content-html';
import { renderViewKept, viewLocaleOf } from './render';
import { countdownText } from '../../../rules/countdown';
import GameListScreenView, { STILL_GAME_LIST_ACTIONS } from '../../../src/components/GameListScreenView';
import { STILL_TILES } from '../../../src/components/GameGridView';
import LotteryListView from '../../../src/components/LotteryListView';

/**
 * The first page of the list pages, written by the edge into the pre-rendered page (issue 9: "the first page of
 * results in the first HTML, so the largest paint does not wait for script"):
 * - /m/gameList?gameType=…&vassalage=…&gameName=…: the screen with its first page of games (`[data-fill=game-list]`),
 *   for the address's category, vendor and searched name (a search sent before hydration arrives this way), through the same calls and page size the island uses (vendor game types, then
 *   the game list, 9 a page, as a visitor);
 * - /m/lottery: the lottery list (`[data-fill=lottery]`), its count-downs as of the server's clock (lotteryFill).
 * The data comes through `api`, the worker's own API (the platform's in upstream mode), for the page's merchant
 * (the request's host) and language. Beside the markup the edge writes the data as a JSON block
 * (rules/served.ts) that the stores take as their first value, so the island hydrates over the markup without a
 * mismatch and without asking again. When a call fails, or there is nothing to list, nothing is written: the page
 * stays as built and the island loads the list itself.
 */


/** The page locale in `data-texts` (fills/render.ts viewLocaleOf checks it), or null when unreadable (then nothing is written). */
function localeOf(raw: string | null): PageLocale | null {
  if (!raw) return null;
  try {
    return viewLocaleOf(JSON.parse(decodeAttribute(raw)));
  } catch {
    return null;
  }
}

/**
 * Rewriter steps writing one island's first render into `[data-fill=<name>]`: the data block first (the island's
 * stores read it), then the view's HTML into the island, both only when the page's `data-texts` holds a readable page
 * locale (src/views/listTexts.ts viewTexts; the attribute is removed either way), given to both; `attributes` go on
 * the `[data-fill]` element with them. The island, built to hydrate at load (it must list the games itself when nothing
 * is written), then hydrates on the player's first interaction instead (`client="interaction"`,
 * src/directives/interaction.ts, which every page's frame loads; a tap inside the list before is held and replayed):
 * the markup shows everything the first screen needs, so React is not evaluated before the player acts (issue 9:
 * TBT ≤ 50 ms under Lighthouse's 4× CPU throttle is out of reach while React runs at load).
 */
export function writeList(
  rewriter: HTMLRewriter, name: string, block: (locale: PageLocale) => string, markup: (locale: PageLocale) => string, attributes: Record<string, string> = {},
): HTMLRewriter {
  let texts: PageLocale | null = null;
  return rewriter
    .on(`[data-fill="${name}"]`, {
      element: (element) => {
        texts = localeOf(element.getAttribute('data-texts'));
        element.removeAttribute('data-texts');
        if (!texts) return;
        element.prepend(block(texts), { html: true });
        element.setAttribute('data-filled', '');
        for (const [attribute, value] of Object.entries(attributes)) element.setAttribute(attribute, value);
      },
    })
    .on(`[data-fill="${name}"] > astro-island`, {
      element: (element) => {
        if (!texts) return;
        element.setInnerContent(markup(texts), { html: true });
        if (element.getAttribute('client') === 'load') element.setAttribute('client', 'interaction');
      },
    });
}

/** The first page of a list page (see the module's comment); null: nothing to write. */
export async function listFill(
  pageId: string, url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null, capabilities: readonly string[],
): Promise<ContentFill | null> {
  if (pageId === 'gameList') return gameListFill(url, language, merchantCode, api, direct);
  if (pageId === 'lottery' && capabilities.includes(CAPABILITIES.builtInLottery)) return lotteryFill(url, language, merchantCode, api, direct);
  return null;
}

/**
 * The vendor mapping per game category in the merchant's order (player-shell §3), built as the island's store builds
 * it (rules/gameListView.ts mappingOf) from the same two calls, made together as a visitor in `language`: the vendor
 * game types (typeId 1; platform-contract.md §2, game type → vendor codes) and the vendor lanes (platform html5;
 * §7.3). Null when either call failed or answered another shape (then nothing is written and the island asks
 * itself). Home and every game list ask for it; pages.ts hands the fills an `api` that keeps visitor answers per
 * isolate (fills/api.ts withAnswerCache). In built-in mode (`direct`) the two queries the routes call
 * (worker/api/relay-catalogue.ts: db/queries/vendors.ts listVendorGameTypes, listVendorLanes), kept alike.
 */
async function vendorMappingOf(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<VendorMappingEntry[] | null> {
  if (direct) {
    const [types, lanes] = await Promise.all([
      directValue(direct, catalogueCalls.vendorGameTypes, merchantCode, async (db) => ({ content: await listVendorGameTypes(db, merchantCode) })),
      directValue(direct, catalogueCalls.vendorLanes, merchantCode, async (db) => ({ data: { lanes: await listVendorLanes(db, merchantCode) } })),
    ]);
    return types && lanes ? mappingOf(types.content, lanes.data.lanes) : null;
  }
  const typesUrl = new URL(catalogueCalls.vendorGameTypes.path, url.origin);
  typesUrl.search = new URLSearchParams({ typeId: '1', merchant_code: merchantCode, language }).toString();
  const lanesUrl = new URL(catalogueCalls.vendorLanes.path, url.origin);
  lanesUrl.search = new URLSearchParams({ platform: 'html5', merchantCode, language }).toString();
  const headers = visitorHeaders(merchantCode, language);
  const [types, lanes] = await Promise.all([valueOf(api, typesUrl, headers), valueOf(api, lanesUrl, headers)]);
  const typesAnswer = catalogueCalls.vendorGameTypes.value.safeParse(types);
  const lanesAnswer = catalogueCalls.vendorLanes.value.safeParse(lanes);
  return typesAnswer.success && lanesAnswer.success ? mappingOf(typesAnswer.data.content, lanesAnswer.data.data.lanes) : null;
}

/**
 * /m/home: the game vendors. player-shell §2 Home fetches them on load (and shows its loading banner until that
 * fetch ends); the edge makes that call for the page and writes the answer as a data block at the start of
 * `<body>`, so the home's game browser (hydrated when scrolled to) starts from them without a request, and no
 * island has to load at once just to fetch. The block carries the page's language; the store re-fetches on a
 * language change (250 ms debounce). Null: the call failed, the store fetches as before.
 */
export async function homeVendorsFill(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<ContentFill | null> {
  const mapping = await vendorMappingOf(url, language, merchantCode, api, direct);
  if (!mapping) return null;
  const served: ServedVendors = { language, mapping };
  return {
    fingerprint: fingerprintOf([language, mapping]),
    apply: (rewriter) => rewriter.on('body', {
      element: (element) => {
        element.prepend(`<script type="application/json" id="${SERVED_VENDORS_ID}">${servedJson(served)}</script>`, { html: true });
      },
    }),
  };
}

/**
 * The game-list answer for the call `listUrl` names (its query), as a visitor in `language`, as the wire carries it
 * (checked by the call's schema and encoded back by it: fields in the schema's order, minBet in currency units, so
 * the data block and the markup are the same in both modes): in built-in mode (`direct`) the service the route
 * calls (services/games/game-list.ts gameListPage, over the same query parsed by the call's schema; a visitor's
 * query never asks for favourites, so no member is needed), kept for the kept answers' lifetime; else the call
 * through `api`. Null when the read failed or answered another shape.
 */
async function gamePageOf(
  listUrl: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<z.input<typeof catalogueCalls.gameList.value> | null> {
  const def = catalogueCalls.gameList;
  if (direct) {
    const query = def.query!.safeParse(Object.fromEntries(listUrl.searchParams));
    if (!query.success) return null;
    const page = await directValue(direct, def, `${merchantCode}\n${listUrl.search}`, async (db) => encodeAsListed(def, await gameListPage(db, merchantCode, query.data, () => {
      throw new Error('a visitor has no favourites');
    })));
    return page && encodeValue(def, page);
  }
  const page = def.value.safeParse(await valueOf(api, listUrl, visitorHeaders(merchantCode, language, 'GAMELO3')));
  return page.success ? encodeValue(def, page.data) : null;
}

/**
 * The first page of /m/gameList for the address `url` names (see the module's comment); null: nothing to write. In
 * built-in mode (`direct`) the vendor mapping and the page of games are read from the queries their routes call.
 */
export async function gameListFill(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<ContentFill | null> {
  const address = listAddressOf(url.searchParams);
  if (!address.gameType) return null;
  const mapping = await vendorMappingOf(url, language, merchantCode, api, direct);
  if (!mapping) return null;
  const view = openingListView(address, mapping);
  if (view.key === null) return null;

  // The island's call (src/api/catalogue.ts listGames): the platform's fixed parameters, language EN (§7).
  const listUrl = new URL(catalogueCalls.gameList.path, url.origin);
  listUrl.search = new URLSearchParams({
    merchant: merchantCode, clientType: '2', platform: 'html5', ...(address.gameName ? { gameName: address.gameName } : {}),
    gameType: address.gameType, pageNo: String(FIRST_PAGE), pageSize: String(LIST_PAGE_SIZE), vassalage: view.effectiveVendor ?? '', language: 'EN',
  }).toString();
  const page = await gamePageOf(listUrl, language, merchantCode, api, direct);
  if (!page || page.games.length === 0) return null;
  const { games, pageNum, totalPages } = page;

  const fingerprint = fingerprintOf([address, mapping, games, pageNum, totalPages]);
  const list = { items: games, pageNum, totalPages };
  // The island's first render over the data block (src/islands/GameListScreen.tsx): the address's view, its search,
  // page 1 loaded, nothing failed, not hydrated (no favourites, no lanes asked for: a list of games shows no vendor tiles).
  const screen = () => createElement(GameListScreenView, {
    view, search: address.gameName, paged: { list, loading: false, loadingMore: false, failed: false, loadMore: () => undefined, retry: () => undefined },
    vendorCards: null, catalogueFailed: false, lanesFailed: false, hydrated: false, tiles: STILL_TILES, actions: STILL_GAME_LIST_ACTIONS,
  });
  return {
    fingerprint,
    apply: (rewriter) => writeList(
      rewriter, 'game-list',
      (locale) => {
        const served: ServedGameList = { language: locale.language, address, mapping, key: view.key!, page: list };
        return `<script type="application/json" id="${SERVED_GAME_LIST_ID}">${servedJson(served)}</script>`;
      },
      (locale) => renderViewKept(`list|${fingerprint}|${JSON.stringify(locale)}`, locale, screen),
    ),
  };
}

/** A count-down as LotteryListView renders it: its close time and interval, then its text. */
const TIMER = /(<span class="lotto-timer" data-close-at="(\d+)" data-interval="(\d+)">)[^<]*/g;

/**
 * `html` (LotteryListView's) with each count-down's text as of `now` (server time, epoch ms): the text the view
 * renders for that moment (rules/countdown.ts countdownText of the timer's close time and interval), which is what
 * the page's ticker writes into the same elements every second (src/lib/countdownTicker.ts writeTimers).
 */
function timersAt(html: string, now: number): string {
  return html.replace(TIMER, (_, open: string, closeAt: string, interval: string) => `${open}${countdownText(Number(closeAt), Number(interval), now)}`);
}

/**
 * The island's lottery list (GET /lgw/games without a filter, as a visitor), as the wire carries it (checked by the
 * call's schema and encoded back by it: fields in the schema's order, money in currency units): in built-in mode
 * (`direct`, read on every request: the count-downs are of this moment) the service the route calls
 * (services/lottery/game-list.ts lotteryGameList, worker/api/lottery-gateway.ts), else the call through `api`.
 * Null when the read failed or answered another shape.
 */
async function lotteryListOf(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<z.input<typeof lotteryCalls.lotteryGameList.value> | null> {
  const def = lotteryCalls.lotteryGameList;
  if (direct) {
    const value = await directValue(direct, def, merchantCode, async (db) => encodeAsListed(def, await lotteryGameList(db, merchantCode, {}, Date.now())));
    return value && encodeValue(def, value);
  }
  const parsed = def.value.safeParse(await jsonOf(api, new URL(def.path, url.origin), visitorHeaders(merchantCode, language)));
  return parsed.success ? encodeValue(def, parsed.data) : null;
}

/**
 * /m/lottery: the site's LOTT and ELOTT games (lotteryListOf: in built-in mode read directly from the service its
 * route calls, in upstream mode through the island's call), grouped and counted down as of the answer's server time.
 * Only where the deployment runs the built-in lottery (`lottery` capability): elsewhere the island lists nothing, and
 * so does the edge.
 */
export async function lotteryFill(
  url: URL, language: Language, merchantCode: string, api: ApiFetch, direct: DirectSource | null,
): Promise<ContentFill | null> {
  const answer = await lotteryListOf(url, language, merchantCode, api, direct);
  if (!answer || answer.list.length === 0) return null;
  const { serverTime, list } = answer;
  return {
    // The count-downs (and the clock reading the browser takes from the page's own request) are of this moment: a
    // copy confirmed with 304 would count from a stale server time, so the server time is part of the fingerprint.
    fingerprint: fingerprintOf([list, serverTime]),
    apply: (rewriter) => writeList(
      rewriter, 'lottery',
      (locale) => {
        const served: ServedLottery = { language: locale.language, serverTime, list };
        return `<script type="application/json" id="${SERVED_LOTTERY_ID}">${servedJson(served)}</script>`;
      },
      // The island's first render over the data block (src/islands/LotteryGames.tsx): the catalogue's order, every
      // provider, nothing launching, the count-downs as of the server time. The list's HTML is kept per isolate (as
      // first rendered) and its count-downs written as of this view's server time, as the page's ticker does.
      (locale) => timersAt(renderViewKept(`lottery|${fingerprintOf(list)}|${JSON.stringify(locale)}`, locale, () => createElement(LotteryListView, {
        games: list, now: serverTime, order: 'catalogue', vendor: null, launching: null, onChooseVendor: () => undefined, onLaunch: () => undefined,
      })), serverTime),
      // The page's count-down ticker starts from it (src/views/Lottery.astro) without reading the data block.
      { 'data-server-time': String(serverTime) },
    ),
  };
}
