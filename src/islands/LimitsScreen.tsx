import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { t, type MessageKey } from '../../rules/i18n';
import { formatDateTime, formatMoney } from '../../rules/format';
import { LIMIT_PERIODS, MONEY_LIMIT_KINDS, confirmable } from '../../rules/protection';
import { usePage } from '../hooks/usePage';
import { limitsPage, type LimitSlot, type LimitsState } from '../stores/pages/limits';
import { $session, sessionMemberType } from '../stores/concepts/session';

type Pending = { value: number | null; confirmableAt: number } | null;

/** The pending change's line and, once its cooling-off has passed, the confirm button. */
function PendingLine({ pending, valueText, now, slot, busy, onConfirm }: {
  pending: Pending; valueText: string; now: number; slot: LimitSlot; busy: boolean; onConfirm: (slot: LimitSlot) => void;
}) {
  if (!pending) return null;
  const time = formatDateTime(pending.confirmableAt);
  return (
    <div className="limit-pending" role="status">
      <p>{pending.value === null ? t('protection.pendingRemoval', { time }) : t('protection.pendingRaise', { value: valueText, time })}</p>
      {confirmable(pending.confirmableAt, now) && (
        <button type="button" className="btn" disabled={busy} onClick={() => onConfirm(slot)}>{t('protection.confirm')}</button>
      )}
    </div>
  );
}

/** The outcome or error line of one slot. */
function SlotMessage({ state, slot }: { state: LimitsState; slot: LimitSlot }) {
  if (state.error?.slot === slot) return <p className="form-error" role="alert">{t(state.error.key)}</p>;
  if (state.outcome?.slot === slot) return <p className="form-ok" role="status">{t(`protection.outcome.${state.outcome.outcome}` as MessageKey)}</p>;
  return null;
}

/**
 * The limits page (docs/player-protection.md; UKGC RTS 12): deposit, loss and wager limits per 24 hours, 7 days and
 * 30 days, and the session time limit. Each shows the limit in force with what is used and left and when more
 * becomes available, a pending raise or removal with the time from which it can be confirmed (and the confirm
 * button once it can), and a field for a new limit that is never pre-filled.
 */
export default function LimitsScreen() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const page = usePage(limitsPage);
  const state = useStore(page.$limits);
  const real = session !== null && isRealAccount(sessionMemberType(session));

  useEffect(() => {
    if (real) void page.open();
  }, [real, page]);

  if (!hydrated || !real || state.phase === 'loading') return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (state.phase === 'failed' || !state.data) {
    return (
      <section className="card">
        <p className="form-error" role="alert">{t(state.error?.key ?? 'error.internal_error')}</p>
        <button type="button" className="btn" onClick={() => void page.open()}>{t('common.retry')}</button>
      </section>
    );
  }
  const data = state.data;
  const money = (minor: number) => formatMoney(minor, data.currencySymbol);
  const confirm = (slot: LimitSlot) => void page.confirm(slot);
  return (
    <>
      <section className="card">
        <p>{t('protection.intro')}</p>
        {data.kinds && data.kinds.length < MONEY_LIMIT_KINDS.length && <p className="muted">{t('protection.upstreamNote')}</p>}
      </section>
      {MONEY_LIMIT_KINDS.filter((kind) => !data.kinds || data.kinds.includes(kind)).map((kind) => (
        <section key={kind} className="card limits-kind" aria-labelledby={`limits-${kind}`}>
          <h2 id={`limits-${kind}`}>{t(`protection.kind.${kind}` as MessageKey)}</h2>
          {LIMIT_PERIODS.map((period) => {
            const slot: LimitSlot = `${kind}.${period}`;
            const limit = data.limits.find((l) => l.kind === kind && l.period === period);
            const busy = state.busy === slot;
            return (
              <form key={slot} className="account-form limit-row" noValidate aria-busy={busy} aria-labelledby={`limit-${kind}-${period}`}
                onSubmit={(event) => { event.preventDefault(); void page.save(slot); }}>
                <h3 id={`limit-${kind}-${period}`}>{t('protection.per', { period: t(`protection.period.${period}` as MessageKey) })}</h3>
                {limit ? (
                  <>
                    <p>{t('protection.current', { limit: money(limit.limit), used: money(limit.used), remaining: money(limit.remaining) })}</p>
                    {limit.resetsAt !== null && <p className="muted">{t('protection.resets', { time: formatDateTime(limit.resetsAt) })}</p>}
                    <PendingLine pending={limit.pending} valueText={limit.pending?.value != null ? money(limit.pending.value) : ''} now={data.now}
                      slot={slot} busy={busy} onConfirm={confirm} />
                  </>
                ) : <p className="muted">{t('protection.none')}</p>}
                <FormField key={`${slot}-${limit?.limit ?? 0}-${limit?.pending?.requestedAt ?? 0}`} label={t('protection.newLimit')}
                  value={state.drafts[slot] ?? ''} onValue={(v) => page.setDraft(slot, v)} inputMode="decimal" autoComplete="off" name={`limit-${slot}`} />
                <SlotMessage state={state} slot={slot} />
                <div className="limit-actions">
                  <button type="submit" className="btn btn-primary" disabled={busy}>{t('protection.save')}</button>
                  {limit && !limit.pending && (
                    <button type="button" className="btn" disabled={busy} onClick={() => void page.remove(slot)}>{t('protection.remove')}</button>
                  )}
                </div>
              </form>
            );
          })}
        </section>
      ))}
      <section className="card" aria-labelledby="limits-session">
        <h2 id="limits-session">{t('protection.session.title')}</h2>
        <form className="account-form limit-row" noValidate aria-busy={state.busy === 'session'} onSubmit={(event) => { event.preventDefault(); void page.save('session'); }}>
          {data.session ? (
            <>
              <p>{t('protection.session.current', { minutes: data.session.minutes })}</p>
              <PendingLine pending={data.session.pending}
                valueText={data.session.pending?.value != null ? t('protection.session.current', { minutes: data.session.pending.value }) : ''}
                now={data.now} slot="session" busy={state.busy === 'session'} onConfirm={confirm} />
            </>
          ) : <p className="muted">{t('protection.none')}</p>}
          <FormField key={`session-${data.session?.minutes ?? 0}-${data.session?.pending?.requestedAt ?? 0}`} label={t('protection.session.minutes')}
            value={state.drafts.session ?? ''} onValue={(v) => page.setDraft('session', v)} inputMode="numeric" autoComplete="off" name="limit-session" />
          <SlotMessage state={state} slot="session" />
          <div className="limit-actions">
            <button type="submit" className="btn btn-primary" disabled={state.busy === 'session'}>{t('protection.save')}</button>
            {data.session && !data.session.pending && (
              <button type="button" className="btn" disabled={state.busy === 'session'} onClick={() => void page.remove('session')}>{t('protection.remove')}</button>
            )}
          </div>
        </form>
      </section>
    </>
  );
}
