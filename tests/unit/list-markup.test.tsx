import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { GameTileWire } from '../../contract/calls/catalogue-schemas';
import type { Language } from '../../rules/i18n';
import { openingListView, type VendorMappingEntry } from '../../rules/gameListView';
import { SERVED_GAME_LIST_ID, SERVED_LOTTERY_ID, servedJson, type ServedGameList, type ServedLottery } from '../../rules/served';
import { gameListMarkup, type GameListTexts } from '../../worker/edge/fills/list-markup';
import { lotteryListMarkup, type LotteryTexts, type WireLotteryGame } from '../../worker/edge/fills/lottery-markup';

const tile = (nodeId: number, gameName: string, displayName: string, showIcon = `/icons/game/${nodeId}.svg`): GameTileWire => ({
  nodeId, nodeName: gameName, gameName, displayName, vassalage: 'PD', roomId: null, gameId: `g${nodeId}`, gameType: 'RNG',
  supportPlay: 1, gameClassifyNew: null, showIcon, minBet: 1.5,
});

const mapping: VendorMappingEntry[] = [{
  gameCategory: 'RNG', gameType: 'RNG', sortOrder: 1, gameClassify: ['slot', 'arcade'],
  vendors: [
    { vassalage: 'PD', gameCount: 12, vendorNames: [{ vassalage: 'PD', accountTypeName: 'PlayDeck <Slots>' }] },
    { vassalage: 'XO', gameCount: 3, vendorNames: [{ vassalage: 'XO', accountTypeName: "O'Brien & Co" }] },
  ],
}];

const games = [
  tile(7, 'Lucky <b>"7"</b>', "Vendor's & Co"),
  tile(8, 'Café & Crêpes', 'PD'),
  tile(9, 'No icon', 'PD', ''),
  ...[10, 11, 12, 13, 14, 15].map((n) => tile(n, `Game ${n}`, 'PD')),
];

/**
 * Renders the island (src/islands/GameListScreen.tsx) as React does on hydration, in a page that carries the
 * edge's data block, and the edge's markup from the same data: they must be the same string.
 */
async function bothRenders(language: Language, search: string) {
  vi.resetModules();
  const { renderInLanguage } = await import('../../src/views/locale');
  return renderInLanguage(language, () => bothRendersIn(language, search));
}

