import { useStore } from '@nanostores/react';
import { useFreePlay } from '../components/useFreePlay';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { $settings } from '../stores/settings';

/**
 * The login screen's free-play action (accounts §2 "A free-play (trial) action that creates a trial session and
 * then goes to home"; §4 Free play). Left out while the settings load and when the site switch FREEPLAY3 is off.
 */
export default function FreePlayCard({ disabled = false }: { disabled?: boolean }) {
  const hydrated = useHydrated();
  const settings = useStore($settings);
  const { busy, start } = useFreePlay();
  // Read after hydration only: the pre-rendered HTML has no card.
  if (!hydrated || settings?.switches.FREEPLAY3 !== true) return null;
  return (
    <div className="free-play card">
      <p>{t('login.freePlayHint')}</p>
      <button type="button" className="btn btn-block" disabled={disabled || busy} aria-busy={busy} onClick={() => void start()}>
        {t('login.freePlay')}
      </button>
    </div>
  );
}
