import { useStore } from '@nanostores/react';
import Icon from './Icon';
import BalanceWidget from './BalanceWidget';
import HeaderDownloadIcon from './HeaderDownloadIcon';
import LogoutButton from './LogoutButton';
import MenuButton from './MenuButton';
import { depositTarget, displayName } from '../lib/account';
import { t } from '../../rules/i18n';
import { $member } from '../stores/concepts/member';
import { sessionMemberType, type SessionInfo } from '../stores/concepts/session';
import { showToast } from '../stores/concepts/toast';

/** free_reject toast duration on deposit (player-shell §8: "free_reject: offline toast (2 s)"). */
const FREE_REJECT_MS = 2000;

/**
 * The logged-in home header (player-shell §2 Page frame rules, "Home header"): the nickname (else the account
 * name) linking to the member centre, the balance, deposit and logout. Loaded by HomeHeader only when there is a
 * session, so a visitor's home does not load the member, wallet and logout code.
 */
export default function HomeMemberHeader({ session }: { session: SessionInfo }) {
  const member = useStore($member);
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
