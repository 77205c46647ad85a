import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import GameListScreenView from '../components/GameListScreenView';
import { useTileBindings } from '../components/GameGrid';
import { useHydrated } from '../components/useHydrated';
import { usePaged } from '../hooks/usePaged';
import {
  $catalogueFailed, $lanesFailed, $vendorLanes, cardCode, cardName, laneOf, refreshCatalogue, refreshLanes,
} from '../stores/concepts/catalogue';
import { $gameListView, $listSearch, chooseListFilter, chooseListVendor, openGameList, searchList } from '../stores/pages/gameListScreen';
import { gameListPages } from '../stores/pages/gameLists';

const actions = {
  onSearch: searchList,
  onChooseVendor: chooseListVendor,
  onChooseFilter: chooseListFilter,
  onRetryCatalogue: () => void refreshCatalogue(),
  onRetryLanes: () => void refreshLanes(),
};

/**
 * Game list screen (player-shell §2 "Game list screen", /m/gameList?gameType=…&vassalage=…): the view
 * src/components/GameListScreenView.tsx bound to its stores. The flow lives in src/stores/pages/gameListScreen.ts and
 * src/stores/pages/gameLists.ts. When the edge wrote the first page into the page (worker/edge/fills/list.ts renders
 * the same view from the same data), the stores start from it and the first render repeats that markup exactly.
 */
export default function GameListScreen() {
  const hydrated = useHydrated();
  const lanes = useStore($vendorLanes);
  const catalogueFailed = useStore($catalogueFailed);
  const lanesFailed = useStore($lanesFailed);
  const view = useStore($gameListView);
  const search = useStore($listSearch);
  const paged = usePaged(gameListPages(view.key));
  const tiles = useTileBindings('list');
  useEffect(() => openGameList(window.location.search), []);
  const vendorCards = lanes === null ? null : (laneOf(lanes, view.gameType)?.cards ?? []).map((card) => ({
    code: cardCode(card), name: cardName(card), gameCount: card.gameCount, icon: card.lagerIcon,
  }));
  return (
    <GameListScreenView
      view={view} search={search} paged={paged} vendorCards={vendorCards} catalogueFailed={catalogueFailed} lanesFailed={lanesFailed}
      hydrated={hydrated} tiles={tiles} actions={actions}
    />
  );
}
