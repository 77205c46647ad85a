import { t, type MessageKey } from '../../rules/i18n';
import type { RewardsPhase } from '../stores/pages/rewards';

/** Props of the rewards screens' placeholder. */
export interface RewardsStatusProps {
  phase: RewardsPhase;
  error: MessageKey | null;
  onRetry: () => void;
}

/** What a rewards screen shows before its data: loading, a failure with a retry, or the feature unavailable. */
export default function RewardsStatus({ phase, error, onRetry }: RewardsStatusProps) {
  if (phase === 'unavailable') return <p className="card">{t('rewards.unavailable')}</p>;
  if (phase === 'failed') {
    return (
      <section className="card">
        <p className="form-error" role="alert">{t(error ?? 'rewards.failed')}</p>
        <button type="button" className="btn" onClick={onRetry}>{t('common.retry')}</button>
      </section>
    );
  }
  return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
}
