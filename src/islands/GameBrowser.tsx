import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import CategoryMenu, { LOBBY } from '../components/CategoryMenu';
import { categoryLabel } from '../components/labels';
import SearchBox from '../components/SearchBox';
import { useHydrated } from '../components/useHydrated';
import { usePaged } from '../hooks/usePaged';
import { t } from '../../rules/i18n';
import { browserModeFromQuery, queryForBrowserMode, type BrowserMode } from '../../rules/search';
import { $catalogueFailed, $vendorGameTypes, refreshCatalogue } from '../stores/concepts/catalogue';
import { homeBrowserPages } from '../stores/pages/gameLists';
import CategoryRow from '../components/CategoryRow';
import GameGrid from '../components/GameGrid';
import PagedFooter from '../components/PagedFooter';

const ALL: BrowserMode = { kind: 'all' };

function pagedKey(mode: BrowserMode): string | null {
  if (mode.kind === 'list') return `list:${mode.gameType}`;
  if (mode.kind === 'filter') return `filter:${mode.query}`;
  return null;
}

/**
 * Home game browser (player-shell §2 Home): the category menu ('all games' plus one entry per category in the
 * vendor sorting order), a name search, and three modes — all (one row per category), list (one category,
 * paged) and filter (by game name). The startup query pageType=list&gameType=… opens a category directly.
 */
export default function GameBrowser() {
  const hydrated = useHydrated();
  // The cached mapping is ready before hydration; it is shown only after it, so the first render matches the page.
  const loadedMapping = useStore($vendorGameTypes);
  const mapping = hydrated ? loadedMapping : null;
  const catalogueFailed = useStore($catalogueFailed) && hydrated;
  const [chosen, setChosen] = useState<BrowserMode | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const mode = chosen ?? (hydrated ? browserModeFromQuery(window.location.search) : ALL);
  const categories = [...new Set((mapping ?? []).filter((e) => e.vendors.length > 0).map((e) => e.gameCategory as string))];

  const paged = usePaged(homeBrowserPages(pagedKey(mode)));

  const switchTo = (next: BrowserMode, scroll: boolean) => {
    setChosen(next);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${queryForBrowserMode(next)}`);
    if (scroll) top.current?.scrollIntoView({ block: 'start' });
  };
  const active = mode.kind === 'all' ? LOBBY : mode.kind === 'list' ? mode.gameType : null;

  return (
    <div className="game-browser" ref={top}>
      <SearchBox
        key={mode.kind === 'filter' ? `f:${mode.query}` : 'none'}
        initial={mode.kind === 'filter' ? mode.query : ''}
        onSearch={(query) => switchTo(query ? { kind: 'filter', query } : ALL, false)}
      />
      <CategoryMenu
        categories={categories}
        active={active}
        onSelect={(code) => switchTo(code === LOBBY ? ALL : { kind: 'list', gameType: code }, false)}
      />
      {mode.kind === 'all' && catalogueFailed && (
        <div className="notice" role="alert">
          <p>{t('games.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => void refreshCatalogue()}>{t('common.retry')}</button>
        </div>
      )}
      {mode.kind === 'all' && !catalogueFailed && (
        mapping === null
          ? <GameGrid games={[]} place="home" loading />
          : categories.map((gameType) => (
            <CategoryRow key={gameType} gameType={gameType} onViewAll={(code) => switchTo({ kind: 'list', gameType: code }, true)} />
          ))
      )}
      {mode.kind !== 'all' && (
        <section className="browser-list" aria-labelledby="browser-list-title">
          <h2 id="browser-list-title">
            {mode.kind === 'list' ? categoryLabel(mode.gameType) : t('games.search.results', { query: mode.query })}
          </h2>
          <GameGrid games={paged.list.items} place="list" launchFrom="home" loading={paged.loading} />
          {paged.failed && (
            <div className="notice" role="alert">
              <p>{t('games.loadFailed')}</p>
              <button type="button" className="btn" onClick={paged.retry}>{t('common.retry')}</button>
            </div>
          )}
          {!paged.loading && !paged.failed && paged.list.items.length === 0 && <p className="notice">{t('games.empty')}</p>}
          <PagedFooter paged={paged} />
        </section>
      )}
    </div>
  );
}
