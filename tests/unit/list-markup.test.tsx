import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { GameTileWire } from '../../src/contract/calls/catalogue-schemas';
import type { Language } from '../../src/lib/i18n';
import { openingListView, type VendorMappingEntry } from '../../src/lib/gameListView';
import { SERVED_GAME_LIST_ID, servedJson, type ServedGameList } from '../../src/lib/served';
import { gameListMarkup, type GameListTexts } from '../../worker/edge/list-markup';

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
  const { setPageLocale } = await import('../../src/lib/i18n');
  const { localeOf } = await import('../../src/views/locale');
  setPageLocale(localeOf(language));
  const { gameListTexts } = await import('../../src/views/listTexts');
  const texts = JSON.parse(gameListTexts()) as GameListTexts;
  const { listAddressOf } = await import('../../src/lib/gameListView');
  const address = listAddressOf(search);
  const view = openingListView(address, mapping);
  const served: ServedGameList = { language, address, mapping, key: view.key!, page: { items: games, pageNum: 1, totalPages: 3 } };
  const block = servedJson(served);
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === SERVED_GAME_LIST_ID ? { textContent: block } : null),
    documentElement: { getAttribute: () => null, lang: '' },
  });
  try {
    const { $language } = await import('../../src/stores/language');
    $language.set(language);
    const { $vendorGameTypes } = await import('../../src/stores/catalogue');
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
  ] as const)('%s %s: the same markup, escaped, with the tiles', async (language, search) => {
    const { island, edge } = await bothRenders(language, search);
    expect(edge).toContain('Lucky &lt;b&gt;&quot;7&quot;&lt;/b&gt;');
    expect(edge).not.toContain('<b>');
    expect(edge).toContain('fetchPriority="high"');
    expect(island).toBe(edge);
  }, 60_000);
});
