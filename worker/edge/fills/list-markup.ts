import type { GameTileWire } from '../../../contract/calls/catalogue-schemas';
import { humanise, vendorName, type ListAddress, type VendorMappingEntry } from '../../../rules/gameListView';
import { hasMore, pageIndicator } from '../../../rules/paging';
import type { Language } from '../../../rules/i18n';
import { GAME_SEARCH_ID, TILE_VENDOR_ID } from '../../../rules/served';
import { tileVariant, type TilePlace } from '../../../rules/tiles';

/**
 * The first page of /m/gameList as markup (player-shell §2 Game list screen), written by the edge into the page's
 * island (worker/edge/fills/list.ts). It is exactly what the island (src/islands/GameListScreen.tsx) renders on
 * hydration from the same data, text nodes and escaping included (tests/unit/list-markup.test.ts renders both), so
 * React adopts it without a mismatch and nothing moves when the island takes over. Interface texts come from the
 * pre-rendered page (translated at build time); every text from the server is escaped here.
 */

/** Interface texts of the game list in the page's language, written by src/views/GameList.astro. */
export interface GameListTexts {
  /** The page's language (the data block names it: the browser adopts only data of its own language). */
  language: Language;
  /** BCP 47 tag of the page (numbers in the page indicator). */
  tag: string;
  /** `category.<code>` labels by code. */
  categories: Record<string, string>;
  /** `classify.<code>` labels by code. */
  classify: Record<string, string>;
  searchLabel: string;
  searchPlaceholder: string;
  searchSubmit: string;
  vendorLabel: string;
  vendorAll: string;
  classifyGroup: string;
  /** 'Add {game} to favourites'. */
  tileAdd: string;
  /** '{page} / {total}' and its spoken form. */
  pageIndicator: string;
  pageIndicatorLabel: string;
  more: string;
}

/** The screen's state for the markup: what rules/gameListView.ts openingListView gives for the address. */
export interface GameListMarkupInput {
  address: ListAddress;
  entry: VendorMappingEntry | undefined;
  vendorShown: boolean;
  classShown: boolean;
  options: readonly string[];
  /** The active classification ('all' on opening). */
  filter: string;
  games: readonly GameTileWire[];
  pageNum: number;
  totalPages: number;
}

/** Text or attribute value escaped as React's server renderer does. */
export function escapeReact(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!);
}

