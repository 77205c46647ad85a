import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { pageLocale, t } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { withdrawalStatusKey } from '../lib/wallet';
import { $session, sessionMemberType } from '../stores/concepts/session';
import BalanceWidget from '../components/BalanceWidget';
import { usePage } from '../hooks/usePage';
import { withdrawPage, type WithdrawForm as Fields } from '../stores/pages/withdraw';
import BonusProgress from '../components/BonusProgress';

/**
 * The withdraw page (issue 13, Withdraw; player-shell §2 /m/withdraw): the available balance and limits, the
 * payee details and the payment password; a request puts the amount on hold, and the player's requests list
 * shows each one's status (waiting, approved, paid, rejected with the reason, failed and returned). With bonus money
 * there (docs/honest-money.md), the bonus and its wagering progress show, and the form warns that a request now
 * forfeits it: the player ticks the confirmation before the request can go.
 */
export default function WithdrawForm() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const page = usePage(withdrawPage);
  const state = useStore(page.$withdraw);
  const real = session !== null && isRealAccount(sessionMemberType(session));

  useEffect(() => {
    if (real) void page.load();
  }, [real, page]);

  if (!hydrated || !real || state.phase === 'loading' || !state.info) {
    if (state.phase === 'failed') {
      return (
        <section className="card">
          <p className="form-error" role="alert">{t(state.error ?? 'wallet.failed')}</p>
          <button type="button" className="btn" onClick={() => void page.load()}>{t('common.retry')}</button>
        </section>
      );
    }
    return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  }
  const { info, form } = state;
  const money = (minor: number) => formatMoney(minor, info.currencySymbol);
  const busy = state.phase === 'submitting';
  const fieldError = (field: keyof Fields) => (state.invalid === field ? state.error : null);
  const date = new Intl.DateTimeFormat(pageLocale().tag, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <section className="card" aria-label={t('wallet.balance')}>
        <BalanceWidget />
      </section>
      <section className="card" aria-labelledby="withdraw-title">
        <h2 id="withdraw-title">{t('wallet.withdrawTitle')}</h2>
        <dl className="facts">
          <div><dt>{t('wallet.available')}</dt><dd>{money(info.availableMinor)}</dd></div>
          {info.bonusMinor > 0 && (
            <div><dt>{t('wallet.bonusBalance')}</dt><dd>{money(info.bonusMinor)}</dd></div>
          )}
        </dl>
        {info.bonusMinor > 0 && <BonusProgress requiredMinor={info.wageringRequiredMinor} doneMinor={info.wageringDoneMinor} money={money} />}
        {!info.enabled ? (
          <p className="muted">{t('wallet.withdrawOff')}</p>
        ) : (
          <form className="account-form" noValidate aria-busy={busy} onSubmit={(event) => { event.preventDefault(); void page.submit(); }}>
            {!info.paymentPasswordSet && (
              <p className="form-error" role="note">{t('wallet.setPaymentPasswordFirst')} <a href="/m/member/security">{t('member.security')}</a></p>
            )}
            <FormField key={`amount-${state.notice ?? ''}`} label={t('wallet.amount')} value={form.amountText} onValue={(v) => page.setField('amountText', v)}
              inputMode="decimal" autoComplete="off" name="amount" error={fieldError('amountText')}
              hint={t('wallet.limits', { min: money(info.minMinor), max: money(info.maxMinor) })} />
            <FormField label={t('wallet.payeeName')} value={form.payeeName} onValue={(v) => page.setField('payeeName', v)}
              autoComplete="name" name="payeeName" error={fieldError('payeeName')} />
            <FormField label={t('wallet.bankName')} value={form.bankName} onValue={(v) => page.setField('bankName', v)}
              autoComplete="off" name="bankName" error={fieldError('bankName')} />
            <FormField label={t('wallet.accountNumber')} value={form.accountNumber} onValue={(v) => page.setField('accountNumber', v)}
              autoComplete="off" inputMode="text" name="accountNumber" error={fieldError('accountNumber')} />
            <FormField key={`pp-${state.error ?? ''}-${state.notice ?? ''}`} label={t('wallet.paymentPassword')} value={form.paymentPassword}
              onValue={(v) => page.setField('paymentPassword', v)} type="password" inputMode="numeric" maxLength={6}
              autoComplete="off" name="paymentPassword" revealable error={fieldError('paymentPassword')} />
            {info.bonusMinor > 0 && (
              <div className="forfeit-warning" role="note">
                <p>{t('wallet.forfeitWarning', { amount: money(info.bonusMinor) })}</p>
                <label className="agree">
                  <input type="checkbox" name="forfeitBonus" checked={state.forfeitConfirmed} onChange={(e) => page.confirmForfeit(e.currentTarget.checked)} />
                  {' '}{t('wallet.forfeitConfirm')}
                </label>
              </div>
            )}
            <p className={state.notice ? 'form-ok' : 'form-error'} role="alert">
              {state.notice ? t(state.notice) : state.error && !state.invalid ? t(state.error) : ''}
            </p>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy || !info.paymentPasswordSet}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {t('wallet.withdrawSubmit')}
            </button>
          </form>
        )}
      </section>
      <section className="card" aria-labelledby="withdraw-history">
        <h2 id="withdraw-history">{t('wallet.history')}</h2>
        {info.withdrawals.length === 0 ? <p className="muted">{t('wallet.noWithdrawals')}</p> : (
          <ul className="record-list">
            {info.withdrawals.map((w) => (
              <li key={w.withdrawalId} className="record-row" data-status={w.status}>
                <span className="record-main">{money(w.amountMinor)} · {w.bankName} {w.accountNumber}</span>
                <span className={`badge status-${w.status}`}>{t(withdrawalStatusKey(w.status))}</span>
                <small className="muted">{date.format(w.createdAt)}{w.reason ? ` · ${t('wallet.reason', { reason: w.reason })}` : ''}</small>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
