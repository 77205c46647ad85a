import { useStore } from '@nanostores/react';
import { t } from '../../rules/i18n';
import { formatMoney } from '../lib/money';
import { $settings } from '../stores/concepts/settings';
import { jackpot } from '../stores/pages/jackpot';

/**
 * The home jackpot banner (player-shell §1; rules/jackpot.ts; docs/honest-money.md, Jackpot): a real figure or
 * nothing. It shows the site's jackpot pool (built-in mode: what the built-in demo games' stakes funded; upstream
 * mode: the platform's VIS_getJackpot amount) once loaded, and shows nothing (an empty slot) while loading, after a
 * failed load, or when there is no figure: nothing on screen pretends to be money. Not in the first HTML (the
 * figure is live); the slot is what client:visible watches.
 */
export default function JackpotBanner() {
  const settings = useStore($settings);
  const amount = useStore(jackpot('home')).data ?? null;
  // An empty slot (no height) while there is nothing to show: client:visible watches it to hydrate.
  if (amount === null) return <div className="jackpot-slot" aria-hidden="true" />;
  return (
    <section className="jackpot-banner" aria-labelledby="jackpot-title">
      <h2 id="jackpot-title">{t('home.jackpot')}</h2>
      <p className="jackpot-amount">{formatMoney(amount, { code: settings?.currency, symbol: settings?.currencySymbol })}</p>
    </section>
  );
}
