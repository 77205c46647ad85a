import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import FormField from '../components/FormField';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { t } from '../../rules/i18n';
import { usePage } from '../hooks/usePage';
import { securityPage } from '../stores/pages/security';
import type { ProfileField } from '../stores/pages/profile';
import type { MessageKey } from '../../rules/i18n';
import { $session, sessionMemberType } from '../stores/concepts/session';

/** The profile fields of the member-info sub-paths, with their labels. */
const PROFILE_FIELDS: readonly { field: ProfileField; label: MessageKey; autoComplete: string }[] = [
  { field: 'nickname', label: 'wallet.nickname', autoComplete: 'nickname' },
  { field: 'email', label: 'wallet.email', autoComplete: 'email' },
  { field: 'payeeName', label: 'wallet.payeeName', autoComplete: 'name' },
];

/**
 * The member centre's security page (issue 13, Member centre): login password (to /m/changePsw), the payment
 * password (set with the login password, changed with the current one), the bound mobile and e-mail (masked), and
 * the profile edits of the member-info sub-paths (nickname, e-mail, payee name). A new e-mail address shows as
 * waiting until the link mailed to it is opened; that link lands here and its outcome shows above the list.
 */
export default function SecurityPage() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const page = usePage(securityPage);
  const state = useStore(page.$security);
  const profile = useStore(page.profile.$profile);
  const real = session !== null && isRealAccount(sessionMemberType(session));

  useEffect(() => {
    if (real) void page.load();
  }, [real, page]);
  useEffect(() => {
    // An opened e-mail confirmation link lands here with its outcome in the hash: shown once, then dropped.
    page.arrived(window.location.hash);
    if (window.location.hash.includes('emailConfirm=')) history.replaceState(history.state, '', window.location.pathname + window.location.search);
  }, [page]);

  if (!hydrated || !real || !state.config) {
    if (state.failed) return <p className="form-error" role="alert">{t('wallet.failed')}</p>;
    return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  }
  const { config, form, emailNotice } = state;
  const revision = state.saved ? 'saved' : 'open';
  return (
    <>
      {emailNotice && <p className={emailNotice.ok ? 'form-ok' : 'form-error'} role="status">{t(emailNotice.key)}</p>}
      <section className="card">
        <ul className="link-list security-list">
          <li><a href="/m/changePsw">{t('member.changePassword')}</a></li>
          <li><span>{t('wallet.mobile')}</span> <span className="muted">{config.mobileBound ? config.mobileNum : t('wallet.notBound')}</span></li>
          <li>
            <span>{t('wallet.email')}</span> <span className="muted">{config.emailBound ? config.email : t('wallet.notBound')}</span>
            {config.emailPending ? <span className="muted"> {t('wallet.emailPending', { email: config.emailPending })}</span> : null}
          </li>
          <li><span>{t('wallet.paymentPassword')}</span> <span className="muted">{config.paymentPasswordSet ? '******' : t('wallet.notSet')}</span></li>
        </ul>
      </section>
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title">{t('wallet.profile')}</h2>
        {PROFILE_FIELDS.map(({ field, label, autoComplete }) => (
          <form key={field} className="account-form profile-field" noValidate aria-busy={profile.saving === field}
            onSubmit={(event) => { event.preventDefault(); void page.profile.save(field); }}>
            <FormField key={`${field}-${profile.saved && profile.field === field ? 'saved' : 'open'}`} label={t(label)} value={profile.values[field]}
              onValue={(v) => page.profile.setField(field, v)} name={field} autoComplete={autoComplete}
              type={field === 'email' ? 'email' : 'text'} error={profile.field === field ? profile.error : null} />
            <button type="submit" className="btn" disabled={profile.saving !== null}>{t('wallet.save')}</button>
            {profile.saved && profile.field === field && (
              <p className="form-ok" role="status">{t(field === 'email' ? 'wallet.emailLinkSent' : 'wallet.saved')}</p>
            )}
          </form>
        ))}
      </section>
      <section className="card" aria-labelledby="paypass-title">
        <h2 id="paypass-title">{config.paymentPasswordSet ? t('wallet.changePaymentPassword') : t('wallet.setPaymentPassword')}</h2>
        <form className="account-form" noValidate aria-busy={state.saving} onSubmit={(event) => { event.preventDefault(); void page.savePaymentPassword(); }}>
          <FormField key={`current-${revision}`} label={config.paymentPasswordSet ? t('wallet.currentPaymentPassword') : t('wallet.loginPassword')}
            value={form.current} onValue={(v) => page.setField('current', v)} type="password" revealable name="current"
            autoComplete={config.paymentPasswordSet ? 'off' : 'current-password'} />
          <FormField key={`next-${revision}`} label={t('wallet.newPaymentPassword')} value={form.next} onValue={(v) => page.setField('next', v)}
            type="password" inputMode="numeric" maxLength={6} revealable name="newPaymentPassword" autoComplete="off" />
          <FormField key={`confirm-${revision}`} label={t('wallet.confirmPaymentPassword')} value={form.confirm} onValue={(v) => page.setField('confirm', v)}
            type="password" inputMode="numeric" maxLength={6} revealable name="confirmPaymentPassword" autoComplete="off" />
          <p className={state.saved ? 'form-ok' : 'form-error'} role="alert">{state.saved ? t('wallet.saved') : state.error ? t(state.error) : ''}</p>
          <button type="submit" className="btn btn-primary btn-block" disabled={state.saving}>
            {state.saving ? <span className="spinner" aria-hidden="true" /> : null}
            {t('wallet.save')}
          </button>
        </form>
      </section>
    </>
  );
}
