import { t } from '../lib/i18n';

/** Home header (player-shell §2). Logged-out state; the session-aware version replaces this. */
export default function HomeHeader() {
  return (
    <header className="home-header">
      <a href="/m/" className="logo" aria-label={t('app.name')}>
        {t('app.name')}
      </a>
      <nav className="home-header-actions">
        <a className="btn btn-small" href="/m/login">{t('header.login')}</a>
        <a className="btn btn-small btn-primary" href="/m/register">{t('header.register')}</a>
      </nav>
    </header>
  );
}
