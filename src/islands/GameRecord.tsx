import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getOrderDetail, searchOrders, type LotteryOrder, type LotteryOrderDetail } from '../api/lottery';
import { betLabel, dateTime, prizeModeLabel } from '../components/lotteryLabels';
import { useHydrated } from '../components/useHydrated';
import { formatOdds } from '../lib/betSlip';
import { pageLocale, t } from '../lib/i18n';
import { ORDER_FILTERS, ORDER_PAGE_SIZE, orderOutcome, statusQuery, type OrderFilter } from '../lib/lotteryRound';
import { formatMoney } from '../lib/money';
import { appendPage, emptyPaged, hasMore, pageIndicator, replacePage, type Paged } from '../lib/paging';
import { $wallet } from '../stores/member';
import { $session } from '../stores/session';
import { $settings } from '../stores/settings';

/** One order with its expander: bets, their odds, stakes and payouts, and the draw's result. */
function OrderItem({ order, money }: { order: LotteryOrder; money: (minor: number) => string }) {
  const [detail, setDetail] = useState<LotteryOrderDetail | null>(null);
  const [state, setState] = useState<'closed' | 'loading' | 'open' | 'failed'>('closed');
  const tag = pageLocale().tag;
  const outcome = orderOutcome(order);
  const toggle = () => {
    if (state === 'open') return setState('closed');
    if (detail) return setState('open');
    setState('loading');
    getOrderDetail(order.orderId).then((d) => { setDetail(d); setState('open'); }, () => setState('failed'));
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
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [list, setList] = useState<{ key: string; paged: Paged<LotteryOrder>; failed: boolean } | null>(null);
  const [more, setMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = `${filter}:${attempt}:${session?.token ?? ''}`;

  useEffect(() => {
    if (!session) return undefined;
    let live = true;
    searchOrders({ orderStatus: statusQuery(filter), page: 0, size: ORDER_PAGE_SIZE }).then(
      (v) => live && setList({ key, paged: replacePage({ items: v.content, pageNum: v.number + 1, totalPages: v.totalPages }), failed: false }),
      () => live && setList({ key, paged: emptyPaged(), failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, filter, session]);

  if (!hydrated || !session) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const symbol = wallet?.currencySymbol ?? settings?.currencySymbol ?? '';
  const money = (minor: number) => formatMoney(minor, symbol, pageLocale().tag);
  const current = list?.key === key ? list : null;
  const loadMore = () => {
    if (!current || !hasMore(current.paged) || more) return;
    setMore(true);
    // The paging helpers count pages from 1; the gateway from 0.
    searchOrders({ orderStatus: statusQuery(filter), page: current.paged.pageNum, size: ORDER_PAGE_SIZE })
      .then((v) => setList((s) => (s && s.key === key
        ? { ...s, paged: appendPage(s.paged, { items: v.content, pageNum: v.number + 1, totalPages: v.totalPages }, (o) => o.orderId) }
        : s)))
      .catch(() => undefined)
      .finally(() => setMore(false));
  };
  const { page, total } = current ? pageIndicator(current.paged) : { page: 0, total: 0 };

  return (
    <div className="record">
      <div className="chips" role="group" aria-label={t('record.filter')}>
        {ORDER_FILTERS.map((f) => (
          <button key={f} type="button" className="chip" aria-pressed={f === filter} onClick={() => setFilter(f)}>{t(`record.filter.${f}`)}</button>
        ))}
      </div>
      {!current ? (
        <p className="muted" aria-busy="true">{t('common.loading')}</p>
      ) : current.failed ? (
        <div className="empty-state" role="alert">
          <p>{t('record.failed')}</p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>{t('common.retry')}</button>
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
            <button type="button" className="btn more-games" disabled={!hasMore(current.paged) || more} aria-busy={more} onClick={loadMore}>
              {t('record.more')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
