import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { t, type MessageKey } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { formatDateTime } from '../../rules/format';
import { LIMIT_PERIODS } from '../../rules/protection';
import { depositPresets, depositTemplate } from '../lib/wallet';
import { usePage } from '../hooks/usePage';
import { depositPage } from '../stores/pages/deposit';
import { $session, sessionMemberType } from '../stores/concepts/session';
import BalanceWidget from '../components/BalanceWidget';

const RETURNED_KEY: Record<string, MessageKey> = {
  pending: 'wallet.depositPending', failed: 'wallet.depositFailed', expired: 'wallet.depositExpired',
};

/**
 * The deposit page (issue 13, Deposit; player-shell §2 /m/voucherCenter): the site's payment methods with their
 * limits, the amount, and "Continue to payment", which places the order and leaves for the provider's page. The
 * site's `dep_func` template decides the layout: 1 = method cards and quick amounts, 0 = a method list and the
 * amount field. Coming back (`?deposit=<id>`) shows the outcome; a credit updates the balance at once.
 */
export default function DepositForm() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const page = usePage(depositPage);
  const state = useStore(page.$deposit);
  const real = session !== null && isRealAccount(sessionMemberType(session));

  useEffect(() => {
    if (real) void page.open(window.location.search);
  }, [real, page]);

  if (!hydrated || !real || state.phase === 'loading') return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (state.phase === 'failed') {
    return (
      <section className="card">
        <p className="form-error" role="alert">{t(state.error ?? 'wallet.failed')}</p>
        <button type="button" className="btn" onClick={() => void page.open(window.location.search)}>{t('common.retry')}</button>
      </section>
    );
  }
  const money = (minor: number) => formatMoney(minor, state.currencySymbol);
  const method = state.methods.find((m) => m.methodCode === state.methodCode);
  const modern = depositTemplate(state.template) === 'new';
  const busy = state.phase === 'submitting' || state.phase === 'redirecting';
  const returned = state.returned;
  const prompt = state.prompt;
  const limitsLink = <p><a href="/m/member/limits">{t('protection.link')}</a></p>;
  const ageStep = state.ageStep;
  if (ageStep) {
    // The age step of a social-login account on a site that requires the date of birth (docs/honest-money.md).
    return (
      <section className="card" aria-labelledby="deposit-age-step">
        <h2 id="deposit-age-step">{t('form.dateOfBirth')}</h2>
        <p>{t('validation.dateOfBirth')}</p>
        <form className="account-form" noValidate aria-busy={ageStep.busy} onSubmit={(event) => { event.preventDefault(); void page.confirmAge(); }}>
          <FormField label={t('form.dateOfBirth')} type="date" value={ageStep.dateText} onValue={(text) => page.setAgeDate(text)}
            name="dateOfBirth" autoComplete="bday" error={ageStep.error} />
          <button type="submit" className="btn btn-primary" disabled={ageStep.busy}>{t('common.confirm')}</button>
        </form>
      </section>
    );
  }
  if (prompt?.shown) {
    // The first deposit's step (docs/player-protection.md): a deposit limit, or "not now"; never a pre-filled amount.
    return (
      <section className="card" aria-labelledby="deposit-limit-prompt">
        <h2 id="deposit-limit-prompt">{t('protection.prompt.title')}</h2>
        <p>{t('protection.prompt.text')}</p>
        <form className="account-form" noValidate aria-busy={prompt.busy} onSubmit={(event) => { event.preventDefault(); void page.promptSetLimit(); }}>
          <fieldset className="choice-group">
            <legend>{t('protection.prompt.period')}</legend>
            {LIMIT_PERIODS.map((period) => (
              <label key={period} className="choice-row">
                <input type="radio" name="limit-period" value={period} checked={prompt.period === period} onChange={() => page.setPrompt({ period })} />
                <span>{t('protection.per', { period: t(`protection.period.${period}` as MessageKey) })}</span>
              </label>
            ))}
          </fieldset>
          <FormField label={t('protection.kind.deposit')} value={prompt.amountText} onValue={(amountText) => page.setPrompt({ amountText })}
            inputMode="decimal" autoComplete="off" name="deposit-limit" error={prompt.error} />
          <div className="limit-actions">
            <button type="submit" className="btn btn-primary" disabled={prompt.busy}>{t('protection.prompt.set')}</button>
            <button type="button" className="btn" disabled={prompt.busy} onClick={() => void page.promptNotNow()}>{t('protection.prompt.notNow')}</button>
          </div>
        </form>
      </section>
    );
  }
  const refusal = state.refusal;
  return (
    <>
      <section className="card" aria-label={t('wallet.balance')}>
        <BalanceWidget />
      </section>
      {returned && (
        <section className="card" aria-live="polite">
          {returned.status === 'credited'
            ? <p className="form-ok" role="status">{t('wallet.credited', { amount: money(returned.amountMinor) })}</p>
            : <p className={returned.status === 'pending' ? 'muted' : 'form-error'} role="status">{state.checking && returned.status === 'pending' ? t('wallet.checking') : t(RETURNED_KEY[returned.status] ?? 'wallet.failed')}</p>}
        </section>
      )}
      <section className="card" aria-labelledby="deposit-title">
        <h2 id="deposit-title">{t('wallet.depositTitle')}</h2>
        {limitsLink}
        {state.methods.length === 0 ? (
          <p className="muted">{t('wallet.noMethods')}</p>
        ) : (
          <form className={`account-form deposit-form ${modern ? 'is-new' : 'is-classic'}`} noValidate aria-busy={busy}
            onSubmit={(event) => { event.preventDefault(); void page.submit(); }}>
            <fieldset className="choice-group">
              <legend>{t('wallet.methods')}</legend>
              {state.methods.map((m) => (
                <label key={m.methodCode} className={modern ? 'choice-card' : 'choice-row'}>
                  <input type="radio" name="method" value={m.methodCode} checked={m.methodCode === state.methodCode}
                    onChange={() => page.chooseMethod(m.methodCode)} />
                  <span dir="auto">{m.displayName}</span>
                  <small className="muted">{t('wallet.limits', { min: money(m.minMinor), max: money(m.maxMinor) })}</small>
                </label>
              ))}
            </fieldset>
            {modern && method && (
              <fieldset className="quick-amounts">
                <legend>{t('wallet.quickAmounts')}</legend>
                {depositPresets(method.minMinor, method.maxMinor).map((minor) => (
                  <button key={minor} type="button" className="chip" onClick={() => page.setAmount(minor)}>{money(minor)}</button>
                ))}
              </fieldset>
            )}
            <FormField key={`amount-${state.presetRevision}`} label={t('wallet.amount')} value={state.amountText} onValue={page.setAmount}
              inputMode="decimal" autoComplete="off" name="amount"
              hint={method ? t('wallet.limits', { min: money(method.minMinor), max: money(method.maxMinor) }) : undefined}
              error={state.error === 'wallet.amountInvalid' ? state.error : null} />
            <p className="form-error" role="alert">{refusal
              ? t('protection.refusedDeposit', { period: t(`protection.period.${refusal.period}` as MessageKey), remaining: money(refusal.remainingMinor), time: formatDateTime(refusal.resetsAt) })
              : state.error && state.error !== 'wallet.amountInvalid' ? t(state.error) : ''}</p>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {state.phase === 'redirecting' ? t('wallet.redirecting') : t('wallet.depositSubmit')}
            </button>
          </form>
        )}
      </section>
    </>
  );
}
