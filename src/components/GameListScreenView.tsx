import { t, type MessageKey } from '../../rules/i18n';
import { vendorName, type listViewOf } from '../../rules/gameListView';
import { GAME_SEARCH_ID, TILE_VENDOR_ID } from '../../rules/served';
import type { PagedState } from '../../rules/paging';
import GameGridView, { type TileBindings } from './GameGridView';
import type { TileGame } from './GameTile';
import { categoryLabel, classifyLabel } from './labels';
import PagedFooter from './PagedFooter';
import SearchBox from './SearchBox';
import VendorTile from './VendorTile';

/**
 * The messages the screen shows in the states the edge renders (a category's first page of games, its search,
 * vendor selector and chips, its tiles and footer), besides every category and classification label
 * ({@link GAME_LIST_SCREEN_PREFIXES}): the page carries them for the edge (src/views/listTexts.ts viewTexts). The
 * edge never renders vendor tiles, the login notice or a failure, so their messages are not carried.
 */
export const GAME_LIST_SCREEN_MESSAGES: readonly MessageKey[] = [
  'common.loading', 'games.search.label', 'in_slot_search', 'games.search.submit', 'games.vendor.label', 'games.vendor.all',
  'games.classify.label', 'games.tile.add', 'games.tile.remove', 'games.pageIndicator', 'games.pageIndicatorLabel', 'games.more',
];
/** Key prefixes whose every message the page carries with {@link GAME_LIST_SCREEN_MESSAGES}: the category and classification labels. */
export const GAME_LIST_SCREEN_PREFIXES: readonly string[] = ['category.', 'classify.'];

/** What the screen shows of the address and the player's choices (rules/gameListView.ts listViewOf). */
export type GameListView = ReturnType<typeof listViewOf>;

/** One vendor tile of SPORTS and ELOTT (a card of the category's vendor lane, platform-contract.md §2, §7.3). */
export interface VendorCardView {
  /** The vendor code the card stands for (rules/gameListView.ts cardCode). */
  code: string;
  name: string;
  gameCount?: number | undefined;
  icon: string;
}

/** What the screen does when the player acts (the island binds them to its stores; the edge renders none). */
export interface GameListScreenActions {
  onSearch: (query: string | undefined) => void;
  onChooseVendor: (vassalage: string | undefined) => void;
  onChooseFilter: (code: string) => void;
  onRetryCatalogue: () => void;
  onRetryLanes: () => void;
}

/** Nothing happens: the actions of the screen the edge renders (and of any first render before hydration). */
export const STILL_GAME_LIST_ACTIONS: GameListScreenActions = {
  onSearch: () => undefined, onChooseVendor: () => undefined, onChooseFilter: () => undefined,
  onRetryCatalogue: () => undefined, onRetryLanes: () => undefined,
};

/** Props of the game list screen: its view of the address, its list and lanes, the player's state, its actions. */
export interface GameListScreenViewProps {
  view: GameListView;
  /** The name searched for (the search box's first text). */
  search: string | undefined;
  /** The list of `view.key` (src/stores/kit/paged.ts builds it), with its actions. */
  paged: PagedState<TileGame> & { loadMore: () => void; retry: () => void };
  /** The category's vendor cards (vendor tiles); null while the vendor lanes are unknown. */
  vendorCards: readonly VendorCardView[] | null;
  /** The vendor mapping, or the vendor lanes, could not be read. */
  catalogueFailed: boolean;
  lanesFailed: boolean;
  /** False until the island has hydrated: failures, the empty notice and favourites are not shown yet. */
  hydrated: boolean;
  tiles: TileBindings;
  actions: GameListScreenActions;
}

/**
 * Game list screen (player-shell §2 "Game list screen"): title, name search, vendor selector, classification chips,
 * the games 9 a page with 'page / total pages' and 'more games', or one tile per vendor card (SPORTS, ELOTT), or the
 * login notice of the favourite and recent lists, or what could not be read with "try again". Rendered by the island
 * (src/islands/GameListScreen.tsx) and by the edge into the first HTML from the same served data
 * (worker/edge/fills/list.ts), so the island hydrates over it without a mismatch.
 */
