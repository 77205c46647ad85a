import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { categoryLabel } from './labels';
import { t } from '../../rules/i18n';
import { sliderGroups } from '../../rules/tiles';
import { categoryRowGames } from '../stores/pages/gameLists';
import GameGrid from './GameGrid';
import SliderPlaceholder from './SliderPlaceholder';

/** Starts loading a row this far before it scrolls into view. */
const PRELOAD_MARGIN = '300px';

/**
 * One home section in 'all' mode (player-shell §2 Home game browser): the category title, a view-all action and
 * a horizontal row of the category's first 20 games in slider groups of 3, loaded when the row nears the screen.
 */
export default function CategoryRow({ gameType, onViewAll }: { gameType: string; onViewAll: (gameType: string) => void }) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  // The row's games load once it nears the screen (the store of a null key loads nothing).
  const row = useStore(categoryRowGames(near ? gameType : null));
  const games = row.data ?? null;
  const failed = row.failed;
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
