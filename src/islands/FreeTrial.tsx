import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { freePlay } from '../api/calls';
import { ApiRequestError } from '../api/client';
import { useHydrated } from '../components/useHydrated';
import { sessionFromValue } from '../lib/account';
import { t } from '../lib/i18n';
import { serverErrorKey } from '../lib/validation';
import { $session, startSession } from '../stores/session';
import { $settings } from '../stores/settings';
import { hideToast, showToast } from '../stores/toast';

/** Loading toast bound (accounts §9 loading toasts) and error toast (player-shell §9 "short 3"). */
const LOADING_MS = 10_000;
const ERROR_MS = 3000;

/**
 * Free trial action (player-shell §2 /m/trail; accounts §4 "Free play: loading, test-play call, then go to home if
 * a trial session exists"). Hidden when the site switch FREEPLAY3 is off; a logged-in player is told so instead.
 */
export default function FreeTrial() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const settings = useStore($settings);
  const [busy, setBusy] = useState(false);
  if (!hydrated || !settings) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (session) {
    return (
      <p className="card">
        {t('trail.loggedIn')} <a href="/m/home">{t('trail.toGames')}</a>
      </p>
    );
  }
  if (settings.switches.FREEPLAY3 !== true) return <p className="card">{t('trail.off')}</p>;
  const start = async () => {
    if (busy) return;
    setBusy(true);
    const loading = showToast('in_please_wait', 'loading', LOADING_MS);
    try {
      const value = await freePlay();
      hideToast(loading);
      if (value.token) {
        startSession(sessionFromValue(value));
        window.location.assign('/m/home');
        return;
      }
      setBusy(false);
    } catch (error) {
      hideToast(loading);
      setBusy(false);
      showToast(serverErrorKey(error instanceof ApiRequestError ? error.code : 'internal_error'), 'error', ERROR_MS);
    }
  };
  return (
    <button type="button" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy} onClick={() => void start()}>
      {t('login.freePlay')}
    </button>
  );
}
