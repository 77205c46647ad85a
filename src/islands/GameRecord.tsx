import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { betLabel, dateTime } from '../components/lotteryLabels';
import { useHydrated } from '../components/useHydrated';
import { formatOdds } from '../lib/betSlip';
import { cardRank, matchSidesOf, tableBetLabel, verifyRound, type RoundCheck, type TableBet } from '../../rules/demoGames';
import { recordKey, RECORD_KINDS, RECORD_PERIODS } from '../lib/gameRecord';
import { pageLocale, t } from '../../rules/i18n';
import { ORDER_FILTERS, orderOutcome } from '../lib/lotteryRound';
import { formatMoney } from '../lib/money';
import { usePage } from '../hooks/usePage';
import { gameRecordPage, type GameRecordPage, type HistoryItem, type LotteryOrderDetail, type RoundDetail } from '../stores/pages/gameRecord';
import { $wallet } from '../stores/concepts/member';
import { $session } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';

type Money = (minor: number) => string;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const card = (c: number) => `${RANKS[cardRank(c) - 1] ?? ''}${['♠', '♥', '♦', '♣'][Math.floor(c / 13)] ?? ''}`;

/** A lottery order's bets, odds, stakes and payouts, and the draw's result. */
function OrderDetail({ order, money }: { order: LotteryOrderDetail; money: Money }) {
  return (
    <>
      <p>{order.draw.digits ? t('record.result', { digits: order.draw.digits.join(' ') }) : t('record.awaiting', { time: dateTime(order.draw.drawAt, pageLocale().tag) })}</p>
      <table className="record-bets">
        <caption className="visually-hidden">{t('record.betsOf', { issue: order.issueNo })}</caption>
        <thead><tr><th scope="col">{t('record.bet')}</th><th scope="col">{t('record.stake')}</th><th scope="col">{t('record.odds')}</th><th scope="col">{t('record.payout')}</th></tr></thead>
        <tbody>
          {order.subOrders.map((s) => (
            <tr key={s.subOrderId}>
              <td>{betLabel(s.betType, s.selection)} <span className="muted">({t(`record.status.${s.status}`)})</span></td>
              <td>{money(s.stakeMinor)}</td><td>{formatOdds(s.oddsMilli)}</td><td>{money(s.payoutMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A demo round: what happened, and for provably fair rounds the seeds and a check the player runs. */
function RoundView({ round, gameName }: { round: RoundDetail; gameName: string }) {
  const [check, setCheck] = useState<RoundCheck | null>(null);
  const o = round.outcome;
  // A head-to-head title's table round names its own sides and a draw (rules/demoGames.ts matchSidesOf).
  const sides = o?.kind === 'table' ? matchSidesOf(gameName) : null;
  const side = (bet: TableBet) => tableBetLabel(sides, bet, (key) => t(key));
  const what = round.reels ? round.reels.join(' · ')
    : o?.kind === 'table' ? `${side('DRAGON')} ${card(o.dragon)} · ${side('TIGER')} ${card(o.tiger)} · ${t('demo.table.bet')}: ${side(o.bet)}`
      : o?.kind === 'crash' ? t(o.crashPoint >= o.target ? 'demo.crash.cashed' : 'demo.crash.crashed', { point: (o.crashPoint / 100).toFixed(2), target: (o.target / 100).toFixed(2) })
        : o?.kind === 'shooter' ? (o.hit ? t('demo.shooter.hit', { target: t(`demo.shooter.${o.target}`) }) : `${t(`demo.shooter.${o.target}`)}: ${t('demo.shooter.miss')}`) : '';
  const fair = round.fair;
  return (
    <>
      <p>{what}</p>
      {round.freePlay && <p className="muted">{t('demo.freeRound')}</p>}
      {fair && o && (
        <div className="fair-panel">
          <dl>
            <dt>{t('demo.fair.commitment')}</dt><dd className="hash">{fair.commitment}</dd>
            <dt>{t('demo.fair.serverSeed')}</dt><dd className="hash">{fair.serverSeed}</dd>
            <dt>{t('demo.fair.clientSeed')}</dt><dd className="hash">{fair.clientSeed}</dd>
            <dt>{t('demo.fair.nonce')}</dt><dd>{fair.nonce}</dd>
          </dl>
          <button type="button" className="btn btn-small" onClick={() => setCheck(verifyRound({ outcome: o, stakeMinor: round.stakeMinor, winMinor: round.winMinor, fair }))}>
            {t('demo.fair.verify')}
          </button>
          {check && <p role="status">{t(check.seedMatches && check.outcomeMatches ? 'demo.fair.ok' : 'demo.fair.bad')}</p>}
        </div>
      )}
    </>
  );
}

/** One line: game, kind, time, stake, win and net; its detail behind a button. */
function RecordItem({ page, item, money }: { page: GameRecordPage; item: HistoryItem; money: Money }) {
  const details = useStore(page.$recordDetails);
  const [open, setOpen] = useState(false);
  const key = recordKey(item);
  const detail = details[key];
  // Lottery orders and game providers' rounds can be open or cancelled: they say so like an order.
  const outcome = item.kind === 'lottery' || item.provider !== undefined
    ? t(`lottery.outcome.${orderOutcome({ status: item.status, payoutMinor: item.winMinor })}`, { payout: money(item.winMinor), refund: money(item.refundMinor) })
    : item.winMinor > 0 ? t('slot.result.win', { amount: money(item.winMinor) }) : t('lottery.outcome.lost');
  const toggle = () => {
    setOpen(!open);
    if (!open) void page.openDetail(item);
  };
  return (
    <li className={`card record-order record-${item.kind}`}>
      <div className="record-head"><strong dir="auto">{item.gameName}</strong><span className="record-outcome">{outcome}</span></div>
      <p className="muted">{t(`history.kind.${item.kind}`)}{item.provider !== undefined ? ` · ${item.provider}` : ''} · {dateTime(item.createdAt, pageLocale().tag)}{item.freePlay ? ` · ${t('demo.mode.free')}` : ''}</p>
      <p>{t('history.line', { stake: money(item.stakeMinor), win: money(item.winMinor), net: money(item.netMinor) })}</p>
      {item.provider === undefined && <button type="button" className="btn btn-small" aria-expanded={open} aria-controls={`detail-${key}`} aria-busy={detail?.state === 'loading'} onClick={toggle}>
        {t(item.kind === 'lottery' ? 'record.details' : 'history.details')}
      </button>}
      <div id={`detail-${key}`} hidden={!open}>
        {detail?.state === 'failed' && <p role="alert" className="field-error">{t('record.detailFailed')}</p>}
        {detail?.state === 'order' && <OrderDetail order={detail.order} money={money} />}
        {detail?.state === 'round' && <RoundView round={detail.round} gameName={item.gameName} />}
      </div>
    </li>
  );
}

/**
 * The player's game history (player-shell §2 /m/gameRecord): every kind of game, filtered by kind (and order status
 * for lottery), over today, 7 or 30 days or 3 months, with the period's stake, win and net; 9 lines a page with
 * 'more'. A visitor is sent to /m/login by the page's access gate. The flow lives in src/stores/pages/gameRecord.ts.
 */
export default function GameRecord() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const wallet = useStore($wallet);
  const settings = useStore($settings);
  const page = usePage(gameRecordPage);
  const filter = useStore(page.$recordFilter);
  const list = useStore(page.$recordList);

  useEffect(() => {
    if (session) void page.load();
  }, [session, page]);

  if (!hydrated || !session) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const symbol = wallet?.currencySymbol ?? settings?.currencySymbol ?? '';
  const money: Money = (minor) => formatMoney(minor, symbol, pageLocale().tag);
  const statuses = filter.kind === 'all' || filter.kind === 'lottery';

  return (
    <div className="record">
      <div className="chips" role="group" aria-label={t('history.kind')}>
        {RECORD_KINDS.map((k) => <button key={k} type="button" className="chip" aria-pressed={k === filter.kind} onClick={() => void page.load({ kind: k })}>{t(`history.kind.${k}`)}</button>)}
      </div>
      <div className="chips" role="group" aria-label={t('history.period')}>
        {RECORD_PERIODS.map((p) => <button key={p} type="button" className="chip" aria-pressed={p === filter.period} onClick={() => void page.load({ period: p })}>{t(`history.period.${p}`)}</button>)}
      </div>
      {statuses && (
        <div className="chips" role="group" aria-label={t('record.filter')}>
          {ORDER_FILTERS.map((f) => <button key={f} type="button" className="chip" aria-pressed={f === filter.status} onClick={() => void page.load({ status: f })}>{t(`record.filter.${f}`)}</button>)}
        </div>
      )}
      {list.totals && (
        <dl className="card record-totals" aria-label={t('history.totals')}>
          <div><dt>{t('record.stake')}</dt><dd>{money(list.totals.stakeMinor)}</dd></div>
          <div><dt>{t('slot.win')}</dt><dd>{money(list.totals.winMinor)}</dd></div>
          <div><dt>{t('history.net')}</dt><dd>{money(list.totals.netMinor)}</dd></div>
        </dl>
      )}
      {list.failed ? (
        <div className="empty-state" role="alert">
          <p>{t('record.failed')}</p>
          <button type="button" className="btn" onClick={() => void page.load()}>{t('common.retry')}</button>
        </div>
      ) : !list.items ? (
        <p className="muted" aria-busy="true">{t('common.loading')}</p>
      ) : list.items.length === 0 ? (
        <div className="empty-state">
          <p>{t('history.none')}</p>
          <a className="btn btn-primary" href="/m/home">{t('record.play')}</a>
        </div>
      ) : (
        <>
          <ul className="record-list">{list.items.map((item) => <RecordItem key={recordKey(item)} page={page} item={item} money={money} />)}</ul>
          <div className="paged-footer">
            <p className="page-indicator">{t('games.pageIndicatorLabel', { page: list.page + 1, total: Math.max(1, list.totalPages) })}</p>
            <button type="button" className="btn more-games" disabled={list.page + 1 >= list.totalPages || list.loadingMore} aria-busy={list.loadingMore} onClick={() => void page.loadMore()}>
              {t('history.more')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
