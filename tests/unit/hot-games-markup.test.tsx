import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { GameTileWire } from '../../contract/calls/catalogue-schemas';
import type { Language } from '../../rules/i18n';
import { SERVED_HOT_GAMES_ID, servedJson, type ServedHotGames } from '../../rules/served';
import { hotGamesRowMarkup, type HotGamesTexts } from '../../worker/edge/hot-games-markup';

// Issue 9: the edge writes home's hot games row into the first HTML (worker/edge/home-fill.ts); the island
// (src/islands/HotGamesRow.tsx) hydrates over it on the player's first interaction, from the same data.

const tile = (nodeId: number, gameName: string, displayName: string, extra: Partial<GameTileWire> = {}): GameTileWire => ({
  nodeId, nodeName: gameName, gameName, displayName, vassalage: 'PD', roomId: null, gameId: `g${nodeId}`, gameType: 'RNG',
  supportPlay: 1, gameClassifyNew: null, showIcon: `/icons/game/${nodeId}.svg`, minBet: 1.5, ...extra,
});

const games = [
  tile(7, 'Lucky <b>"7"</b>', "Vendor's & Co"),
  tile(8, 'Café & Crêpes', 'PD', { telNodeId: 3 }),
  tile(9, 'No icon', 'PD', { showIcon: '', iconUrl: '' }),
  tile(10, 'Icon URL only', 'PD', { showIcon: '', iconUrl: '/icons/game/10.png' }),
  ...[11, 12, 13].map((n) => tile(n, `Game ${n}`, 'PD')),
];

/**
 * Renders the island as React does on hydration, in a page that carries the edge's data block, and the edge's
 * markup from the same data.
 */
async function bothRenders(language: Language, list: GameTileWire[]) {
  vi.resetModules();
  const { renderInLanguage } = await import('../../src/views/locale');
  return renderInLanguage(language, async () => {
    const { hotGamesTexts } = await import('../../src/views/listTexts');
    const texts = JSON.parse(hotGamesTexts()) as HotGamesTexts;
    const served: ServedHotGames = { language, list };
    const block = servedJson(served);
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === SERVED_HOT_GAMES_ID ? { textContent: block } : null),
      documentElement: { getAttribute: () => null, lang: '' },
    });
    try {
      const { $language } = await import('../../src/stores/concepts/language');
      $language.set(language);
      const { default: HotGamesRow } = await import('../../src/islands/HotGamesRow');
      const island = renderToString(createElement(HotGamesRow)).replace(/<link [^>]*>/g, '');
      return { island, edge: hotGamesRowMarkup(list, texts), texts };
    } finally {
      vi.unstubAllGlobals();
    }
  });
}

describe('the edge writes the hot games row the island hydrates over', () => {
  it.each(['EN', 'AR', 'FA'] as const)('%s: the same markup, escaped, in slider groups of 3', async (language) => {
    const { island, edge, texts } = await bothRenders(language, games);
    expect(edge).toContain('Lucky &lt;b&gt;&quot;7&quot;&lt;/b&gt;');
    expect(edge).not.toContain('<b>');
    expect(edge.match(/<li class="slide">/g)).toHaveLength(3);
    expect(edge).toContain(`<h2 id="row-hot">${texts.title}</h2>`);
    expect(edge).toContain('id="hot-vendor-7"');
    expect(edge).not.toContain('fetchPriority');
    expect(island).toBe(edge);
  }, 60_000);

  it('an empty row: nothing, as the island renders', async () => {
    const { island, edge } = await bothRenders('EN', []);
    expect(edge).toBe('');
    expect(island).toBe('');
  }, 60_000);
});
