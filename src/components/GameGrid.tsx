import { useStore } from '@nanostores/react';
import type { Game } from '../stores/pages/gameLists';
import GameGridView, { type GameGridViewProps, type TileBindings } from './GameGridView';
import { $favouriteBusy, $favouriteIds, toggleFavourite } from '../stores/concepts/favourites';
import { $launching, openGame } from '../stores/concepts/launcher';

/** Props of a grid of game tiles. */
export interface GameGridProps extends GameGridViewProps {
  games: readonly Game[];
  /** Where launches start; from home the lottery launcher's close button returns home. */
  launchFrom?: 'home' | 'list';
}

/** The tiles' bindings to the favourite and launch stores (player-shell §4 launch and favourite toggle). */
export function useTileBindings(launchFrom: 'home' | 'list'): TileBindings {
  return {
    favourites: useStore($favouriteIds),
    busy: useStore($favouriteBusy),
    launching: useStore($launching),
    onLaunch: (g) => void openGame(g, launchFrom),
    onToggleFavourite: (g, isFavourite) => void toggleFavourite(g, isFavourite),
  };
}

/**
 * Game tiles bound to the favourite and launch stores (player-shell §2 tiles, §4 launch and favourite toggle): the
 * view GameGridView.tsx with the player's state.
 */
export default function GameGrid({ launchFrom, ...props }: GameGridProps) {
  const tiles = useTileBindings(launchFrom ?? props.place);
  return <GameGridView {...props} tiles={tiles} />;
}
