import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { pageLocale, t } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { $session } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';
import { $wallet } from '../stores/concepts/member';
import { usePage } from '../hooks/usePage';
import { PERIOD_DAYS, transactionsPage, type TransactionFilter } from '../stores/pages/transactions';

const FILTERS: { value: TransactionFilter; label: 'wallet.category.all' | 'wallet.category.deposit' | 'wallet.category.withdrawal' | 'wallet.category.bonus' | 'wallet.category.round' }[] = [
  { value: '', label: 'wallet.category.all' },
  { value: 'deposit', label: 'wallet.category.deposit' },
  { value: 'withdrawal', label: 'wallet.category.withdrawal' },
  { value: 'bonus', label: 'wallet.category.bonus' },
  { value: 'round', label: 'wallet.category.round' },
];

/**
 * The transactions view (issue 13): deposits, withdrawals, bonuses and game rounds in one list, newest first,
 * filtered by category and period (7, 30 or 90 days), with the period's totals and net deposits.
 */
export default function Transactions() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const page = usePage(transactionsPage);
  const state = useStore(page.$transactions);
  const wallet = useStore($wallet);
  const settings = useStore($settings);

  useEffect(() => {
    if (session) void page.load();
  }, [session, page]);

  if (!hydrated || !session) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const symbol = wallet?.currencySymbol ?? settings?.currencySymbol ?? '';
  const money = (minor: number) => formatMoney(minor, symbol);
  const date = new Intl.DateTimeFormat(pageLocale().tag, { dateStyle: 'medium', timeStyle: 'short' });
  const categoryLabel = (category: string) => FILTERS.find((f) => f.value === category)?.label ?? 'wallet.category.all';
  return (
    <>
      <section className="card" aria-label={t('title.memberTransactions')}>
        <div className="chip-row" role="group" aria-label={t('wallet.category.all')}>
          {FILTERS.map((f) => (
            <button key={f.value || 'all'} type="button" className="chip" aria-pressed={state.category === f.value}
              onClick={() => void page.filter(f.value)}>{t(f.label)}</button>
          ))}
        </div>
        <div className="chip-row" role="group">
          {PERIOD_DAYS.map((days) => (
            <button key={days} type="button" className="chip" aria-pressed={state.days === days} onClick={() => void page.choosePeriod(days)}>
              {t('wallet.period', { days })}
            </button>
          ))}
        </div>
        {state.totals && (
          <dl className="facts totals">
            <div><dt>{t('wallet.netDeposits')}</dt><dd>{money(state.totals.netDeposits)}</dd></div>
            <div><dt>{t('wallet.category.deposit')}</dt><dd>{money(state.totals.deposits)}</dd></div>
            <div><dt>{t('wallet.category.withdrawal')}</dt><dd>{money(state.totals.withdrawals)}</dd></div>
            <div><dt>{t('wallet.category.bonus')}</dt><dd>{money(state.totals.bonuses)}</dd></div>
            <div><dt>{t('wallet.category.round')}</dt><dd>{money(state.totals.rounds)}</dd></div>
          </dl>
        )}
      </section>
      <section className="card" aria-busy={state.loading}>
        {state.failed && (
          <p className="form-error" role="alert">{t('wallet.failed')} <button type="button" className="btn" onClick={() => void page.load()}>{t('common.retry')}</button></p>
        )}
        {!state.loading && !state.failed && state.list.length === 0 && <p className="muted">{t('wallet.noTransactions')}</p>}
        <ul className="record-list">
          {state.list.map((row) => (
            <li key={row.id} className="record-row" data-category={row.category}>
              <span className="record-main">{t(categoryLabel(row.category))}</span>
              <span className={row.amountMinor < 0 ? 'amount-out' : 'amount-in'}>{row.amountMinor > 0 ? '+' : ''}{money(row.amountMinor)}</span>
              <small className="muted">{date.format(row.createdAt)} · {t('wallet.balance')} {money(row.balanceAfterMinor)}</small>
            </li>
          ))}
        </ul>
        {state.pageNo < state.totalPages && (
          <button type="button" className="btn btn-block" disabled={state.loading} onClick={() => void page.load(true)}>{t('wallet.more')}</button>
        )}
      </section>
    </>
  );
}
