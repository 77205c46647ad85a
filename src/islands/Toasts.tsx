import { useStore } from '@nanostores/react';
import { $toast } from '../stores/concepts/toast';
import { t } from '../../rules/i18n';

/** The toast outlet: shows the current toast as a polite live region (player-shell §8 messages). */
export default function Toasts() {
  // Hydrates on demand, often because a toast is already up: the hydration render matches the empty pre-rendered
  // outlet (the store's initial value), then the toast shows.
  const toast = useStore($toast, { ssr: 'initial' });
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
