import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { activeTag, t } from '../../rules/i18n';
import { formatJackpot, JACKPOT_START, JACKPOT_TICK_MS, nextJackpot } from '../../rules/jackpot';
import { $settings } from '../stores/concepts/settings';

/**
 * The home jackpot banner (player-shell §1, rules/jackpot.ts): pre-rendered with the starting amount, then
 * growing by 99 to 999 every 5 s. The amount is not announced to screen readers at each tick (no live region).
 */
export default function JackpotBanner() {
  const hydrated = useHydrated();
  const settings = useStore($settings);
  // The symbol is the site's, known only in the browser; the first render must match the pre-rendered HTML.
  const symbol = hydrated ? (settings?.currencySymbol ?? '') : '';
  const [amount, setAmount] = useState(JACKPOT_START);
  useEffect(() => {
    const timer = setInterval(() => setAmount((current) => nextJackpot(current, Math.random())), JACKPOT_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="jackpot-banner" aria-labelledby="jackpot-title">
      <h2 id="jackpot-title">{t('home.jackpot')}</h2>
      {/* Grouping comes from the build's and the browser's Intl data, which may differ in detail for a language. */}
      <p className="jackpot-amount" suppressHydrationWarning>{formatJackpot(amount, symbol, activeTag())}</p>
    </section>
  );
}
