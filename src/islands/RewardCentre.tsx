import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { t } from '../../rules/i18n';
import { formatDateTime, formatMoney } from '../../rules/format';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';
import { usePage } from '../hooks/usePage';
import { rewardCentrePage, type RewardView } from '../stores/pages/rewards';
import RewardsStatus from '../components/RewardsStatus';
import BalanceWidget from '../components/BalanceWidget';

/** The reward's line: what it is for (sign-in day, promotion title, invited friend). */
function rewardLabel(r: RewardView): string {
  if (r.kind === 'sign_in') return t('reward.kind.sign_in', { day: r.title });
  if (r.kind === 'promotion') return t('reward.kind.promotion', { title: r.title });
  return t('reward.kind.referral', { name: r.title });
}

/**
 * The reward centre (issue 13, Reward centre; player-shell §6: REWCEN3, login required): rewards waiting — approved
 * promotion applications and referral rewards — each claimed once into the wallet, then recent claims (daily
 * sign-in rewards are paid on signing in and listed here as claimed).
 */
export default function RewardCentre() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const settings = useStore($settings);
  const page = usePage(rewardCentrePage);
  const state = useStore(page.$rewardCentre);
  const real = session !== null && isRealAccount(sessionMemberType(session));
  const switchOn = settings?.switches.REWCEN3 === true;

  useEffect(() => {
    if (real && switchOn) void page.load();
  }, [real, switchOn, page]);

  if (!hydrated || !real || !switchOn || state.phase === 'loading' || state.phase === 'failed' || state.phase === 'unavailable') {
    return <RewardsStatus phase={state.phase} error={state.error} onRetry={() => void page.load()} />;
  }
  const money = (minor: number) => formatMoney(minor, settings?.currencySymbol ?? '');
  const waiting = state.rewards.filter((r) => r.status === 'waiting');
  const claimed = state.rewards.filter((r) => r.status === 'claimed');
  return (
    <>
      <section className="card" aria-labelledby="reward-waiting">
        <h2 id="reward-waiting">{t('reward.waiting')}</h2>
        <BalanceWidget />
        <p className={state.claimedMinor !== null ? 'form-ok' : 'form-error'} role="status">
          {state.claimedMinor !== null ? t('reward.claimed', { amount: money(state.claimedMinor) }) : state.error ? t(state.error) : ''}
        </p>
        {waiting.length === 0 ? <p className="empty-state">{t('reward.empty')}</p> : (
          <ul className="reward-list" role="list">
            {waiting.map((r) => (
              <li key={r.rewardId} className="reward-row">
                <div>
                  <p className="reward-label">{rewardLabel(r)}</p>
                  <p className="muted">{formatDateTime(r.createdAt)}</p>
                </div>
                <strong className="reward-amount">{money(r.amountMinor)}</strong>
                <button type="button" className="btn btn-primary" disabled={state.claiming !== null} onClick={() => void page.claim(r.rewardId)}
                  aria-label={`${t('reward.claim')}: ${rewardLabel(r)}`}>
                  {state.claiming === r.rewardId ? <span className="spinner" aria-hidden="true" /> : null}
                  {t('reward.claim')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {claimed.length > 0 && (
        <section className="card" aria-labelledby="reward-history">
          <h2 id="reward-history">{t('reward.history')}</h2>
          <ul className="reward-list" role="list">
            {claimed.map((r) => (
              <li key={r.rewardId} className="reward-row">
                <div>
                  <p className="reward-label">{rewardLabel(r)}</p>
                  <p className="muted">{formatDateTime(r.claimedAt ?? r.createdAt)}</p>
                </div>
                <strong className="reward-amount">{money(r.amountMinor)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
