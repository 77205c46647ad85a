import { useStore } from '@nanostores/react';
import Icon from './Icon';
import { t } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { $balanceHidden, toggleBalanceHidden } from '../stores/concepts/balance';
import { $wallet, $walletRefreshing, refreshWallet } from '../stores/concepts/member';

/**
 * Balance with refresh and hide/show (player-shell §4 Balance, §9 "Balance shown with 2 decimals"): the amount
 * is masked *** while hidden, refreshing or not loaded yet; the 60 s auto refresh lives in $wallet.
 */
export default function BalanceWidget() {
  const wallet = useStore($wallet);
  const refreshing = useStore($walletRefreshing);
  const hidden = useStore($balanceHidden);
  const masked = hidden || refreshing || !wallet;
  const amount = masked ? t('wallet.hidden') : formatMoney(wallet.sumBalance, { code: wallet.currency, symbol: wallet.currencySymbol });
  return (
    <div className="balance" role="group" aria-label={t('wallet.balance')}>
      <p className="balance-amount" aria-live="polite" aria-busy={refreshing}>
        <span className="visually-hidden">{t('wallet.balance')}: </span>
        <output className="balance-value">{amount}</output>
      </p>
      <button
        type="button"
        className={`icon-btn${refreshing ? ' is-spinning' : ''}`}
        aria-label={t('wallet.refresh')}
        title={t('wallet.refresh')}
        aria-disabled={refreshing}
        onClick={() => {
          if (!refreshing) void refreshWallet();
        }}
      >
        <Icon name="refresh" size={20} />
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('wallet.hide')}
        title={t('wallet.hide')}
        aria-pressed={hidden}
        onClick={toggleBalanceHidden}
      >
        <Icon name={hidden ? 'eyeOff' : 'eye'} size={20} />
      </button>
    </div>
  );
}
