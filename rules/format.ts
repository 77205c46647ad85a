/**
 * The one place where numbers, money, dates and times become text for the screen (docs/design.md "Money", "Time":
 * formatted for the player's language with Intl). Each formatter takes the page's BCP 47 tag (the page's language
 * by default), so one number is written in one digit system — the language's own — with its grouping, decimal
 * sign and currency placement. Plurals: rules/i18n.ts `tn`. Phone numbers: rules/phoneNumber.ts. Pure.
 */
import { activeTag } from './i18n';

/** The site's currency as the wallet or the site settings give it: ISO 4217 code and/or the operator's symbol. */
export interface SiteCurrency {
  code?: string | null | undefined;
  symbol?: string | null | undefined;
}

const formats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${tag}|${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    formats.set(id, format);
  }
  return format;
}

function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${tag}|${JSON.stringify(options)}`;
  let format = dateFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(id, format);
  }
  return format;
}

/** `minor` (integer minor units) as an exact decimal string with 2 decimals ("-1234.05"): money never becomes a float. */
export function minorToDecimalString(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats an exact decimal string (Intl reads it as a decimal, not as a float). */
function formatDecimalText(format: Intl.NumberFormat, text: string): Intl.NumberFormatPart[] {
  return format.formatToParts(text as unknown as number);
}

const ISO_CODE = /^[A-Z]{3}$/;

/**
 * Money for the screen (player-shell §9 "Balance shown with 2 decimals"): integer minor units in the site's
 * currency, written as the player's language writes money — its digits, grouping and decimal sign, and the
 * currency symbol where that language puts it (before in EN and HI, after in FR and RU, …). The operator's symbol
 * (`currency.symbol`, or a plain string) replaces the one Intl would pick, so the site shows its own sign; with
 * neither a code nor a symbol the amount is written alone.
 */
export function formatMoney(minor: number, currency: SiteCurrency | string | null | undefined, tag: string = activeTag()): string {
  const { code, symbol } = typeof currency === 'string' ? { code: undefined, symbol: currency } : currency ?? {};
  const iso = code && ISO_CODE.test(code) ? code : null;
  const text = minorToDecimalString(minor);
  if (!iso && !symbol) return formatDecimalText(numberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), text).map((p) => p.value).join('');
  const format = numberFormat(tag, {
    style: 'currency', currency: iso ?? 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2,
  });
  return formatDecimalText(format, text).map((part) => (part.type === 'currency' && symbol ? symbol : part.value)).join('');
}

/** A whole amount of money (decorative amounts such as the jackpot banner): no decimals, the currency where the language puts it. */
export function formatWholeMoney(amount: number, currency: SiteCurrency | string | null | undefined, tag: string = activeTag()): string {
  const { code, symbol } = typeof currency === 'string' ? { code: undefined, symbol: currency } : currency ?? {};
  const iso = code && ISO_CODE.test(code) ? code : null;
  const whole = Math.trunc(amount);
  if (!iso && !symbol) return formatNumber(whole, tag);
  const format = numberFormat(tag, { style: 'currency', currency: iso ?? 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0, minimumFractionDigits: 0 });
  return format.formatToParts(whole).map((part) => (part.type === 'currency' && symbol ? symbol : part.value)).join('');
}

/** A count or other plain number in the language's digits and grouping. */
export function formatNumber(value: number, tag: string = activeTag()): string {
  return numberFormat(tag, {}).format(value);
}

/** Odds as shown: thousandths as a multiplier with 2 or 3 decimals (1950 → 1.95, 1975 → 1.975, 2000 → 2.00). */
export function formatOdds(oddsMilli: number, tag: string = activeTag()): string {
  const whole = Math.floor(oddsMilli / 1000);
  const text = `${whole}.${String(oddsMilli % 1000).padStart(3, '0')}`;
  return formatDecimalText(numberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 3 }), text).map((p) => p.value).join('');
}

/** Options for dates and times: tests pin the time zone; the screen uses the device's. */
export interface TimeOptions {
  timeZone?: string | undefined;
}

/** A date and time in the player's language (order history, draw times), e.g. "Nov 25, 2026, 9:05 PM". */
export function formatDateTime(ms: number, tag: string = activeTag(), options: TimeOptions = {}): string {
  return dateFormat(tag, { dateStyle: 'medium', timeStyle: 'short', ...options }).format(ms);
}

/** A date in the player's language (announcements, messages), e.g. "Nov 25, 2026". */
export function formatDate(ms: number, tag: string = activeTag(), options: TimeOptions = {}): string {
  return dateFormat(tag, { dateStyle: 'medium', ...options }).format(ms);
}

/** A time of day with seconds in the player's language (draw and close times). */
export function formatTimeOfDay(ms: number, tag: string = activeTag(), options: TimeOptions = {}): string {
  return dateFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit', ...options }).format(ms);
}
