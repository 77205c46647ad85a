import type { TilePlace } from '../../rules/tiles';
import GameTile, { type TileGame } from './GameTile';
import TilePlaceholder from './TilePlaceholder';
import { usePlaceholderVariants } from './usePlaceholderVariants';

/**
 * What a grid's tiles show of the player's state and what they do when tapped: the favourite ids (null while
 * unknown), the favourites being toggled, the game launching. GameGrid.tsx binds them to the stores; the edge
 * renders with {@link STILL_TILES} (nothing known, nothing under way), which is what the first render in the browser
 * shows too.
 */
export interface TileBindings {
  favourites: ReadonlySet<string> | null;
  busy: ReadonlySet<number>;
  launching: number | null;
  onLaunch: (game: TileGame) => void;
  onToggleFavourite: (game: TileGame, isFavourite: boolean) => void;
}

/** The bindings of a grid as first rendered (the edge's render; the browser's before it hydrates). */
export const STILL_TILES: TileBindings = {
  favourites: null, busy: new Set(), launching: null, onLaunch: () => undefined, onToggleFavourite: () => undefined,
};

/** Props of a grid of game tiles (without the player's state: see {@link TileBindings}). */
export interface GameGridViewProps {
  games: readonly TileGame[];
  place: TilePlace;
  /** Show the 4 placeholder tiles (player-shell §9) instead of games. */
  loading: boolean;
  /** Whether a game counts as favourite while the favourite ids are unknown (true on /m/fav). */
  favouriteFallback?: boolean;
  className?: string;
  /**
   * False while the island hydrates over markup the edge wrote (worker/edge/fills/): the tiles then show no favourite
   * yet, as that markup does, and the player's favourites follow right after.
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
 * Game tiles (player-shell §2 tiles, §4 launch and favourite toggle) from the data and the player's state given:
 * the view both the islands (through GameGrid.tsx) and the edge (worker/edge/fills/render.ts) render.
 */
export default function GameGridView({
  games, place, loading, favouriteFallback = false, className = 'game-grid', favouritesKnown = true, idPrefix, tiles,
}: GameGridViewProps & { tiles: TileBindings }) {
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
            isFavourite={favouritesKnown && tiles.favourites ? tiles.favourites.has(String(game.nodeId)) : favouriteFallback}
            favouriteBusy={tiles.busy.has(game.nodeId)}
            launching={tiles.launching === game.nodeId}
            onLaunch={tiles.onLaunch}
            onToggleFavourite={tiles.onToggleFavourite}
            eager={place === 'list' && index < EAGER_LIST_TILES}
            urgent={place === 'list' && index < URGENT_LIST_TILES}
            vendorLabelId={idPrefix === undefined ? undefined : `${idPrefix}-${game.nodeId}`}
          />
        </li>
      ))}
    </ul>
  );
}
