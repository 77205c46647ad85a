import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { $settings } from '../stores/settings';
import { showToast } from '../stores/toast';

/**
 * Invite friends (player-shell §6 "Invite friends shows if REFERRAL is enabled"): the site's registration link to
 * copy or share; when the site runs no referral programme, the page says so and points to customer service.
 */
export default function InviteLink() {
  const hydrated = useHydrated();
  const settings = useStore($settings);
  const [copied, setCopied] = useState(false);
  if (!hydrated || !settings) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (settings.promotions.REFERRAL?.enabled !== true) return <p className="card">{t('invite.off')}</p>;
  const link = `${window.location.origin}/m/register`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      showToast('invite.copied', 'success');
    } catch {
      showToast('invite.copyFailed', 'error');
    }
  };
  const share = () => {
    void navigator.share({ title: t('app.name'), text: t('invite.shareText'), url: link }).catch(() => undefined);
  };
  return (
    <section className="card invite" aria-labelledby="invite-link-label">
      <label id="invite-link-label" htmlFor="invite-link">{t('invite.linkLabel')}</label>
      <input id="invite-link" className="invite-input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <div className="menu-actions">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>{t(copied ? 'invite.copied' : 'invite.copy')}</button>
        {'share' in navigator && <button type="button" className="btn" onClick={share}>{t('invite.share')}</button>}
      </div>
    </section>
  );
}
