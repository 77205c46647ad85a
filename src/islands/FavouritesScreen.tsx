import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t } from '../../rules/i18n';
import { usePaged } from '../hooks/usePaged';
import { hasMore } from '../../rules/paging';
import { $vendorGameTypes } from '../stores/concepts/catalogue';
import { $favouriteIds } from '../stores/concepts/favourites';
import { favouritePages } from '../stores/pages/gameLists';
import { $session } from '../stores/concepts/session';
import GameGrid from '../components/GameGrid';
import PagedFooter from '../components/PagedFooter';

/**
 * Favourite games (/m/fav, player-shell §2, §4 "Favourite toggle", §6 "Favourites of the member are fetched only
 * when logged in"): 9 a page with a more button; removing a favourite here removes its tile. With no favourites
 * only the empty state shows (no page indicator, no more button).
 */
export default function FavouritesScreen() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const favourites = useStore($favouriteIds);
  // Subscribing loads the vendor mapping, which lottery launches read for their prize mode.
  useStore($vendorGameTypes);
  const paged = usePaged(favouritePages(hydrated && session ? `fav:${session.token}` : null));

  if (hydrated && !session) {
    return (
      <div className="notice">
        <p>{t('fav.loggedOut')}</p>
        <a className="btn btn-primary" href="/m/login">{t('header.login')}</a>
      </div>
    );
  }
  const items = favourites ? paged.list.items.filter((g) => favourites.has(String(g.nodeId))) : paged.list.items;
  // No favourites at all: the empty state alone, without a "page 1 of 1" footer and its "more games" button.
  const empty = hydrated && !paged.loading && !paged.failed && items.length === 0 && !hasMore(paged.list);
  return (
    <div className="favourites-screen">
      <GameGrid games={items} place="list" loading={!hydrated || paged.loading} favouriteFallback />
      {paged.failed && (
        <div className="notice" role="alert">
          <p>{t('games.loadFailed')}</p>
          <button type="button" className="btn" onClick={paged.retry}>{t('common.retry')}</button>
        </div>
      )}
      {empty && (
        <div className="notice">
          <p>{t('fav.empty')}</p>
          <a className="btn" href="/m/home">{t('fav.browse')}</a>
        </div>
      )}
      {!empty && <PagedFooter paged={paged} />}
    </div>
  );
}
