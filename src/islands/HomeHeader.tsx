import { useStore } from '@nanostores/react';
import Icon from '../components/Icon';
import { depositTarget, displayName } from '../lib/account';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { $member } from '../stores/member';
import { $session, sessionMemberType } from '../stores/session';
import { showToast } from '../stores/toast';
import BalanceWidget from '../components/BalanceWidget';
import LogoutButton from '../components/LogoutButton';
import MenuButton from './MenuButton';
import HeaderDownloadIcon from '../components/HeaderDownloadIcon';
import '../styles/account.css';

/** free_reject toast duration on deposit (player-shell §8: "free_reject: offline toast (2 s)"). */
const FREE_REJECT_MS = 2000;

/**
 * Home header (player-shell §2 Page frame rules, "Home header"). Logged out: logo to /m/, Log in and Register.
 * Logged in: the nickname (else the account name) linking to the member centre, the balance, deposit and
 * logout. Pre-rendered logged out; switches after hydration within the same reserved height.
 */
export default function HomeHeader() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const member = useStore($member);
  if (!hydrated || !session) {
    return (
      <header className="home-header">
        <div className="hh-row">
          <MenuButton />
          <a href="/m/" className="logo" aria-label={t('app.name')} data-brand="">
            <span className="logo-mark" aria-hidden="true" />
            <span className="logo-text">{t('app.name')}</span>
          </a>
          <div className="hh-actions">
            <a className="btn btn-small" href="/m/login">{t('header.login')}</a>
            <a className="btn btn-small btn-primary" href="/m/register">{t('header.register')}</a>
          </div>
        </div>
        <div className="hh-row hh-sub">
          <p className="hh-welcome" data-brand="">
            <strong>{t('header.welcome')}</strong> <span>{t('header.welcomeHint')}</span>
          </p>
          <HeaderDownloadIcon />
        </div>
      </header>
    );
  }
  const type = member?.type ?? sessionMemberType(session);
  const deposit = () => {
    const target = depositTarget(type);
    if (target) window.location.assign(target);
    else showToast('free_reject', 'error', FREE_REJECT_MS);
  };
  return (
    <header className="home-header is-member">
      <div className="hh-row">
        <MenuButton />
        <a href="/m/member/home" className="hh-member">
          <span className="hh-avatar" aria-hidden="true">
            <Icon name="user" size={20} />
          </span>
          <span className="hh-name">{displayName(member, session.userName)}</span>
          <span className="visually-hidden">, {t('header.memberCentre')}</span>
        </a>
        <div className="hh-actions">
          <button type="button" className="btn btn-small btn-primary" onClick={deposit}>
            <Icon name="wallet" size={18} />
            {t('header.deposit')}
          </button>
          <LogoutButton />
        </div>
      </div>
      <div className="hh-row hh-sub">
        <BalanceWidget />
        <HeaderDownloadIcon />
      </div>
    </header>
  );
}
