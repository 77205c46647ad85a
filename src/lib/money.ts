import { activeTag } from './i18n';

/**
 * Formats integer minor units (cents) for the screen with exactly 2 decimals and the currency symbol
 * (player-shell §9: "Balance shown with 2 decimals"), with the grouping and decimal sign of `locale` — by
 * default the page's language (DESIGN.md: formatted for the player's language). Money never becomes a float.
 */
export function formatMoney(minor: number, symbol: string, locale = activeTag()): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const whole = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(whole);
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${sign}${symbol}${grouped}${decimal}${cents}`;
}
