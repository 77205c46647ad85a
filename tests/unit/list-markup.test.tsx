import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '../../rules/i18n';
import { SERVED_LOTTERY_ID, servedJson, type ServedLottery } from '../../rules/served';
import { lotteryListMarkup, type LotteryTexts, type WireLotteryGame } from '../../worker/edge/fills/lottery-markup';

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
