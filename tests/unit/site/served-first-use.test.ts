import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameTileWire } from '../../../contract/calls/catalogue-schemas';
import {
  SERVED_GAME_LIST_ID, SERVED_HOT_GAMES_ID, SERVED_LOTTERY_ID, SERVED_REGISTER_ID, servedJson, servedOnFirstUse,
  type ServedGameList, type ServedHotGames, type ServedLottery, type ServedRegister,
} from '../../../rules/served';

// Issue 9: a store module runs when the first island needing its chunk hydrates, which can be while the document
// is still being parsed (a member's header hydrates at once), before the edge's data block further down. The
// stores read the block at their first use instead: an island hydrating later over the edge's markup then starts
// from the same data (before, a member's home showed React #418 on the hot games row, under load).

/** A page being parsed: no data block yet, `readyState` 'loading'; `arrive` adds the blocks and ends the parse. */
function parsingPage() {
  const blocks = new Map<string, string>();
  const doc = {
    readyState: 'loading',
    getElementById: (id: string) => (blocks.has(id) ? { textContent: blocks.get(id)! } : null),
    documentElement: { getAttribute: () => null, lang: '' },
  };
  vi.stubGlobal('document', doc);
  return {
    arrive(id: string, value: unknown, readyState = 'interactive') {
      blocks.set(id, servedJson(value));
      doc.readyState = readyState;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const tile = (nodeId: number): GameTileWire => ({
  nodeId, nodeName: `Game ${nodeId}`, gameName: `Game ${nodeId}`, displayName: 'PD', vassalage: 'PD', roomId: null,
  gameId: `g${nodeId}`, gameType: 'RNG', supportPlay: 1, gameClassifyNew: null, showIcon: `/icons/game/${nodeId}.svg`, minBet: 1.5,
});

describe('servedOnFirstUse', () => {
  it('reads at the first call, keeps what it found, and does not keep a miss while the page is still loading', () => {
    const page = parsingPage();
    const read = vi.fn(() => (document.getElementById('x')?.textContent ?? null));
    const once = servedOnFirstUse(read);
    expect(read).not.toHaveBeenCalled();
    expect(once()).toBeNull();
    page.arrive('x', 1);
    expect(once()).toBe('1');
    expect(once()).toBe('1');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps a miss once the document is parsed (the page has no block)', () => {
    const page = parsingPage();
    page.arrive('other', 1, 'complete');
    const read = vi.fn(() => null);
    const once = servedOnFirstUse(read);
    expect(once()).toBeNull();
    expect(once()).toBeNull();
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('stores evaluated before their data block is parsed start from it at their first use', () => {
  it("home's hot games row", async () => {
    vi.resetModules();
    const page = parsingPage();
    const { hotRow } = await import('../../../src/stores/pages/hotGames');
    const served: ServedHotGames = { language: 'EN', list: [tile(1), tile(2)] };
    page.arrive(SERVED_HOT_GAMES_ID, served);
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const $row = hotRow();
    expect($row.get().data?.map((game) => game.nodeId)).toEqual([1, 2]);
    expect($row.get().loading).toBe(false);
    const stop = $row.listen(() => undefined);
    stop();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the game list: its address, search and first page', async () => {
    vi.resetModules();
    const page = parsingPage();
    const { $listAddress, $listSearch } = await import('../../../src/stores/pages/gameListScreen');
    const { gameListPages } = await import('../../../src/stores/pages/gameLists');
    const { listAddressOf, openingListView } = await import('../../../rules/gameListView');
    const address = listAddressOf('?gameType=RNG&gameName=lucky');
    const view = openingListView(address, []);
    const served: ServedGameList = { language: 'EN', address, mapping: [], key: view.key ?? 'k', page: { items: [tile(5)], pageNum: 1, totalPages: 2 } };
    page.arrive(SERVED_GAME_LIST_ID, served);
    expect($listAddress.get()).toEqual(address);
    expect($listSearch.get()).toBe('lucky');
    const $page = gameListPages(served.key);
    const stop = $page.listen(() => undefined);
    expect(JSON.stringify($page.get())).toContain('"nodeId":5');
    stop();
  });

  it('the game list: an address set before the first use is kept', async () => {
    vi.resetModules();
    const page = parsingPage();
    const { $listAddress, openGameList } = await import('../../../src/stores/pages/gameListScreen');
    const { listAddressOf } = await import('../../../rules/gameListView');
    page.arrive(SERVED_GAME_LIST_ID, { language: 'EN', address: listAddressOf('?gameType=RNG'), mapping: [], key: 'k', page: { items: [], pageNum: 1, totalPages: 1 } });
    openGameList('?gameType=FISH');
    expect($listAddress.get()?.gameType).toBe('FISH');
  });

  it('the lottery list and the time its count-downs were drawn at', async () => {
    vi.resetModules();
    const page = parsingPage();
    const { $lotteryList, $lotteryDrawnAt } = await import('../../../src/stores/pages/lotteryList');
    const served: ServedLottery = { language: 'EN', serverTime: 1_700_000_000_000, list: [] };
    page.arrive(SERVED_LOTTERY_ID, served);
    expect($lotteryDrawnAt.get()).toBe(served.serverTime);
    expect($lotteryList.get().loaded?.list).toEqual([]);
    expect($lotteryList.get().loaded?.sample).toBeDefined();
  });

  it('the registration settings', async () => {
    vi.resetModules();
    const page = parsingPage();
    const { registerPage, registerServed } = await import('../../../src/stores/pages/register');
    const fields = [{ field: 'username', required: true }];
    const served: ServedRegister = { language: 'EN', fields };
    page.arrive(SERVED_REGISTER_ID, served);
    vi.stubGlobal('location', { search: '' });
    vi.stubGlobal('window', { location: { search: '' } });
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    // Listened to first (the form's mount, one visit): it starts from the served settings and does not ask again.
    const visit = registerPage();
    const { $registerSetup } = visit;
    const stop = $registerSetup.listen(() => undefined);
    expect($registerSetup.get()?.fields).toEqual(fields);
    expect(registerServed()?.fields).toEqual(fields);
    stop();
    visit.exit();
    expect(fetch).not.toHaveBeenCalled();
  });
});
