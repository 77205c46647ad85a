import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { categoryLabel, classifyLabel } from '../components/labels';
import SearchBox from '../components/SearchBox';
import { useHydrated } from '../components/useHydrated';
import { usePaged } from '../hooks/usePaged';
import VendorTile from '../components/VendorTile';
import { t } from '../../rules/i18n';
import { GAME_SEARCH_ID, TILE_VENDOR_ID } from '../../rules/served';
import {
  $catalogueFailed, $lanesFailed, $vendorLanes, cardCode, cardName, laneOf, refreshCatalogue, refreshLanes, vendorName,
} from '../stores/concepts/catalogue';
import { $favouriteIds } from '../stores/concepts/favourites';
import { $gameListView, $listSearch, chooseListFilter, chooseListVendor, openGameList, searchList } from '../stores/pages/gameListScreen';
import { gameListPages } from '../stores/pages/gameLists';
import GameGrid from '../components/GameGrid';
import PagedFooter from '../components/PagedFooter';

/**
 * Game list screen (player-shell §2 "Game list screen", /m/gameList?gameType=…&vassalage=…): name search, vendor
 * selector (RNG, PVP, FISH, LIVE), classification filters, 9 games a page with 'page / total pages' and 'more
 * games'; SPORTS and ELOTT list one tile per vendor card of the vendor lanes. The flow lives in
 * src/stores/pages/gameListScreen.ts and src/stores/pages/gameLists.ts. When the edge wrote the first page into the page
 * (worker/edge/fills/list.ts), the stores start from it and the first render repeats that markup exactly. When the
 * vendor mapping (vendor game types + lanes) could not be read and none is loaded, the screen says so with "try
 * again" above the list (the games still list without the vendor selector); vendor tiles whose lanes could not be
 * read show the same state instead of waiting.
 */
export default function GameListScreen() {
  const hydrated = useHydrated();
  const lanes = useStore($vendorLanes);
  const catalogueFailed = useStore($catalogueFailed) && hydrated;
  const lanesFailed = useStore($lanesFailed) && hydrated;
  const favourites = useStore($favouriteIds);
  const view = useStore($gameListView);
  const search = useStore($listSearch);
  const paged = usePaged(gameListPages(view.key));
  useEffect(() => openGameList(window.location.search), []);
  const { gameType, vendor, entry, vendorTiles, options, classShown, vendorShown, needsLogin, favouriteMode, filter: active } = view;
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
      {catalogueFailed && !(vendorTiles && lanes === null && lanesFailed) && (
        <div className="empty-state" role="alert">
          <p>{t('games.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => void refreshCatalogue()}>{t('common.retry')}</button>
        </div>
      )}
      {!vendorTiles && (
        // Keyed by the address's search: opening another address (history) shows its text. Named and carrying the
        // category and vendor, so Enter before hydration (a plain GET) opens the same list filtered.
        <SearchBox
          key={view.known ? 'address' : 'unknown'} initial={search ?? ''} onSearch={searchList} id={GAME_SEARCH_ID}
          name="gameName" carry={{ gameType, vassalage: vendor }}
        />
      )}
      {vendorShown && entry && (
        <div className="field vendor-select">
          <label htmlFor="vendor-select">{t('games.vendor.label')}</label>
          <select id="vendor-select" value={vendor ?? ''} onChange={(e) => chooseListVendor(e.target.value || undefined)}>
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
            <button key={code} type="button" className="chip" aria-pressed={code === active} onClick={() => chooseListFilter(code)}>
              {classifyLabel(code)}
            </button>
          ))}
        </div>
      )}
      {vendorTiles && lanes === null && lanesFailed ? (
        <div className="empty-state" role="alert">
          <p>{t('games.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => void refreshLanes()}>{t('common.retry')}</button>
        </div>
      ) : vendorTiles && lanes === null ? (
        <GameGrid games={[]} place="list" loading />
      ) : vendorTiles ? (
        <ul className="game-grid">
          {(laneOf(lanes, gameType)?.cards ?? []).map((card, i) => (
            <li key={cardCode(card)}>
              <VendorTile
                gameType={gameType} vassalage={cardCode(card)} name={cardName(card)} gameCount={card.gameCount} icon={card.lagerIcon}
                variant={(i % 4) + 1}
              />
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
          <GameGrid
            games={items} place="list" loading={loading} favouriteFallback={favouriteMode} favouritesKnown={hydrated} idPrefix={TILE_VENDOR_ID}
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
