import { useEffect, useRef, useState } from 'react';
import { listGames, type Game } from '../api/catalogue';
import { categoryLabel } from '../components/labels';
import { t } from '../lib/i18n';
import { HOME_PAGE_SIZE } from '../lib/paging';
import { sliderGroups } from '../lib/tiles';
import GameGrid from './GameGrid';
import SliderPlaceholder from '../components/SliderPlaceholder';

/** Starts loading a row this far before it scrolls into view. */
const PRELOAD_MARGIN = '300px';

/**
 * One home section in 'all' mode (player-shell §2 Home game browser): the category title, a view-all action and
 * a horizontal row of the category's first 20 games in slider groups of 3, loaded when the row nears the screen.
 */
export default function CategoryRow({ gameType, onViewAll }: { gameType: string; onViewAll: (gameType: string) => void }) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  const [games, setGames] = useState<Game[] | null>(null);
  const [failed, setFailed] = useState(false);
  const label = categoryLabel(gameType);
  const headingId = `row-${gameType}`;

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: PRELOAD_MARGIN });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    listGames({ gameType, pageNo: 1, pageSize: HOME_PAGE_SIZE }, controller.signal).then(
      (value) => setGames(value.games),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [near, gameType]);

  if (games && games.length === 0) return null;
  return (
    <section className="category-row" ref={ref} aria-labelledby={headingId}>
      <div className="row-head">
        <h2 id={headingId}>{label}</h2>
        <button type="button" className="btn btn-small" aria-label={t('games.viewAllOf', { category: label })} onClick={() => onViewAll(gameType)}>
          {t('games.viewAll')}
        </button>
      </div>
      {failed ? (
        <p className="row-note">{t('games.loadFailed')}</p>
      ) : games ? (
        <ul className="slider" aria-label={label}>
          {sliderGroups(games).map((group) => (
            <li key={group[0]?.nodeId} className="slide">
              <GameGrid games={group} place="home" loading={false} className="slide-grid" />
            </li>
          ))}
        </ul>
      ) : (
        <SliderPlaceholder />
      )}
    </section>
  );
}
