import { useStore } from '@nanostores/react';
import { useSiteSwitches } from './useSiteSwitches';
import { t } from '../../rules/i18n';
import { gatedBy } from '../lib/switchGate';
import { usePage } from '../hooks/usePage';
import { freePlayPage } from '../stores/pages/freePlay';

/**
 * The login screen's free-play action (accounts §2 "A free-play (trial) action that creates a trial session and
 * then goes to home"; §4 Free play). Shown only while the site switch FREEPLAY3 is on: pre-rendered and gated by
 * the stylesheet until the switches are known (src/lib/switchGate.ts), left out once they say off. The button is
 * live in the pre-rendered page: on the login screen (client:interaction) a tap before hydration is replayed.
 */
export default function FreePlayCard({ disabled = false }: { disabled?: boolean }) {
  const { $freePlayBusy, startFreePlay } = usePage(freePlayPage);
  const switches = useSiteSwitches();
  const busy = useStore($freePlayBusy);
  if (switches && switches.FREEPLAY3 !== true) return null;
  return (
    <div className="free-play card" {...gatedBy('FREEPLAY3')}>
      <p>{t('login.freePlayHint')}</p>
      <button type="button" className="btn btn-block" disabled={disabled || busy} aria-busy={busy} onClick={() => void startFreePlay()}>
        {t('login.freePlay')}
      </button>
    </div>
  );
}