export default function GameListScreenView({
  view, search, paged, vendorCards, catalogueFailed: catalogueFailedAny, lanesFailed: lanesFailedAny, hydrated, tiles, actions,
}: GameListScreenViewProps) {
  const catalogueFailed = catalogueFailedAny && hydrated;
  const lanesFailed = lanesFailedAny && hydrated;
  const { gameType, vendor, entry, vendorTiles, options, classShown, vendorShown, needsLogin, favouriteMode, filter: active } = view;
  const favourites = tiles.favourites;
  const items = favouriteMode && favourites
    ? paged.list.items.filter((g) => favourites.has(String(g.nodeId)))
    : paged.list.items;
  const loading = !view.known || (view.key !== null && paged.loading);
  const pagedView = { ...paged, loading };

  if (view.known && !gameType) {
    return (
      <div className="notice">
        <p>{t('games.noCategory')}</p>
        <a className="btn" href="/m/home">{t('in_all_games')}</a>
      </div>
    );
  }
  const chosenVendor = entry?.vendors.find((v) => v.vassalage === vendor);
  return (
    <div className="game-list-screen">
      <h2 className="list-title">
        {gameType ? categoryLabel(gameType) : t('common.loading')}
        {chosenVendor && <span className="list-subtitle"> · {vendorName(chosenVendor)}</span>}
      </h2>
      {catalogueFailed && !(vendorTiles && vendorCards === null && lanesFailed) && (
        <div className="empty-state" role="alert">
          <p>{t('games.loadFailed')}</p>
          <button type="button" className="btn" onClick={actions.onRetryCatalogue}>{t('common.retry')}</button>
        </div>
      )}
      {!vendorTiles && (
        // Keyed by the address's search: opening another address (history) shows its text. Named and carrying the
        // category and vendor, so Enter before hydration (a plain GET) opens the same list filtered.
        <SearchBox
          key={view.known ? 'address' : 'unknown'} initial={search ?? ''} onSearch={actions.onSearch} id={GAME_SEARCH_ID}
          name="gameName" carry={{ gameType, vassalage: vendor }}
        />
      )}
      {vendorShown && entry && (
        <div className="field vendor-select">
          <label htmlFor="vendor-select">{t('games.vendor.label')}</label>
          <select id="vendor-select" value={vendor ?? ''} onChange={(e) => actions.onChooseVendor(e.target.value || undefined)}>
            <option value="">{t('games.vendor.all')}</option>
            {entry.vendors.map((v) => (
              <option key={v.vassalage} value={v.vassalage}>{vendorName(v)}</option>
            ))}
          </select>
        </div>
      )}
      {classShown && (
        <div className="chips" role="group" aria-label={t('games.classify.label')}>
          {options.map((code) => (
            <button key={code} type="button" className="chip" aria-pressed={code === active} onClick={() => actions.onChooseFilter(code)}>
              {classifyLabel(code)}
            </button>
          ))}
        </div>
      )}
      {vendorTiles && vendorCards === null && lanesFailed ? (
        <div className="empty-state" role="alert">
          <p>{t('games.loadFailed')}</p>
          <button type="button" className="btn" onClick={actions.onRetryLanes}>{t('common.retry')}</button>
        </div>
      ) : vendorTiles && vendorCards === null ? (
        <GameGridView games={[]} place="list" loading tiles={tiles} />
      ) : vendorTiles ? (
        <ul className="game-grid">
          {(vendorCards ?? []).map((card, i) => (
            <li key={card.code}>
              <VendorTile gameType={gameType} vassalage={card.code} name={card.name} gameCount={card.gameCount} icon={card.icon} variant={(i % 4) + 1} />
            </li>
          ))}
        </ul>
      ) : needsLogin ? (
        <div className="notice">
          <p>{t(favouriteMode ? 'fav.loggedOut' : 'games.recent.loggedOut')}</p>
          <a className="btn btn-primary" href="/m/login">{t('header.login')}</a>
        </div>
      ) : (
        <>
          <GameGridView
            games={items} place="list" loading={loading} favouriteFallback={favouriteMode} favouritesKnown={hydrated}
            idPrefix={TILE_VENDOR_ID} tiles={tiles}
          />
          {paged.failed && (
            <div className="notice" role="alert">
              <p>{t('games.loadFailed')}</p>
              <button type="button" className="btn" onClick={paged.retry}>{t('common.retry')}</button>
            </div>
          )}
          {!loading && !paged.failed && hydrated && items.length === 0 && <p className="notice">{t('games.empty')}</p>}
          <PagedFooter paged={pagedView} />
        </>
      )}
    </div>
  );
}
