import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { displayName, isRealAccount } from '../lib/account';
import { t } from '../lib/i18n';
import { $member } from '../stores/member';
import { $session, sessionMemberType } from '../stores/session';
import BalanceWidget from '../components/BalanceWidget';

/** The member centre's links (player-shell §2 /m/member/home). */
const LINKS = [
  { href: '/m/voucherCenter', label: 'member.deposit' },
  { href: '/m/withdraw', label: 'member.withdraw' },
  { href: '/m/gameRecord', label: 'member.gameRecord' },
  { href: '/m/fav', label: 'member.favourites' },
  { href: '/m/message', label: 'member.messages' },
  { href: '/m/changePsw', label: 'member.changePassword' },
  { href: '/m/help', label: 'member.help' },
  { href: '/m/feedback', label: 'member.feedback' },
] as const;

/**
 * Member centre (player-shell §2, §6): nickname (else account), account name, VIP label (0 when empty), the
 * balance with refresh and hide, and links to deposit, withdraw, history, favourites, messages, password, help and
 * feedback. Access is checked by the page's AccessGate; nothing member-specific shows before a session is known.
 */
export default function MemberHome() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const member = useStore($member);
  if (!hydrated || !session || !isRealAccount(member?.type ?? sessionMemberType(session))) {
    return <p className="muted member-pending">{t('common.loading')}</p>;
  }
  return (
    <>
      <section className="card member-card" aria-labelledby="member-name">
        <h2 id="member-name" className="member-name">{displayName(member, session.userName)}</h2>
        <dl className="facts">
          <div><dt>{t('member.account')}</dt><dd>{member?.account ?? session.userName}</dd></div>
          <div><dt>{t('member.vip')}</dt><dd>{member?.clubLabel.labelName || '0'}</dd></div>
        </dl>
        <BalanceWidget />
      </section>
      <nav aria-label={t('member.links')}>
        <ul className="link-list">
          {LINKS.map((link) => (
            <li key={link.href}><a href={link.href}>{t(link.label)}</a></li>
          ))}
        </ul>
      </nav>
    </>
  );
}
