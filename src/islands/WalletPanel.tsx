import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { isRealAccount } from '../lib/account';
import { t } from '../lib/i18n';
import { $member } from '../stores/member';
import { $session, sessionMemberType } from '../stores/session';
import BalanceWidget from '../components/BalanceWidget';

/**
 * The wallet of the deposit and withdraw pages (player-shell §2 /m/voucherCenter, /m/withdraw): the member's
 * balance with refresh; only real accounts see it (the page's AccessGate refuses the others).
 */
export default function WalletPanel() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const member = useStore($member);
  if (!hydrated || !session || !isRealAccount(member?.type ?? sessionMemberType(session))) {
    return <p className="muted wallet-pending">{t('common.loading')}</p>;
  }
  return (
    <section className="card" aria-label={t('wallet.balance')}>
      <BalanceWidget />
    </section>
  );
}
