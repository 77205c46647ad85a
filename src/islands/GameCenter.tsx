import { useStore } from '@nanostores/react';
import CategoryMenu, { LOBBY } from '../components/CategoryMenu';
import { categoryLabel } from '../components/labels';
import { useHydrated } from '../components/useHydrated';
import { t } from '../../rules/i18n';
import { usePaged } from '../hooks/usePaged';
import { $catalogueFailed, $vendorGameTypes, refreshCatalogue } from '../stores/concepts/catalogue';
import { gameCentrePages } from '../stores/pages/gameLists';
import GameGrid from '../components/GameGrid';
import PagedFooter from '../components/PagedFooter';

/** The local-games category (player-shell §2: "a local-games entry first"). */
const LOCAL = 'LOCAL';

const centreHref = (code: string) => (code === LOBBY ? '/m/gameCenter' : `/m/gameCenter?gameType=${encodeURIComponent(code)}`);

/**
 * Game categories menu page (player-shell §2 /m/gameCenter, "Game category menu and tile"): 'all games' (key
 * in_all_games, the lobby), local games first, then one entry per category of the vendor sorting list; choosing
 * one goes to /m/gameCenter?gameType=…, which lists that category 9 games a page. The lobby shows every category
 * with its games and providers (the games' count only where the vendor lanes give it). When the vendor mapping
 * (vendor game types + lanes) could not be read and none is loaded, the lobby says so with "try again" instead of
 * "Loading…".
 */
export default function GameCenter() {
  const hydrated = useHydrated();
  const loaded = useStore($vendorGameTypes);
  const failed = useStore($catalogueFailed) && hydrated;
  const mapping = hydrated ? loaded : null;
  const gameType = hydrated ? new URLSearchParams(window.location.search).get('gameType')?.trim() || null : null;
  const offered = (mapping ?? []).filter((e) => e.vendors.length > 0);
  const categories = [LOCAL, ...new Set(offered.map((e) => e.gameCategory as string).filter((c) => c !== LOCAL))];
  const paged = usePaged(gameCentrePages(hydrated && gameType ? gameType : null));

  return (
    <>
      <CategoryMenu categories={categories} active={gameType ?? LOBBY} onSelect={(code) => window.location.assign(centreHref(code))} />
      {gameType ? (
        <section aria-labelledby="centre-list">
          <div className="row-head">
            <h2 id="centre-list">{categoryLabel(gameType)}</h2>
            {gameType !== LOCAL && <a href={`/m/gameList?gameType=${encodeURIComponent(gameType)}`}>{t('centre.filters')}</a>}
          </div>
          {paged.failed ? (
            <div className="empty-state" role="alert">
              <p>{t('games.loadFailed')}</p>
              <button type="button" className="btn" onClick={paged.retry}>{t('common.retry')}</button>
            </div>
          ) : !paged.loading && paged.list.items.length === 0 ? (
            <p className="empty-state">{gameType === LOCAL ? t('centre.noLocal') : t('games.empty')}</p>
          ) : (
            <GameGrid games={paged.list.items} place="list" loading={paged.loading} />
          )}
          <PagedFooter paged={paged} />
        </section>
      ) : (
        <section aria-labelledby="centre-all">
          <h2 id="centre-all">{t('in_all_games')}</h2>
          {!mapping && failed ? (
            <div className="empty-state" role="alert">
              <p>{t('games.loadFailed')}</p>
              <button type="button" className="btn" onClick={() => void refreshCatalogue()}>{t('common.retry')}</button>
            </div>
          ) : !mapping ? (
            <p className="muted" aria-busy="true">{t('common.loading')}</p>
          ) : (
            <ul className="category-cards">
              {offered.map((entry) => (
                <li key={entry.gameType}>
                  <a className="card category-card" href={centreHref(entry.gameCategory)}>
                    <strong>{categoryLabel(entry.gameCategory)}</strong>
                    {entry.gameCount !== undefined && (
                      <span>{t('centre.counts', { games: entry.gameCount, vendors: entry.vendors.length })}</span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
