import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../../rules/i18n';
import { usePage } from '../../hooks/usePage';
import { lotteryLobbyPage } from '../../stores/pages/lotteryLobby';

/** Props: the vendor whose lobby this is, and the game on screen. */
export interface GameSwitcherProps {
  vassalage: string;
  nodeId: number;
}

/**
 * The vendor's lobby on the lottery page (player-shell §2 /m/launchGame "code (default lobby)"; §4 "TCG_LOTTO_VN
 * launches the lottery … (lobby of that vendor in the list view)"): the vendor's other games, opened at the same
 * address with the same query.
 */
export default function GameSwitcher({ vassalage, nodeId }: GameSwitcherProps) {
  const lobby = usePage(lotteryLobbyPage);
  const games = useStore(lobby.$lotteryLobby);
  useEffect(() => {
    void lobby.load(vassalage);
  }, [vassalage, lobby]);
  const others = games.filter((g) => g.nodeId !== nodeId);
  if (others.length === 0) return null;
  const hrefOf = (gameId: string) => {
    const { pathname, search } = window.location;
    return `${pathname.replace(/\/games\/[^/]+$/, `/games/${encodeURIComponent(gameId)}`)}${search}`;
  };
  return (
    <nav className="card lotto-lobby" aria-labelledby="lotto-lobby-title">
      <h2 id="lotto-lobby-title">{t('lottery.lobby', { vendor: others[0]?.displayName ?? vassalage })}</h2>
      <ul>
        {others.map((g) => (
          <li key={g.nodeId}><a href={hrefOf(g.gameId)} dir="auto">{g.gameName}</a></li>
        ))}
      </ul>
    </nav>
  );
}