/** bothRenders inside the language's render scope (as src/middleware.ts renders a page). */
async function bothRendersIn(language: Language, search: string) {
  const { gameListTexts } = await import('../../src/views/listTexts');
  const texts = JSON.parse(gameListTexts()) as GameListTexts;
  const { listAddressOf } = await import('../../rules/gameListView');
  const address = listAddressOf(search);
  const view = openingListView(address, mapping);
  const served: ServedGameList = { language, address, mapping, key: view.key!, page: { items: games, pageNum: 1, totalPages: 3 } };
  const block = servedJson(served);
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === SERVED_GAME_LIST_ID ? { textContent: block } : null),
    documentElement: { getAttribute: () => null, lang: '' },
  });
  try {
    const { $language } = await import('../../src/stores/concepts/language');
    $language.set(language);
    const { $vendorGameTypes } = await import('../../src/stores/concepts/catalogue');
    $vendorGameTypes.set(mapping); // what the store's onMount does in the browser with the served mapping
    const { default: GameListScreen } = await import('../../src/islands/GameListScreen');
    const island = renderToString(createElement(GameListScreen)).replace(/<link [^>]*>/g, '');
    const edge = gameListMarkup({ ...view, address, games, pageNum: 1, totalPages: 3 }, texts);
    return { island, edge };
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('the edge writes the game list the island hydrates over', () => {
  it.each([
    ['EN', '?gameType=RNG'],
    ['EN', '?gameType=RNG&vassalage=XO'],
    ['FA', '?gameType=RNG&vassalage=PD'],
    ['AR', '?gameType=LIVE'],
    ['EN', '?gameType=RNG&gameName=%20Caf%C3%A9%20%26%20%22x%22%20'],
    ['AR', '?gameType=RNG&vassalage=XO&gameName=lucky'],
  ] as const)('%s %s: the same markup, escaped, with the tiles', async (language, search) => {
    const { island, edge } = await bothRenders(language, search);
    expect(edge).toContain('Lucky &lt;b&gt;&quot;7&quot;&lt;/b&gt;');
    expect(edge).not.toContain('<b>');
    expect(edge).toContain('fetchPriority="high"');
    expect(island).toBe(edge);
  }, 60_000);

  // Enter before hydration is the browser's plain GET: the form carries the category and vendor beside the name.
  it.each([
    ['?gameType=RNG', 'value=""/>', '<input type="hidden" name="gameType" value="RNG"/></form>'],
    ['?gameType=RNG&vassalage=XO', 'value=""/>', '<input type="hidden" name="gameType" value="RNG"/><input type="hidden" name="vassalage" value="XO"/></form>'],
    ['?gameType=RNG&gameName=%20Caf%C3%A9%20%26%20%22x%22%20', 'value="Café &amp; &quot;x&quot;"/>', 'name="gameType" value="RNG"/></form>'],
  ])('%s: the search form carries the address, and shows its trimmed search', async (search, value, carried) => {
    const { island, edge } = await bothRenders('EN', search);
    expect(edge).toContain(`name="gameName" ${value}`);
    expect(edge).toContain(carried);
    expect(island).toBe(edge);
  }, 60_000);
});

const NOW = Date.UTC(2026, 10, 26, 4, 0, 0);
const draw = (nodeId: number, gameName: string, vassalage: string, displayName: string, gameType: string, intervalMs: number, closeIn: number): WireLotteryGame => ({
  nodeId, gameId: `l${nodeId}`, gameName, displayName, vassalage, gameType, gameGroupId: null, lottoMode: null, minStake: 1, maxStake: 100,
  maxPayout: 1000, playTypes: [], prizeModes: [], intervalMs, closeBeforeMs: 5000,
  current: { issueNo: `${nodeId}-1`, openAt: NOW - 1000, closeAt: NOW + closeIn, drawAt: NOW + closeIn + 5000 },
  nextCloseAt: NOW + closeIn,
});
const draws = [
  draw(101, 'Fast <3> & "45s"', 'PD_LOTTO', "PlayDeck's Lotto", 'ELOTT', 45_000, 12_400),
  draw(102, 'Daily 6/45', 'PD_LOTTO', "PlayDeck's Lotto", 'LOTT', 86_400_000, 3 * 3600_000 + 61_000),
  draw(103, 'Weekly', 'PD_LOTTO', "PlayDeck's Lotto", 'LOTT', 7 * 86_400_000, 2 * 86_400_000 + 5_000),
  draw(104, 'Old close', 'TCG', 'TCG <Lotto>', 'ELOTT', 60_000, -90_000), // its known close is past: the next one counts
  ...[105, 106, 107].map((n) => draw(n, `Hanoi ${n}`, 'TCG', 'TCG <Lotto>', 'LOTT', 86_400_000, n * 1000)),
];

/** The lottery island (catalogue order) on hydration over the edge's block, and the edge's markup from the same list. */
async function bothLotteryRenders(language: Language) {
  vi.resetModules();
  const { renderInLanguage } = await import('../../src/views/locale');
  return renderInLanguage(language, () => bothLotteryRendersIn(language));
}

/** bothLotteryRenders inside the language's render scope. */
async function bothLotteryRendersIn(language: Language) {
  const { lotteryTexts } = await import('../../src/views/listTexts');
  const texts = JSON.parse(lotteryTexts()) as LotteryTexts;
  const served: ServedLottery = { language, serverTime: NOW, list: draws };
  const block = servedJson(served);
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === SERVED_LOTTERY_ID ? { textContent: block } : null),
    documentElement: { getAttribute: () => null, lang: '' },
  });
  try {
    const { default: LotteryGames } = await import('../../src/islands/LotteryGames');
    const island = renderToString(createElement(LotteryGames)).replace(/<link [^>]*>/g, '');
    return { island, edge: lotteryListMarkup(draws, NOW, texts) };
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('the edge writes the lottery list the island hydrates over', () => {
  it.each(['EN', 'AR'] as const)('%s: the same markup, grouped by provider and type, with the count-downs as of the server time', async (language) => {
    const { island, edge } = await bothLotteryRenders(language);
    // Each timer carries its known close time and interval, from which the page's ticker counts on before hydration.
    expect(edge).toContain(`<span class="lotto-timer" data-close-at="${NOW + 12_400}" data-interval="45000">00:13</span>`);
    expect(edge).toContain(`<span class="lotto-timer" data-close-at="${NOW + 3 * 3600_000 + 61_000}" data-interval="86400000">3:01:01</span>`);
    expect(edge).toContain('>2d 00:00:05</span>');
    // A minute's game whose known close was 90 s ago: the next close counts.
    expect(edge).toContain(`<span class="lotto-timer" data-close-at="${NOW - 90_000}" data-interval="60000">00:30</span>`);
    expect(edge).toContain('Fast &lt;3&gt; &amp; &quot;45s&quot;');
    expect(edge).not.toContain('<3>');
    expect(edge.match(/<section class="lotto-list-section"/g)).toHaveLength(2);
    expect(island).toBe(edge);
  }, 60_000);
});
