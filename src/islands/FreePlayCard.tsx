import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { freePlay } from '../api/calls';
import { ApiRequestError } from '../api/client';
import { useHydrated } from '../components/useHydrated';
import { sessionFromValue } from '../lib/account';
import { t } from '../lib/i18n';
import { serverErrorKey } from '../lib/validation';
import { startSession } from '../stores/session';
import { $settings } from '../stores/settings';
import { hideToast, showToast } from '../stores/toast';

/** Loading bound (accounts §9 loading toasts) and error toast (player-shell §9 "3 s short"). */
const LOADING_MS = 10_000;
const ERROR_MS = 3000;

/**
 * The login screen's free-play action (accounts §2 "A free-play (trial) action that creates a trial session and
 * then goes to home"; §4 Free play: loading, test-play call, home if a trial session exists). Left out while the
 * settings load and when the site switch FREEPLAY3 is off.
 */
export default function FreePlayCard({ disabled = false }: { disabled?: boolean }) {
  const hydrated = useHydrated();
  const settings = useStore($settings);
  const [busy, setBusy] = useState(false);
  // Read after hydration only: the pre-rendered HTML has no card.
  if (!hydrated || settings?.switches.FREEPLAY3 !== true) return null;
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
    <div className="free-play card">
      <p>{t('login.freePlayHint')}</p>
      <button type="button" className="btn btn-block" disabled={disabled || busy} aria-busy={busy} onClick={() => void start()}>
        {t('login.freePlay')}
      </button>
    </div>
  );
}
