import { useStore } from '@nanostores/react';
import { HOME_PAGE_SIZE } from '../../rules/paging';
import { hotRow } from '../stores/pages/hotGames';
import { useTileBindings } from '../components/GameGrid';
import HotGamesRowView from '../components/HotGamesRowView';
import { useHydrated } from '../components/useHydrated';

/**
 * The home hot-games block (player-shell §2 Home "hot games block"; §7 hot games: isPlatform 2, language, platform
 * html5): the first 20 hot games as a horizontal row in slider groups of 3, with a link to /m/hot. The edge renders
 * the same view (src/components/HotGamesRowView.tsx) from the same data into the first HTML
 * (worker/edge/fills/home.ts), so the island hydrates over it on the player's first interaction; the player's
 * favourites show right after.
 */
export default function HotGamesRow() {
  const hydrated = useHydrated();
  const hot = useStore(hotRow());
  const tiles = useTileBindings('home');
  // A failed load hides the row, as an empty one does.
  const games = hot.data ? hot.data.slice(0, HOME_PAGE_SIZE) : hot.failed ? [] : null;
  return <HotGamesRowView games={games} tiles={tiles} hydrated={hydrated} />;
}
