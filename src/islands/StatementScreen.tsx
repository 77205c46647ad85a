import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { playedText } from '../lib/realityDialog';
import { t } from '../../rules/i18n';
import { formatMoney } from '../../rules/format';
import type { StatementLabels } from '../../rules/statement';
import { usePage } from '../hooks/usePage';
import { statementPage } from '../stores/pages/statement';
import { $session, sessionMemberType } from '../stores/concepts/session';

/** The CSV's row labels in the page's language. */
function csvLabels(): StatementLabels {
  return {
    period: t('statement.period'), deposits: t('statement.deposits'), withdrawals: t('statement.withdrawals'),
    netDeposits: t('statement.netDeposits'), bets: t('statement.bets'), wins: t('statement.wins'),
    netResult: t('statement.netResult'), timePlayedMinutes: t('statement.timePlayedMinutes'), sessions: t('statement.sessions'),
  };
}

/**
 * The activity statement page (docs/player-protection.md "Statements"): a period (from, to; UTC days) and its
 * deposits, withdrawals, net deposits, bets, wins, net result, time played and sessions, with a CSV download.
 */
export default function StatementScreen() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const page = usePage(statementPage);
  const state = useStore(page.$statement);
  const real = session !== null && isRealAccount(sessionMemberType(session));

  useEffect(() => {
    if (real) void page.load();
  }, [real, page]);

  if (!hydrated || !real) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const data = state.phase === 'ready' ? state.data : null;
  const money = (minor: number) => formatMoney(minor, data?.currencySymbol ?? '');
  const rows: [string, string][] = data ? [
    [t('statement.deposits'), money(data.deposits)],
    [t('statement.withdrawals'), money(data.withdrawals)],
    [t('statement.netDeposits'), money(data.netDeposits)],
    [t('statement.bets'), money(data.bets)],
    [t('statement.wins'), money(data.wins)],
    [t('statement.netResult'), money(data.netResult)],
    [t('statement.timePlayed'), playedText(data.timePlayedMs)],
    [t('statement.sessions'), String(data.sessions)],
  ] : [];
  return (
    <>
      <section className="card">
        <p>{t('statement.intro')}</p>
        <form className="account-form" noValidate aria-busy={state.phase === 'loading'} onSubmit={(event) => { event.preventDefault(); void page.load(); }}>
          <FormField label={t('statement.from')} type="date" value={state.from} onValue={(v) => page.setPeriod('from', v)} name="from" />
          <FormField label={t('statement.to')} type="date" value={state.to} onValue={(v) => page.setPeriod('to', v)} name="to" />
          {state.error && <p className="form-error" role="alert">{t(state.error)}</p>}
          <button type="submit" className="btn btn-primary" disabled={state.phase === 'loading'}>{t('statement.show')}</button>
        </form>
      </section>
      {data && (
        <section className="card" aria-labelledby="statement-figures">
          <h2 id="statement-figures">{t('statement.period')}: {data.from} – {data.to}</h2>
          <dl className="facts">
            {rows.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
          </dl>
          <button type="button" className="btn" onClick={() => page.download(csvLabels())}>{t('statement.download')}</button>
        </section>
      )}
    </>
  );
}
