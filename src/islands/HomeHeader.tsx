import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t } from '../../rules/i18n';
import { $session } from '../stores/concepts/session';
import MenuButton from '../components/MenuButton';
import HeaderDownloadIcon from '../components/HeaderDownloadIcon';
import '../styles/account.css';

/** The logged-in header's code (member, wallet, logout): fetched only when there is a session. */
const loadMemberHeader = () => import('../components/HomeMemberHeader');
const HomeMemberHeader = lazy(loadMemberHeader);
// A player who arrives logged in: fetch it with the island rather than after its first render.
if (typeof window !== 'undefined' && $session.get()) void loadMemberHeader();

/** The logged-out header, also shown while the logged-in header's code arrives. */
function VisitorHeader() {
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

/**
 * Home header (player-shell §2 Page frame rules, "Home header"). Logged out: logo to /m/, Log in and Register.
 * Logged in: the nickname (else the account name) linking to the member centre, the balance, deposit and
 * logout (src/components/HomeMemberHeader.tsx). Pre-rendered logged out; switches after hydration within the same
 * reserved height.
 */
export default function HomeHeader() {
  const hydrated = useHydrated();
  const session = useStore($session);
  if (!hydrated || !session) return <VisitorHeader />;
  return (
    <Suspense fallback={<VisitorHeader />}>
      <HomeMemberHeader session={session} />
    </Suspense>
  );
}
