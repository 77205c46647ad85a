import { useStore } from '@nanostores/react';
import { t } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { $wallet } from '../stores/concepts/member';
import BonusProgress from './BonusProgress';

/**
 * The member centre's bonus line (docs/honest-money.md): the bonus part of the balance and its wagering progress,
 * only while the member has bonus money (nothing otherwise, and nothing in upstream mode).
 */
export default function BonusBalance() {
  const wallet = useStore($wallet);
  const bonus = wallet?.bonus;
  if (!wallet || !bonus) return null;
  const money = (minor: number) => formatMoney(minor, { code: wallet.currency, symbol: wallet.currencySymbol });
  return (
    <div className="bonus-balance">
      <p><span>{t('wallet.bonusBalance')}</span> <strong>{money(bonus.bonusMinor)}</strong></p>
      <BonusProgress requiredMinor={bonus.wageringRequiredMinor} doneMinor={bonus.wageringDoneMinor} money={money} />
    </div>
  );
}
