import { useStore } from '@nanostores/react';
import type { Game } from '../stores/pages/gameLists';
import GameTile from './GameTile';
import TilePlaceholder from './TilePlaceholder';
import { usePlaceholderVariants } from './usePlaceholderVariants';
import type { TilePlace } from '../../rules/tiles';
import { $favouriteBusy, $favouriteIds, toggleFavourite } from '../stores/concepts/favourites';
import { $launching, openGame } from '../stores/concepts/launcher';

/** Props of a grid of game tiles. */
export interface GameGridProps {
  games: readonly Game[];
  place: TilePlace;
  /** Show the 4 placeholder tiles (player-shell §9) instead of games. */
  loading: boolean;
  /** Whether a game counts as favourite while the favourite ids are unknown (true on /m/fav). */
  favouriteFallback?: boolean;
  /** Where launches start; from home the lottery launcher's close button returns home. */
  launchFrom?: 'home' | 'list';
  className?: string;
  /**
   * False while the island hydrates over markup the edge wrote (worker/edge/list-markup.ts): the tiles then
   * show no favourite yet, as that markup does, and the player's favourites follow right after.
   */
  favouritesKnown?: boolean;
  /** Tiles' vendor label ids as `<prefix>-<nodeId>` (the edge writes the same), instead of React ids. */
  idPrefix?: string;
}

/** List pages load the icons of their first two rows at once (above the fold on a phone); the rest lazily. */
export const EAGER_LIST_TILES = 6;
/** The first row of a list (3 columns on a phone) asks for its icons first: the page's largest paint is one of them. */
export const URGENT_LIST_TILES = 3;

/**
 * Game tiles bound to the favourite and launch stores (player-shell §2 tiles, §4 launch and favourite toggle).
 */
export default function GameGrid({
  games, place, loading, favouriteFallback = false, launchFrom = place, className = 'game-grid', favouritesKnown = true, idPrefix,
}: GameGridProps) {
  const favourites = useStore($favouriteIds);
  const busy = useStore($favouriteBusy);
  const launching = useStore($launching);
  const variants = usePlaceholderVariants();
  if (loading) {
    return (
      <ul className={className} aria-busy="true">
        {variants.map((variant, i) => (
          <li key={i}><TilePlaceholder variant={variant} /></li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={className}>
      {games.map((game, index) => (
        <li key={game.nodeId}>
          <GameTile
            game={game}
            place={place}
            isFavourite={favouritesKnown && favourites ? favourites.has(String(game.nodeId)) : favouriteFallback}
            favouriteBusy={busy.has(game.nodeId)}
            launching={launching === game.nodeId}
            onLaunch={(g) => void openGame(g, launchFrom)}
            onToggleFavourite={(g, isFavourite) => void toggleFavourite(g, isFavourite)}
            eager={place === 'list' && index < EAGER_LIST_TILES}
            urgent={place === 'list' && index < URGENT_LIST_TILES}
            vendorLabelId={idPrefix === undefined ? undefined : `${idPrefix}-${game.nodeId}`}
          />
        </li>
      ))}
    </ul>
  );
}
