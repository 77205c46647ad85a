import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { betLabel, dateTime, prizeModeLabel } from '../components/lotteryLabels';
import { useHydrated } from '../components/useHydrated';
import { formatOdds } from '../lib/betSlip';
import { pageLocale, t } from '../lib/i18n';
import { ORDER_FILTERS, orderOutcome } from '../lib/lotteryRound';
import { formatMoney } from '../lib/money';
import { usePaged } from '../hooks/usePaged';
import { hasMore, pageIndicator } from '../lib/paging';
import { $recordFilter, chooseRecordFilter, orderDetail, recordKey, recordPages, type LotteryOrder } from '../stores/gameRecord';
import { $wallet } from '../stores/member';
import { $session } from '../stores/session';
import { $settings } from '../stores/settings';

/** One order with its expander: bets, their odds, stakes and payouts, and the draw's result. */
function OrderItem({ order, money }: { order: LotteryOrder; money: (minor: number) => string }) {
  // The detail loads the first time the order opens, and stays for the page (src/stores/gameRecord.ts).
  const [asked, setAsked] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const loaded = useStore(orderDetail(asked ? String(order.orderId) : null));
  const detail = loaded.data ?? null;
  const state = !expanded ? 'closed' : loaded.failed ? 'failed' : detail ? 'open' : 'loading';
  const tag = pageLocale().tag;
  const outcome = orderOutcome(order);
  const toggle = () => {
    if (state === 'failed') orderDetail(String(order.orderId)).revalidate();
    setAsked(true);
    setExpanded(state !== 'open');
  };
  const panelId = `order-${order.orderId}`;
  return (
    <li className={`card record-order lotto-order-${outcome}`}>
      <div className="record-head">
        <strong>{order.gameName}</strong>
        <span className="record-outcome">{t(`lottery.outcome.${outcome}`, { payout: money(order.payoutMinor), refund: money(order.refundMinor) })}</span>
      </div>
      <p className="muted">
        {t('record.issue', { issue: order.issueNo })} · {dateTime(order.createdAt, tag)} · {prizeModeLabel(order.prizeMode)}
      </p>
      <p>{t('lottery.mine.stake', { stake: money(order.totalStakeMinor) })}</p>
      <button type="button" className="btn btn-small" aria-expanded={state === 'open'} aria-controls={panelId} aria-busy={state === 'loading'} onClick={toggle}>
        {t('record.details')}
      </button>
      {state === 'failed' && <p role="alert" className="field-error">{t('record.detailFailed')}</p>}
      <div id={panelId} hidden={state !== 'open'}>
        {detail && (
          <>
            <p>
              {detail.draw.digits
                ? t('record.result', { digits: detail.draw.digits.join(' ') })
                : t('record.awaiting', { time: dateTime(detail.draw.drawAt, tag) })}
            </p>
            <table className="record-bets">
              <caption className="visually-hidden">{t('record.betsOf', { issue: order.issueNo })}</caption>
              <thead>
                <tr><th scope="col">{t('record.bet')}</th><th scope="col">{t('record.stake')}</th><th scope="col">{t('record.odds')}</th><th scope="col">{t('record.payout')}</th></tr>
              </thead>
              <tbody>
                {detail.subOrders.map((s) => (
                  <tr key={s.subOrderId}>
                    <td>{betLabel(s.betType, s.selection)} <span className="muted">({t(`record.status.${s.status}`)})</span></td>
                    <td>{money(s.stakeMinor)}</td>
                    <td>{formatOdds(s.oddsMilli)}</td>
                    <td>{money(s.payoutMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * The player's game history (player-shell §2 /m/gameRecord): lottery orders newest first, filtered by status, 9 a
 * page with 'more'; each opens to its bets, the draw's result and the payouts. A visitor is sent to /m/login by the
 * page's access gate.
 */
export default function GameRecord() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const wallet = useStore($wallet);
  const settings = useStore($settings);
  const filter = useStore($recordFilter);
  const paged = usePaged(recordPages(session ? recordKey(filter, session.token) : null));

  if (!hydrated || !session) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const currency = wallet ? { code: wallet.currency, symbol: wallet.currencySymbol } : { code: settings?.currency, symbol: settings?.currencySymbol };
  const money = (minor: number) => formatMoney(minor, currency, pageLocale().tag);
  const current = paged.loading ? null : { paged: paged.list, failed: paged.failed };
  const more = paged.loadingMore;
  const { page, total } = current ? pageIndicator(current.paged) : { page: 0, total: 0 };

  return (
    <div className="record">
      <div className="chips" role="group" aria-label={t('record.filter')}>
        {ORDER_FILTERS.map((f) => (
          <button key={f} type="button" className="chip" aria-pressed={f === filter} onClick={() => chooseRecordFilter(f)}>{t(`record.filter.${f}`)}</button>
        ))}
      </div>
      {!current ? (
        <p className="muted" aria-busy="true">{t('common.loading')}</p>
      ) : current.failed ? (
        <div className="empty-state" role="alert">
          <p>{t('record.failed')}</p>
          <button type="button" className="btn" onClick={paged.retry}>{t('common.retry')}</button>
        </div>
      ) : current.paged.items.length === 0 ? (
        <div className="empty-state">
          <p>{t('record.none')}</p>
          <a className="btn btn-primary" href="/m/lottery">{t('record.play')}</a>
        </div>
      ) : (
        <>
          <ul className="record-list">
            {current.paged.items.map((order) => <OrderItem key={order.orderId} order={order} money={money} />)}
          </ul>
          <div className="paged-footer">
            <p className="page-indicator">{t('games.pageIndicatorLabel', { page, total })}</p>
            <button type="button" className="btn more-games" disabled={!hasMore(current.paged) || more} aria-busy={more} onClick={paged.loadMore}>
              {t('record.more')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