/** Fills `{name}` placeholders (numbers in the page's digits), as rules/i18n.ts does. */
export function fillTemplate(template: string, params: Record<string, string | number>, tag: string): string {
  const numbers = new Intl.NumberFormat(tag);
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

const label = (labels: Record<string, string>, code: string) => (Object.hasOwn(labels, code) ? labels[code]! : humanise(code));

/** Icons of the first two rows load at once, the first row's first (src/components/GameGrid.tsx). */
const EAGER_TILES = 6;
const URGENT_TILES = 3;
const HEART = '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.1 4.4 2.5.9-1.4 2.3-2.5 4.4-2.5 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z"></path></svg>';

/** The texts a tile needs: the favourite toggle's name ('Add {game} to favourites') and the page's BCP 47 tag. */
export type TileTexts = Pick<GameListTexts, 'tileAdd' | 'tag'>;

/** Where a tile shows (src/components/GameGrid.tsx props): its style variant's place and its vendor label's id prefix. */
export interface TileMarkupOptions {
  place: TilePlace;
  idPrefix: string;
}

const LIST_TILES: TileMarkupOptions = { place: 'list', idPrefix: TILE_VENDOR_ID };

/**
 * One tile (src/components/GameTile.tsx) as it first renders: no favourite known yet, nothing launching. On the
 * list the first two rows' icons load at once (the first row's first); elsewhere (home) every icon loads lazily.
 */
export function gameTileMarkup(game: GameTileWire, index: number, texts: TileTexts, options: TileMarkupOptions = LIST_TILES): string {
  const e = escapeReact;
  const icon = game.showIcon || game.iconUrl;
  const id = `${options.idPrefix}-${game.nodeId}`;
  const list = options.place === 'list';
  const art = icon
    ? `<img src="${e(icon)}" alt="" loading="${list && index < EAGER_TILES ? 'eager' : 'lazy'}"${list && index < URGENT_TILES ? ' fetchPriority="high"' : ''} decoding="async" width="160" height="160"/>`
    : `<span class="tile-initials" aria-hidden="true">${e(game.gameName.slice(0, 2))}</span>`;
  return `<li><div class="tile tile-v${tileVariant(game, options.place)}">`
    + `<button type="button" class="tile-launch" aria-describedby="${id}" aria-busy="false"><span class="tile-art">${art}</span>`
    + `<span class="tile-name">${e(game.gameName)}</span></button>`
    + `<span class="tile-vendor" id="${id}">${e(game.displayName)}</span>`
    + `<button type="button" class="tile-fav" aria-pressed="false" aria-label="${e(fillTemplate(texts.tileAdd, { game: game.gameName }, texts.tag))}" aria-busy="false">${HEART}</button>`
    + `</div></li>`;
}

/** The whole screen (src/islands/GameListScreen.tsx) with its first page of games. */
export function gameListMarkup(input: GameListMarkupInput, texts: GameListTexts): string {
  const e = escapeReact;
  const { address, entry } = input;
  const chosen = entry?.vendors.find((v) => v.vassalage === address.vassalage);
  const title = `<h2 class="list-title">${e(label(texts.categories, address.gameType))}`
    + (chosen ? `<span class="list-subtitle"> · <!-- -->${e(vendorName(chosen))}</span>` : '') + `</h2>`;
  // Named, and carrying the category and vendor (src/components/SearchBox.tsx): Enter before hydration is the
  // browser's plain GET, which lands on this same list filtered by the name.
  const carried = `<input type="hidden" name="gameType" value="${e(address.gameType)}"/>`
    + (address.vassalage === undefined ? '' : `<input type="hidden" name="vassalage" value="${e(address.vassalage)}"/>`);
  const search = `<form class="search-box" role="search"><label for="${GAME_SEARCH_ID}">${e(texts.searchLabel)}</label>`
    + `<div class="search-row"><input id="${GAME_SEARCH_ID}" type="search" enterKeyHint="search" autoComplete="off" placeholder="${e(texts.searchPlaceholder)}" name="gameName" value="${e(address.gameName ?? '')}"/>`
    + `<button type="submit" class="btn">${e(texts.searchSubmit)}</button></div>${carried}</form>`;
  const vendor = address.vassalage ?? '';
  const select = input.vendorShown && entry
    ? `<div class="field vendor-select"><label for="vendor-select">${e(texts.vendorLabel)}</label><select id="vendor-select">`
      + `<option value=""${vendor === '' ? ' selected=""' : ''}>${e(texts.vendorAll)}</option>`
      + entry.vendors.map((v) => `<option value="${e(v.vassalage)}"${vendor === v.vassalage ? ' selected=""' : ''}>${e(vendorName(v))}</option>`).join('')
      + `</select></div>`
    : '';
  const chips = input.classShown
    ? `<div class="chips" role="group" aria-label="${e(texts.classifyGroup)}">`
      + input.options.map((code) => `<button type="button" class="chip" aria-pressed="${code === input.filter}">${e(label(texts.classify, code))}</button>`).join('')
      + `</div>`
    : '';
  const grid = `<ul class="game-grid">${input.games.map((g, i) => gameTileMarkup(g, i, texts)).join('')}</ul>`;
  const list = { items: [...input.games], pageNum: input.pageNum, totalPages: input.totalPages };
  const { page, total } = pageIndicator(list);
  const footer = total === 0 ? '' : `<div class="paged-footer"><p class="page-indicator" aria-live="polite">`
    + `<span class="visually-hidden">${e(fillTemplate(texts.pageIndicatorLabel, { page, total }, texts.tag))}</span>`
    + `<span aria-hidden="true">${e(fillTemplate(texts.pageIndicator, { page, total }, texts.tag))}</span></p>`
    + `<button type="button" class="btn more-games"${hasMore(list) ? '' : ' disabled=""'} aria-busy="false">${e(texts.more)}</button></div>`;
  return `<div class="game-list-screen">${title}${search}${select}${chips}${grid}${footer}</div>`;
}
