import { useStore } from '@nanostores/react';
import { t } from '../../rules/i18n';
import { HOME_PAGE_SIZE } from '../../rules/paging';
import { sliderGroups } from '../../rules/tiles';
import { HOT_TILE_VENDOR_ID } from '../../rules/served';
import { hotRow } from '../stores/pages/hotGames';
import GameGrid from '../components/GameGrid';
import SliderPlaceholder from '../components/SliderPlaceholder';
import { useHydrated } from '../components/useHydrated';

/**
 * The home hot-games block (player-shell §2 Home "hot games block"; §7 hot games: isPlatform 2, language, platform
 * html5): the first 20 hot games as a horizontal row in slider groups of 3, with a link to /m/hot. The edge writes
 * the row into the first HTML (worker/edge/hot-games-markup.ts, the same markup from the same data), so the island
 * hydrates over it on the player's first interaction; the player's favourites show right after.
 */
export default function HotGamesRow() {
  const hydrated = useHydrated();
  const hot = useStore(hotRow());
  // A failed load hides the row, as an empty one does.
  const games = hot.data ? hot.data.slice(0, HOME_PAGE_SIZE) : hot.failed ? [] : null;
  if (games && games.length === 0) return null;
  return (
    <section className="category-row" aria-labelledby="row-hot">
      <div className="row-head">
        <h2 id="row-hot">{t('category.HOT')}</h2>
        <a className="btn btn-small" href="/m/hot" aria-label={t('games.viewAllOf', { category: t('category.HOT') })}>{t('games.viewAll')}</a>
      </div>
      {games ? (
        <ul className="slider" aria-label={t('category.HOT')}>
          {sliderGroups(games).map((group) => (
            <li key={group[0]?.nodeId} className="slide">
              <GameGrid
                games={group} place="home" loading={false} className="slide-grid" launchFrom="home"
                favouritesKnown={hydrated} idPrefix={HOT_TILE_VENDOR_ID}
              />
            </li>
          ))}
        </ul>
      ) : (
        <SliderPlaceholder />
      )}
    </section>
  );
}
