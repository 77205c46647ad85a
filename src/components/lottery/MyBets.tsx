import { useStore } from '@nanostores/react';
import { betLabel } from '../lotteryLabels';
import { formatOdds, payoutOf } from '../../lib/betSlip';
import { t } from '../../../rules/i18n';
import { orderOutcome } from '../../lib/lotteryRound';
import { formatMoney } from '../../lib/money';
import type { LotteryRoundPage } from '../../stores/pages/lotteryRound';
import { $session } from '../../stores/concepts/session';

/** Props: the lottery page's visit, the symbol money is shown with, and whether the draw on screen still takes changes. */
export interface MyBetsProps {
  /** The lottery page's visit (src/stores/pages/lotteryRound.ts). */
  lottery: LotteryRoundPage;
  currencySymbol: string;
  /** Betting on the current draw has closed: its bets can no longer be cancelled. */
  closed: boolean;
}

/**
 * The player's bets (player-shell §2 /m/lotto-h5 "my open bets of this draw with cancel (sub-orders) before
 * close"): each open bet of the draw taking bets now with its stake, odds and possible payout and a cancel
 * button; then the latest orders on this game with how they ended.
 */
export default function MyBets({ lottery, currencySymbol, closed }: MyBetsProps) {
  const session = useStore($session);
  const { recent, current, cancelling } = useStore(lottery.$myBets);
  if (!session) return null;
  const money = (minor: number) => formatMoney(minor, currencySymbol);
  const open = current.flatMap((order) => order.subOrders.filter((s) => s.status === 'open'));
  return (
    <section className="card lotto-mine" aria-labelledby="lotto-mine-title">
      <h2 id="lotto-mine-title">{t('lottery.mine.title')}</h2>
      {open.length === 0 ? (
        <p className="muted">{t('lottery.mine.none')}</p>
      ) : (
        <>
          <ul className="lotto-open-bets">
            {open.map((bet) => {
              const label = betLabel(bet.betType, bet.selection);
              return (
                <li key={bet.subOrderId}>
                  <span>{label}</span>
                  <span className="muted">
                    {t('lottery.mine.bet', { stake: money(bet.stakeMinor), odds: formatOdds(bet.oddsMilli), payout: money(payoutOf(bet.stakeMinor, bet.oddsMilli)) })}
                  </span>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={closed || cancelling}
                    aria-label={t('lottery.mine.cancelOne', { bet: label })}
                    onClick={() => void lottery.cancel([bet.subOrderId])}
                  >
                    {t('common.cancel')}
                  </button>
                </li>
              );
            })}
          </ul>
          {open.length > 1 && (
            <button type="button" className="btn" disabled={closed || cancelling} onClick={() => void lottery.cancel(open.map((b) => b.subOrderId))}>
              {t('lottery.mine.cancelAll')}
            </button>
          )}
        </>
      )}
      {recent.length > 0 && (
        <>
          <h3>{t('lottery.mine.latest')}</h3>
          <ul className="lotto-orders">
            {recent.map((order) => {
              const outcome = orderOutcome(order);
              return (
                <li key={order.orderId} className={`lotto-order lotto-order-${outcome}`}>
                  <span>{order.issueNo}</span>
                  <span>{t('lottery.mine.stake', { stake: money(order.totalStakeMinor) })}</span>
                  <span>{t(`lottery.outcome.${outcome}`, { payout: money(order.payoutMinor), refund: money(order.refundMinor) })}</span>
                </li>
              );
            })}
          </ul>
          <a href="/m/gameRecord">{t('lottery.mine.history')}</a>
        </>
      )}
    </section>
  );
}
