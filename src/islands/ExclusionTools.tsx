import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t, type MessageKey } from '../../rules/i18n';
import { formatDateTime } from '../../rules/format';
import { EXCLUSION_DURATIONS, type ExclusionKind } from '../../rules/exclusion';
import { usePage } from '../hooks/usePage';
import { isRealAccount } from '../lib/account';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { responsibleGamblingPage } from '../stores/pages/responsibleGambling';

/** The label of a duration: the limits' period names where they match, else the duration's own. */
const DURATION_LABEL: Record<string, MessageKey> = {
  day: 'protection.period.day', week: 'protection.period.week', days30: 'protection.period.month', weeks6: 'rg.duration.weeks6',
  months6: 'rg.duration.months6', year1: 'rg.duration.year1', years2: 'rg.duration.years2', years5: 'rg.duration.years5',
  permanent: 'rg.duration.permanent',
};

/**
 * Time-out and self-exclusion on the responsible-gambling page (docs/player-protection.md "Time-out and
 * self-exclusion", RTS 14): one tap on a duration, then an explicit confirmation saying until when and that it
 * cannot be undone; once started the player is logged out and the page says until when. A visitor is asked to log
 * in. Renders nothing until hydrated (the session lives in the browser); the flow is
 * src/stores/pages/responsibleGambling.ts.
 */
export default function ExclusionTools() {
  const hydrated = useHydrated();
  const page = usePage(responsibleGamblingPage);
  const step = useStore(page.$exclusion);
  const session = useStore($session);
  if (!hydrated) return null;
  if (step.started) {
    const { until } = step.started;
    return (
      <p className="form-ok" role="status" data-exclusion-started={step.started.kind}>
        {until === null ? t('rg.break.donePermanent') : t('rg.break.done', { until: formatDateTime(until) })}
      </p>
    );
  }
  const pending = step.pending;
  if (!pending && (!session || !isRealAccount(sessionMemberType(session)))) {
    return <p className="muted"><a href="/m/login">{t('rg.break.loginToUse')}</a></p>;
  }
  if (pending) {
    return (
      <div className="exclusion-confirm" role="alertdialog" aria-labelledby="rg-break-confirm" aria-busy={step.busy}>
        <p id="rg-break-confirm">
          <strong>{t(`rg.break.kind.${pending.kind}`)}: {t(DURATION_LABEL[pending.duration] ?? 'rg.duration.permanent')}. </strong>
          {pending.until === null ? t('rg.break.confirmPermanent') : t('rg.break.confirm', { until: formatDateTime(pending.until) })}
        </p>
        {step.error && <p className="form-error" role="alert">{t(step.error)}</p>}
        <div className="button-row">
          <button type="button" className="btn btn-primary" disabled={step.busy} onClick={() => void page.confirmExclusion()}>
            {t('rg.break.confirmButton')}
          </button>
          <button type="button" className="btn" disabled={step.busy} onClick={page.cancelExclusion}>{t('rg.break.cancel')}</button>
        </div>
      </div>
    );
  }
  const kinds: ExclusionKind[] = ['break', 'self_exclusion'];
  return (
    <>
      {kinds.map((kind) => (
        <fieldset key={kind} className="exclusion-choice">
          <legend>{t(`rg.break.kind.${kind}`)}</legend>
          {EXCLUSION_DURATIONS[kind].map((duration) => (
            <button key={duration} type="button" className="btn" data-exclusion={`${kind}:${duration}`}
              onClick={() => page.chooseExclusion(kind, duration)}>
              {t(DURATION_LABEL[duration] ?? 'rg.duration.permanent')}
            </button>
          ))}
        </fieldset>
      ))}
    </>
  );
}
