import { useStore } from '@nanostores/react';
import { $toast } from '../stores/toast';
import { t } from '../lib/i18n';

/** The toast outlet: shows the current toast as a polite live region (player-shell §8 messages). */
export default function Toasts() {
  const toast = useStore($toast);
  return (
    <div className="toast-outlet" role="status" aria-live="polite">
      {toast && (
        <div className={`toast toast-${toast.kind}`} key={toast.id}>
          {toast.kind === 'loading' && <span className="spinner" aria-hidden="true" />}
          {t(toast.key)}
        </div>
      )}
    </div>
  );
}
