import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { listGames, listRecentGames } from '../api/catalogue';
import { categoryLabel, classifyLabel } from '../components/labels';
import SearchBox from '../components/SearchBox';
import { useHydrated } from '../components/useHydrated';
import VendorTile from '../components/VendorTile';
import {
  ALL, FAVORITE, RECENT, classificationOptions, classificationQuery, needsSession, showsClassificationFilter, showsVendorFilter,
  showsVendorTiles, VENDOR_SELECTOR_TYPES,
} from '../lib/filters';
import { t } from '../lib/i18n';
import { LIST_PAGE_SIZE } from '../lib/paging';
import { $vendorGameTypes, $vendorLanes, cardName, laneOf, mappingEntry, vendorName } from '../stores/catalogue';
import { $favouriteIds } from '../stores/favourites';
import { $session } from '../stores/session';
import GameGrid from './GameGrid';
import PagedFooter from './PagedFooter';
import { usePagedGames, type PageLoader } from './usePagedGames';

function readQuery(): { gameType: string; vassalage: string | undefined } {
  const query = new URLSearchParams(window.location.search);
  return { gameType: query.get('gameType')?.trim() ?? '', vassalage: query.get('vassalage')?.trim() || undefined };
}

/**
 * Game list screen (player-shell §2 "Game list screen", /m/gameList?gameType=…&vassalage=…): name search, vendor
 * selector (RNG, PVP, FISH, LIVE), classification filters, 9 games a page with 'page / total pages' and 'more
 * games'; SPORTS and ELOTT list one tile per vendor card of the vendor lanes. Any change of filter, vendor or search restarts at page 1.
 */
export default function GameListScreen() {
  const hydrated = useHydrated();
  const mapping = useStore($vendorGameTypes);
  const lanes = useStore($vendorLanes);
  const session = useStore($session);
  const favourites = useStore($favouriteIds);
  const [vendorChoice, setVendorChoice] = useState<{ value: string | undefined } | null>(null);
  const [active, setActive] = useState(ALL);
  const [search, setSearch] = useState<string | undefined>(undefined);

  const { gameType, vassalage } = hydrated ? readQuery() : { gameType: '', vassalage: undefined };
  const vendor = vendorChoice ? vendorChoice.value : vassalage;
  const entry = mappingEntry(mapping, gameType);
  const vendorTiles = showsVendorTiles(gameType, vendor);
  const options = classificationOptions(gameType, entry?.gameClassify ?? []);
  const classShown = !vendorTiles && showsClassificationFilter(gameType, options);
  const vendorShown = !vendorTiles && showsVendorFilter(gameType, classShown, active) && (entry?.vendors.length ?? 0) > 0;
  const effectiveVendor = vendorShown || !VENDOR_SELECTOR_TYPES.has(gameType) ? vendor : undefined;
  const favouriteMode = active === FAVORITE;
  const needsLogin = needsSession(active) && !session;

  const key = !hydrated || !gameType || vendorTiles || needsLogin
    ? null
    : JSON.stringify([gameType, effectiveVendor, active, search, needsSession(active) ? session?.token : '']);
  // Recent games come from the member's launches (their own call), latest first.
  const loader: PageLoader = (pageNo, signal) =>
    (active === RECENT
      ? listRecentGames({ gameType, vassalage: effectiveVendor, gameName: search, pageNo, pageSize: LIST_PAGE_SIZE }, signal)
      : listGames({
        gameType, vassalage: effectiveVendor, gameName: search, pageNo, pageSize: LIST_PAGE_SIZE, ...classificationQuery(active),
      }, signal)).then((v) => ({ items: v.games, pageNum: v.pageNum, totalPages: v.totalPages }));
  const paged = usePagedGames(key, loader);
  const items = favouriteMode && favourites
    ? paged.list.items.filter((g) => favourites.has(String(g.nodeId)))
    : paged.list.items;

  const chooseVendor = (value: string | undefined) => {
    setVendorChoice({ value });
    const query = new URLSearchParams({ gameType, ...(value ? { vassalage: value } : {}) });
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query.toString()}`);
  };

  if (hydrated && !gameType) {
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
      {!vendorTiles && <SearchBox onSearch={setSearch} />}
      {vendorShown && entry && (
        <div className="field vendor-select">
          <label htmlFor="vendor-select">{t('games.vendor.label')}</label>
          <select id="vendor-select" value={vendor ?? ''} onChange={(e) => chooseVendor(e.target.value || undefined)}>
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
            <button key={code} type="button" className="chip" aria-pressed={code === active} onClick={() => setActive(code)}>
              {classifyLabel(code)}
            </button>
          ))}
        </div>
      )}
      {vendorTiles && lanes === null ? (
        <GameGrid games={[]} place="list" loading />
      ) : vendorTiles ? (
        <ul className="game-grid">
          {(laneOf(lanes, gameType)?.cards ?? []).map((card, i) => (
            <li key={card.vassalage}>
              <VendorTile
                gameType={gameType} vassalage={card.vassalage} name={cardName(card)} gameCount={card.gameCount} icon={card.lagerIcon}
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
          <GameGrid games={items} place="list" loading={paged.loading || !hydrated} favouriteFallback={favouriteMode} />
          {paged.failed && (
            <div className="notice" role="alert">
              <p>{t('games.loadFailed')}</p>
              <button type="button" className="btn" onClick={paged.retry}>{t('common.retry')}</button>
            </div>
          )}
          {!paged.loading && !paged.failed && hydrated && items.length === 0 && <p className="notice">{t('games.empty')}</p>}
          <PagedFooter paged={paged} />
        </>
      )}
    </div>
  );
}
