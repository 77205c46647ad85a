import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { pageLocale, t } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';
import { usePage } from '../hooks/usePage';
import { signInPage } from '../stores/pages/rewards';
import RewardsStatus from '../components/RewardsStatus';
import BalanceWidget from '../components/BalanceWidget';

/**
 * The daily sign-in (issue 13, Daily sign-in; player-shell §2 /m/activity/signIn): this month's calendar in the
 * site's time zone with the days signed, the current streak and today's reward, one tap to sign in (the reward goes
 * straight into the balance), and the streak reward table.
 */
export default function SignInCalendar() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const settings = useStore($settings);
  const page = usePage(signInPage);
  const state = useStore(page.$signIn);
  const real = session !== null && isRealAccount(sessionMemberType(session));

  useEffect(() => {
    if (real) void page.load();
  }, [real, page]);

  const view = state.view;
  if (!hydrated || !real || !view) return <RewardsStatus phase={state.phase} error={state.error} onRetry={() => void page.load()} />;
  const money = (minor: number) => formatMoney(minor, settings?.currencySymbol ?? '');
  const signed = new Set(view.signedDays);
  const firstWeekday = (new Date(`${view.monthDays[0] ?? view.today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(pageLocale().tag, { weekday: 'narrow', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))));
  const monthTitle = new Intl.DateTimeFormat(pageLocale().tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${view.today}T00:00:00Z`));
  const busy = state.phase === 'busy';
  return (
    <>
      <section className="card signin-today" aria-labelledby="signin-title">
        <h2 id="signin-title">{t('signIn.title')}</h2>
        <BalanceWidget />
        <p className="signin-streak">{t('signIn.streak', { count: String(view.streak) })}</p>
        {!view.signedToday && <p>{t('signIn.todayReward', { amount: money(view.todayRewardMinor) })}</p>}
        <button type="button" className="btn btn-primary btn-block" disabled={view.signedToday || busy} onClick={() => void page.signIn()}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t(view.signedToday ? 'signIn.done' : 'signIn.claim')}
        </button>
        <p className={state.paid ? 'form-ok' : 'form-error'} role="status">
          {state.paid ? t('signIn.paid', { amount: money(state.paid.rewardMinor) }) : state.error ? t(state.error) : ''}
        </p>
      </section>
      <section className="card" aria-labelledby="signin-month">
        <h2 id="signin-month">{monthTitle}</h2>
        <ol className="signin-calendar" role="list">
          {weekdays.map((w, i) => <li key={`w${i}`} className="signin-weekday" aria-hidden="true">{w}</li>)}
          {Array.from({ length: firstWeekday }, (_, i) => <li key={`pad${i}`} aria-hidden="true" />)}
          {view.monthDays.map((day) => {
            const done = signed.has(day);
            const classes = ['signin-day', done ? 'is-signed' : '', day === view.today ? 'is-today' : ''].filter(Boolean).join(' ');
            return (
              <li key={day} className={classes} aria-current={day === view.today ? 'date' : undefined}>
                <span>{Number(day.slice(8))}</span>
                {done && <span className="signin-mark" aria-label={t('signIn.signed')}>✓</span>}
              </li>
            );
          })}
        </ol>
        <p className="muted">{t('signIn.zone', { zone: view.timeZone })}</p>
      </section>
      <section className="card" aria-labelledby="signin-rewards">
        <h2 id="signin-rewards">{t('signIn.rewardsTitle')}</h2>
        <ol className="signin-rewards" role="list">
          {view.rewardsMinor.map((minor, i) => (
            <li key={i} className={(view.streak - (view.signedToday ? 1 : 0)) % view.rewardsMinor.length === i ? 'is-next' : ''}>
              <span>{t('signIn.day', { day: String(i + 1) })}</span>
              <strong>{money(minor)}</strong>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
