import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getHotGames, type Game } from '../api/catalogue';
import { t } from '../lib/i18n';
import { HOME_PAGE_SIZE } from '../lib/paging';
import { sliderGroups } from '../lib/tiles';
import { $language } from '../stores/language';
import GameGrid from './GameGrid';
import SliderPlaceholder from '../components/SliderPlaceholder';

/**
 * The home hot-games block (player-shell §2 Home "hot games block"; §7 hot games: isPlatform 2, language, platform
 * html5): the first 20 hot games as a horizontal row in slider groups of 3, with a link to /m/hot.
 */
export default function HotGamesRow() {
  const language = useStore($language);
  const [games, setGames] = useState<Game[] | null>(null);
  useEffect(() => {
    let live = true;
    getHotGames(language).then((list) => live && setGames(list.slice(0, HOME_PAGE_SIZE)), () => live && setGames([]));
    return () => {
      live = false;
    };
  }, [language]);
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
              <GameGrid games={group} place="home" loading={false} className="slide-grid" launchFrom="home" />
            </li>
          ))}
        </ul>
      ) : (
        <SliderPlaceholder />
      )}
    </section>
  );
}
