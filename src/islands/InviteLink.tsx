import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { t, type MessageKey } from '../../rules/i18n';
import { formatDate, formatMoney } from '../../rules/format';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';
import { showToast } from '../stores/concepts/toast';
import { usePage } from '../hooks/usePage';
import { invitationLink, invitePage } from '../stores/pages/referrals';
import RewardsStatus from '../components/RewardsStatus';

const STATUS_KEY: Record<'none' | 'waiting' | 'claimed', MessageKey> = {
  none: 'invite.status.none', waiting: 'invite.status.waiting', claimed: 'invite.status.claimed',
};

/**
 * Invite friends (issue 13, Invite friends; player-shell §6 "Invite friends shows if REFERRAL is enabled"): the
 * member's personal invitation code and registration link to copy or share, the reward a friend's first deposit
 * earns, the friends who registered through it (masked) and the rewards earned. When the site runs no referral
 * programme, the page says so and points to customer service.
 */
export default function InviteLink() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const settings = useStore($settings);
  const page = usePage(invitePage);
  const state = useStore(page.$invite);
  const [copied, setCopied] = useState<'link' | 'code' | null>(null);
  const real = session !== null && isRealAccount(sessionMemberType(session));
  const referralOn = settings?.promotions.REFERRAL?.enabled === true;

  useEffect(() => {
    if (real && referralOn) void page.load();
  }, [real, referralOn, page]);

  if (hydrated && settings && !referralOn) return <p className="card">{t('invite.off')}</p>;
  const info = state.info;
  if (!hydrated || !real || !info) return <RewardsStatus phase={state.phase} error={state.error} onRetry={() => void page.load()} />;
  const link = invitationLink(window.location.origin, info.code);
  const money = (minor: number) => formatMoney(minor, settings?.currencySymbol ?? '');
  const copy = async (what: 'link' | 'code') => {
    try {
      await navigator.clipboard.writeText(what === 'link' ? link : info.code);
      setCopied(what);
      showToast('invite.copied', 'success');
    } catch {
      showToast('invite.copyFailed', 'error');
    }
  };
  const share = () => {
    void navigator.share({ title: t('app.name'), text: t('invite.shareText'), url: link }).catch(() => undefined);
  };
  return (
    <>
      <section className="card invite" aria-labelledby="invite-code-label">
        <p id="invite-code-label" className="muted">{t('invite.codeLabel')}</p>
        <p className="invite-code" dir="ltr">{info.code}</p>
        <button type="button" className="btn" onClick={() => void copy('code')}>{t(copied === 'code' ? 'invite.copied' : 'invite.copyCode')}</button>
        <label id="invite-link-label" htmlFor="invite-link">{t('invite.linkLabel')}</label>
        <input id="invite-link" className="invite-input" readOnly value={link} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
        <div className="menu-actions">
          <button type="button" className="btn btn-primary" onClick={() => void copy('link')}>{t(copied === 'link' ? 'invite.copied' : 'invite.copy')}</button>
          {'share' in navigator && <button type="button" className="btn" onClick={share}>{t('invite.share')}</button>}
        </div>
        {info.rewardMinor > 0 && <p>{t('invite.rewardRule', { amount: money(info.rewardMinor) })}</p>}
      </section>
      <section className="card" aria-labelledby="invite-friends">
        <h2 id="invite-friends">{t('invite.friends')}</h2>
        <p className="invite-earned">{t('invite.earned', { amount: money(info.earnedMinor) })}</p>
        {info.friends.length === 0 ? <p className="empty-state">{t('invite.noFriends')}</p> : (
          <ul className="reward-list" role="list">
            {info.friends.map((f, i) => (
              <li key={`${f.name}-${f.registeredAt}-${i}`} className="reward-row">
                <div>
                  <p className="reward-label" dir="ltr">{f.name}</p>
                  <p className="muted">{formatDate(f.registeredAt)} · {t(STATUS_KEY[f.rewardStatus])}</p>
                </div>
                {f.rewardMinor > 0 && <strong className="reward-amount">{money(f.rewardMinor)}</strong>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
