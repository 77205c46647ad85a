import { useStore } from '@nanostores/react';
import { t } from '../../../rules/i18n';
import { formatCountdown, remainingMs, serverNow } from '../../../rules/lotteryClock';
import { $deviceNow } from '../../stores/kit/clock';
import type { LotteryRoundPage } from '../../stores/pages/lotteryRound';

/**
 * The draw taking bets now (player-shell §2 /m/lotto-h5): its issue number, the count-down to its close on the
 * server's clock, and the commitment (SHA-256 of the secret that will fix its result) published before betting ends.
 */
export default function DrawPanel({ lottery }: { lottery: LotteryRoundPage }) {
  const { draws } = useStore(lottery.$round);
  const offset = useStore(lottery.$clockOffset);
  const deviceNow = useStore($deviceNow);
  if (!draws) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const { current } = draws;
  const left = remainingMs(current.closeAt, serverNow(deviceNow, offset));
  return (
    <section className="card lotto-draw" aria-labelledby="lotto-draw-title">
      <h2 id="lotto-draw-title">{t('lottery.currentIssue', { issue: current.issueNo })}</h2>
      {left > 0 ? (
        <p className="lotto-countdown">
          <span>{t('lottery.closesIn')}</span>{' '}
          <span role="timer" className="lotto-timer">{formatCountdown(left)}</span>
        </p>
      ) : (
        <p className="lotto-countdown" role="status">{t('lottery.closedNext')}</p>
      )}
      <dl className="lotto-commit">
        <dt>{t('lottery.commitment')}</dt>
        <dd><code>{current.commitment}</code></dd>
      </dl>
      <p className="muted">{t('lottery.commitmentHelp')}</p>
    </section>
  );
}
