import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t } from '../../rules/i18n';
import { $session } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';
import { usePage } from '../hooks/usePage';
import { freePlayPage } from '../stores/pages/freePlay';

/**
 * Free trial action (player-shell §2 /m/trail; accounts §4 Free play), by the trial-user flow (platform-contract.md
 * §3 create trial account, then login). Hidden when the site switch FREEPLAY3 is
 * off; a logged-in player is told so instead.
 */
export default function FreeTrial() {
  const { $freePlayBusy, startFreePlay } = usePage(freePlayPage);
  const hydrated = useHydrated();
  const session = useStore($session);
  const settings = useStore($settings);
  const busy = useStore($freePlayBusy);
  if (!hydrated || !settings) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (session) {
    return (
      <p className="card">
        {t('trail.loggedIn')} <a href="/m/home">{t('trail.toGames')}</a>
      </p>
    );
  }
  if (settings.switches.FREEPLAY3 !== true) return <p className="card">{t('trail.off')}</p>;
  return (
    <button type="button" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy} onClick={() => void startFreePlay('trial')}>
      {t('login.freePlay')}
    </button>
  );
}
