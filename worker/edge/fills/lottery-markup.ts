import type { z } from 'zod';
import type { lotteryCalls } from '../../../contract/calls/lottery';
import { humanise } from '../../../rules/gameListView';
import type { Language } from '../../../rules/i18n';
import { countdownText } from '../../../rules/lotteryClock';

/**
 * The lottery list of /m/lottery as markup (player-shell §2 /m/lottery: draws grouped by provider, then by type,
 * each with its art and the count-down to its close), written by the edge into the page's island
 * (worker/edge/fills/list.ts). It is exactly what the island (src/islands/LotteryGames.tsx, catalogue order)
 * renders on hydration from the same data with its count-downs as of the server time the edge read
 * (tests/unit/list-markup.test.tsx renders both). Each timer carries its close time and interval, from which the
 * page's ticker (src/lib/countdownTicker.ts) counts on from first paint. Every server text is escaped.
 */

/** Text or attribute value escaped as React's server renderer does. */
export function escapeReact(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!);
}

/** One lottery game as /lgw/games answers it. */
export type WireLotteryGame = z.output<typeof lotteryCalls.lotteryGameList.value>['list'][number];

/** Interface texts of the lottery list in the page's language, written by src/views/Lottery.astro. */
export interface LotteryTexts {
  language: Language;
  /** `category.<code>` labels by code (LOTT, ELOTT). */
  categories: Record<string, string>;
  vendorLabel: string;
  vendorAll: string;
  closesIn: string;
}

/** The lottery categories in the list's order (player-shell §3). */
const LOTTERY_TYPES = ['LOTT', 'ELOTT'] as const;
/** Cards of the first provider's lists whose art loads at once (src/islands/LotteryGames.tsx). */
const EAGER_ART = 3;

/** The list with its count-downs as of `now` (the server's clock, epoch ms); '' when there is nothing to list. */
export function lotteryListMarkup(list: readonly WireLotteryGame[], now: number, texts: LotteryTexts): string {
  const e = escapeReact;
  if (list.length === 0) return '';
  const vendors = [...new Map(list.map((g) => [g.vassalage, g.displayName])).entries()];
  const chips = vendors.length > 1
    ? `<div class="chips" role="group" aria-label="${e(texts.vendorLabel)}"><button type="button" class="chip" aria-pressed="true">${e(texts.vendorAll)}</button>`
      + vendors.map(([, name]) => `<button type="button" class="chip" aria-pressed="false">${e(name)}</button>`).join('') + `</div>`
    : '';
  const card = (g: WireLotteryGame, eager: boolean) => {
    return `<li class="lotto-card"><img class="lotto-art" src="/icons/game/${g.nodeId}.svg" alt="" width="48" height="48" loading="${eager ? 'eager' : 'lazy'}" decoding="async"/>`
      + `<div class="lotto-card-text"><button type="button" class="lotto-row" aria-busy="false" aria-describedby="lotto-when-${g.nodeId}">${e(g.gameName)}</button>`
      + `<p class="lotto-row-meta" id="lotto-when-${g.nodeId}"><span class="visually-hidden">${e(g.displayName)}<!-- -->, </span>`
      + `<span>${e(texts.closesIn)}<!-- --> <span class="lotto-timer" data-close-at="${g.nextCloseAt}" data-interval="${g.intervalMs}">${countdownText(g.nextCloseAt, g.intervalMs, now)}</span></span></p></div></li>`;
  };
  const groups = [...new Set(list.map((g) => g.vassalage))].map((code, group) => {
    const mine = list.filter((g) => g.vassalage === code);
    const id = `lottery-${code}`;
    const types = LOTTERY_TYPES.map((type) => {
      const games = mine.filter((g) => g.gameType === type);
      if (games.length === 0) return '';
      const label = Object.hasOwn(texts.categories, type) ? texts.categories[type]! : humanise(type);
      return `<div class="lotto-type"><h3 id="${e(`${id}-${type}`)}">${e(label)}<!-- --> <span class="muted">(<!-- -->${games.length}<!-- -->)</span></h3>`
        + `<ul class="lotto-list" aria-labelledby="${e(`${id}-${type}`)}">${games.map((g, i) => card(g, group === 0 && i < EAGER_ART)).join('')}</ul></div>`;
    }).join('');
    return `<section class="lotto-list-section" aria-labelledby="${e(id)}"><h2 id="${e(id)}">${e(mine[0]?.displayName ?? code)}</h2>${types}</section>`;
  });
  return chips + groups.join('');
}
