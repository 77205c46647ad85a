import { useEffect } from 'react';
import { openRealityDialog } from '../lib/realityDialog';
import { $realityCheck, continueAfterRealityCheck, logoutAfterRealityCheck, watchRealityCheck } from '../stores/concepts/realityCheck';

/**
 * The frame's reality check (docs/player-protection.md "Reality checks"; UKGC RTS 13): on every page, the game pages
 * too. It hydrates at once when the tab has a session (`client:interaction="MC_SESSION_INFO"`), so a visitor without
 * one loads nothing; it starts the store's one call and one timer, and shows the dialog (src/lib/realityDialog.ts)
 * while a check is due. It renders nothing itself.
 */
export default function RealityCheck() {
  useEffect(() => {
    let close: (() => void) | null = null;
    const unbind = $realityCheck.subscribe((check) => {
      close?.();
      close = check ? openRealityDialog(check, () => void continueAfterRealityCheck(), () => void logoutAfterRealityCheck()) : null;
    });
    void watchRealityCheck();
    return () => {
      unbind();
      close?.();
    };
  }, []);
  return null;
}
