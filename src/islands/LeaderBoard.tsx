import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t } from '../../rules/i18n';
import { formatMoney, formatNumber } from '../../rules/format';
import { $session } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';
import { usePage } from '../hooks/usePage';
import { leaderboardPage } from '../stores/pages/rewards';
import RewardsStatus from '../components/RewardsStatus';

/**
 * The leaderboard (issue 13, Leaderboard; player-shell §2 /m/leaderBoard, MISSION): the site's ranking over the
 * current period by turnover or winnings (as the site sets), names masked, and the player's own rank.
 */
export default function LeaderBoard() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const settings = useStore($settings);
  const page = usePage(leaderboardPage);
  const state = useStore(page.$leaderboard);
  const token = session?.token ?? null;

  useEffect(() => {
    if (hydrated) void page.load();
  }, [hydrated, token, page]);

  const board = state.board;
  if (!hydrated || !board) return <RewardsStatus phase={state.phase} error={state.error} onRetry={() => void page.load()} />;
  const money = (minor: number) => formatMoney(minor, settings?.currencySymbol ?? '');
  return (
    <section className="card" aria-labelledby="board-heading">
      <h2 id="board-heading">{t(`board.period.${board.period}`)}</h2>
      <p className="muted">{t(board.metric === 'win' ? 'board.byWin' : 'board.byTurnover')}</p>
      {board.mine && (
        <p className="board-mine" role="status">
          {board.mine.rank === null ? t('board.mineNone') : t('board.mine', { rank: formatNumber(board.mine.rank), amount: money(board.mine.amountMinor) })}
        </p>
      )}
      {board.entries.length === 0 ? <p className="empty-state">{t('board.none')}</p> : (
        <table className="board-table">
          <thead>
            <tr><th scope="col">{t('board.rank')}</th><th scope="col">{t('board.player')}</th><th scope="col">{t('board.amount')}</th></tr>
          </thead>
          <tbody>
            {board.entries.map((e) => (
              <tr key={e.rank}>
                <td>{formatNumber(e.rank)}</td>
                <td dir="ltr">{e.name}</td>
                <td>{money(e.amountMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
