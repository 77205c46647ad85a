import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { displayName, isRealAccount } from '../lib/account';
import { t, type MessageKey } from '../../rules/i18n';
import { memberCentreTemplate } from '../lib/wallet';
import { $member } from '../stores/concepts/member';
import { $session, sessionMemberType } from '../stores/concepts/session';
import BalanceWidget from '../components/BalanceWidget';
import BonusBalance from '../components/BonusBalance';
import HeadIcon from '../components/HeadIcon';
import { $settings } from '../stores/concepts/settings';
import { $statementReviewDue } from '../stores/concepts/statementPrompt';

/** The monthly prompt to review the activity statement (docs/player-protection.md "Statements"), until viewed. */
function StatementReview() {
  const due = useStore($statementReviewDue);
  return due ? <p className="card statement-review" role="status"><a href="/m/member/statement">{t('statement.reviewPrompt')}</a></p> : null;
}

/**
 * The capability a link needs, written as `data-capability` so the stylesheet hides it where the deployment lacks it
 * (src/styles/switches.css): the statement needs the money figures of the built-in ledger (`payments`).
 */
function capabilityOf(href: string): string | undefined {
  return href === '/m/member/statement' ? 'payments' : undefined;
}

/** The member centre's links (player-shell §2 /m/member/home). */
const LINKS: readonly { href: string; label: MessageKey }[] = [
  { href: '/m/voucherCenter', label: 'member.deposit' },
  { href: '/m/withdraw', label: 'member.withdraw' },
  { href: '/m/member/transactions', label: 'member.transactions' },
  { href: '/m/gameRecord', label: 'member.gameRecord' },
  { href: '/m/member/security', label: 'member.security' },
  { href: '/m/member/limits', label: 'member.limits' },
  { href: '/m/member/statement', label: 'title.statement' },
  { href: '/m/responsibleGambling', label: 'title.responsibleGambling' },
  { href: '/m/fav', label: 'member.favourites' },
  { href: '/m/message', label: 'member.messages' },
  { href: '/m/changePsw', label: 'member.changePassword' },
  { href: '/m/help', label: 'member.help' },
  { href: '/m/feedback', label: 'member.feedback' },
];

/** The new template's shortcut tiles (mem_cen "1"). */
const SHORTCUTS: readonly { href: string; label: MessageKey }[] = [
  { href: '/m/voucherCenter', label: 'member.deposit' },
  { href: '/m/withdraw', label: 'member.withdraw' },
  { href: '/m/member/transactions', label: 'member.transactions' },
  { href: '/m/gameRecord', label: 'member.gameRecord' },
  { href: '/m/member/security', label: 'member.security' },
  { href: '/m/inviteFriends', label: 'member.inviteFriends' },
  { href: '/m/rewardCenter', label: 'member.rewardCenter' },
  { href: '/m/message', label: 'member.messages' },
];

/** The new template's link list: the links its shortcut tiles do not already carry (each entry once). */
const NEW_TEMPLATE_LINKS = LINKS.filter((link) => !SHORTCUTS.some((s) => s.href === link.href));

/**
 * Member centre (player-shell §2, §3, §6) in the site's template (`mobileTemplate.mem_cen`: "1" = the new one
 * with a profile card and shortcut tiles, else the classic card and link list). Both show the nickname (else the
 * account), the head icon (PROFPIC3), the account, the VIP label (0 when empty), the balance with mask and refresh and,
 * with bonus money, the bonus and its wagering progress (docs/honest-money.md). Access is checked by
 * the page's AccessGate (trial accounts get the free_reject dialog with Cancel / Register now).
 */
export default function MemberHome() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const member = useStore($member);
  const settings = useStore($settings);
  if (!hydrated || !session || !isRealAccount(member?.type ?? sessionMemberType(session))) {
    return <p className="muted member-pending">{t('common.loading')}</p>;
  }
  const name = displayName(member, session.userName);
  const vip = member?.clubLabel.labelName || '0';
  const facts = (
    <dl className="facts">
      <div><dt>{t('member.account')}</dt><dd>{member?.account ?? session.userName}</dd></div>
      <div><dt>{t('member.vip')}</dt><dd>{vip}</dd></div>
    </dl>
  );
  if (memberCentreTemplate(settings?.templates.mem_cen) === 'new') {
    return (
      <div className="member-centre is-new" data-template="new">
        <section className="card member-card profile-card" aria-labelledby="member-name">
          <HeadIcon name={name} />
          <div>
            <h2 id="member-name" className="member-name">{name}</h2>
            <span className="badge vip-badge">VIP {vip}</span>
          </div>
          {facts}
          <BalanceWidget />
          <BonusBalance />
        </section>
        <StatementReview />
        <nav aria-labelledby="member-shortcuts" className="card">
          <h2 id="member-shortcuts" className="visually-hidden">{t('member.shortcuts')}</h2>
          <ul className="shortcut-grid">
            {SHORTCUTS.map((s) => <li key={s.href}><a className="shortcut" href={s.href}>{t(s.label)}</a></li>)}
          </ul>
        </nav>
        <nav aria-label={t('member.links')}>
          <ul className="link-list">
            {NEW_TEMPLATE_LINKS.map((link) => <li key={link.href} data-capability={capabilityOf(link.href)}><a href={link.href}>{t(link.label)}</a></li>)}
          </ul>
        </nav>
      </div>
    );
  }
  return (
    <div className="member-centre is-classic" data-template="classic">
      <section className="card member-card" aria-labelledby="member-name">
        <HeadIcon name={name} />
        <h2 id="member-name" className="member-name">{name}</h2>
        {facts}
        <BalanceWidget />
        <BonusBalance />
      </section>
      <StatementReview />
      <nav aria-label={t('member.links')}>
        <ul className="link-list">
          {LINKS.map((link) => <li key={link.href} data-capability={capabilityOf(link.href)}><a href={link.href}>{t(link.label)}</a></li>)}
        </ul>
      </nav>
    </div>
  );
}
