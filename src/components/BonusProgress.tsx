import { t } from '../../rules/i18n';

/**
 * A bonus's wagering progress (docs/honest-money.md): how much is wagered of what the bonus asks before it turns
 * into cash, as text and as a progress bar. Money in minor units, formatted by `money`.
 */
export default function BonusProgress({ requiredMinor, doneMinor, money }: { requiredMinor: number; doneMinor: number; money: (minor: number) => string }) {
  const done = Math.min(doneMinor, requiredMinor);
  return (
    <div className="bonus-progress">
      <p>{t('wallet.wagering', { done: money(done), required: money(requiredMinor) })}</p>
      <progress max={Math.max(requiredMinor, 1)} value={requiredMinor > 0 ? done : 1} aria-label={t('wallet.wageringLabel')} />
    </div>
  );
}
