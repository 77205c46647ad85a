import type { GameTileWire } from '../../../contract/calls/catalogue-schemas';
import type { Language } from '../../../rules/i18n';
import { HOT_TILE_VENDOR_ID } from '../../../rules/served';
import { sliderGroups } from '../../../rules/tiles';
import { escapeReact, gameTileMarkup } from './list-markup';

/**
 * Home's hot games row (player-shell §2 Home "hot games block") as markup, written by the edge into the page's
 * island (worker/edge/fills/home.ts). It is exactly what the island (src/islands/HotGamesRow.tsx) renders on
 * hydration from the same data (tests/unit/hot-games-markup.test.tsx renders both), so the row shows before any
 * script and React adopts it without a mismatch. Interface texts come from the pre-rendered page; every text from
 * the server is escaped here.
 */

/** Interface texts of the row in the page's language, written by src/views/Home.astro (src/views/listTexts.ts). */
export interface HotGamesTexts {
  /** The page's language (the data block names it: the browser adopts only data of its own language). */
  language: Language;
  /** BCP 47 tag of the page. */
  tag: string;
  /** The row's title ('Hot games'). */
  title: string;
  /** The link to /m/hot and its spoken name ('View all', 'View all Hot games'). */
  viewAll: string;
  viewAllOf: string;
  /** 'Add {game} to favourites'. */
  tileAdd: string;
}

/** The row with its games, in slider groups of 3; empty when there are none (the island then renders nothing). */
export function hotGamesRowMarkup(games: readonly GameTileWire[], texts: HotGamesTexts): string {
  if (games.length === 0) return '';
  const e = escapeReact;
  const slides = sliderGroups(games).map((group) => `<li class="slide"><ul class="slide-grid">`
    + group.map((game, i) => gameTileMarkup(game, i, texts, { place: 'home', idPrefix: HOT_TILE_VENDOR_ID })).join('')
    + `</ul></li>`).join('');
  return `<section class="category-row" aria-labelledby="row-hot"><div class="row-head"><h2 id="row-hot">${e(texts.title)}</h2>`
    + `<a class="btn btn-small" href="/m/hot" aria-label="${e(texts.viewAllOf)}">${e(texts.viewAll)}</a></div>`
    + `<ul class="slider" aria-label="${e(texts.title)}">${slides}</ul></section>`;
}
