import { t, type MessageKey } from '../../rules/i18n';
import { sliderGroups } from '../../rules/tiles';
import { HOT_TILE_VENDOR_ID } from '../../rules/served';
import GameGridView, { type TileBindings } from './GameGridView';
import type { TileGame } from './GameTile';
import SliderPlaceholder from './SliderPlaceholder';

/** The messages the row shows (its tiles' included): the page carries them for the edge (src/views/listTexts.ts viewTexts). */
export const HOT_GAMES_ROW_MESSAGES: readonly MessageKey[] = ['category.HOT', 'games.viewAll', 'games.viewAllOf', 'games.tile.add', 'games.tile.remove'];

/** Props of home's hot games row: its games (null while loading) and the tiles' state. */
export interface HotGamesRowViewProps {
  /** At most the row's 20 (rules/paging.ts HOME_PAGE_SIZE); null: still loading (placeholders); empty: no row. */
  games: readonly TileGame[] | null;
  tiles: TileBindings;
  /** False until the island has hydrated: favourites are not shown yet (GameGridView favouritesKnown). */
  hydrated: boolean;
}

/**
 * Home's hot games row (player-shell §2 Home "hot games block"): the games in slider groups of 3 with a link to
 * /m/hot; nothing when there are none. Rendered by the island (src/islands/HotGamesRow.tsx) and by the edge into the
 * first HTML from the same served data (worker/edge/fills/home.ts), so the island hydrates over it without a mismatch.
 */
export default function HotGamesRowView({ games, tiles, hydrated }: HotGamesRowViewProps) {
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
              <GameGridView
                games={group} place="home" loading={false} className="slide-grid"
                favouritesKnown={hydrated} idPrefix={HOT_TILE_VENDOR_ID} tiles={tiles}
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
