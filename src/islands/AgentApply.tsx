import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { t } from '../../rules/i18n';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { usePage } from '../hooks/usePage';
import { agentPage, invitationLink, type AgentForm } from '../stores/pages/referrals';
import RewardsStatus from '../components/RewardsStatus';

/**
 * Agent registration (issue 13, Agent registration; player-shell §2 side menu: agents go to /m/agentRegister): an
 * application form with what an affiliate programme asks (name, contact, website or channel, expected players per
 * month, a remark); once filed it waits for the operator's decision; an agent sees their affiliate code and link.
 */
export default function AgentApply() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const page = usePage(agentPage);
  const state = useStore(page.$agent);
  const real = session !== null && isRealAccount(sessionMemberType(session));

  useEffect(() => {
    if (real) void page.load();
  }, [real, page]);

  const standing = state.standing;
  if (!hydrated || !real || !standing) return <RewardsStatus phase={state.phase} error={state.error} onRetry={() => void page.load()} />;
  if (standing.isAgent) {
    return (
      <section className="card invite" aria-labelledby="agent-code">
        <p className="form-ok" role="status">{t('agent.approved')}</p>
        <p id="agent-code" className="muted">{t('agent.codeLabel')}</p>
        <p className="invite-code" dir="ltr">{standing.affiliateCode}</p>
        {standing.affiliateCode && (
          <>
            <label htmlFor="agent-link">{t('invite.linkLabel')}</label>
            <input id="agent-link" className="invite-input" readOnly dir="ltr" value={invitationLink(window.location.origin, standing.affiliateCode)} onFocus={(e) => e.currentTarget.select()} />
          </>
        )}
      </section>
    );
  }
  if (standing.application?.status === 'pending') {
    return <section className="card"><p className="form-ok" role="status">{t('agent.pending')}</p></section>;
  }
  const busy = state.phase === 'busy';
  const field = (name: keyof AgentForm) => ({
    value: state.form[name], onValue: (v: string) => page.setField(name, v), name, error: state.invalid === name ? state.error : null,
  });
  return (
    <section className="card" aria-labelledby="agent-form-title">
      <h2 id="agent-form-title">{t('agent.formTitle')}</h2>
      {standing.application?.status === 'rejected' && (
        <p className="form-error" role="note">
          {t('agent.rejected')} {standing.application.reason ? t('agent.reason', { reason: standing.application.reason }) : ''}
        </p>
      )}
      <form className="account-form" noValidate aria-busy={busy} onSubmit={(event) => { event.preventDefault(); void page.submit(); }}>
        <FormField label={t('agent.fullName')} autoComplete="name" maxLength={60} {...field('fullName')} />
        <FormField label={t('agent.contact')} autoComplete="email" maxLength={80} {...field('contact')} />
        <FormField label={t('agent.channel')} autoComplete="url" maxLength={200} {...field('channel')} />
        <FormField label={t('agent.expectedPlayers')} inputMode="numeric" autoComplete="off" maxLength={7} {...field('expectedPlayers')} />
        <FormField label={t('agent.remark')} autoComplete="off" maxLength={200} optional {...field('remark')} />
        <p className="form-error" role="alert">{state.error && !state.invalid ? t(state.error) : ''}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('agent.submit')}
        </button>
      </form>
    </section>
  );
}
