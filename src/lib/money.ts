/** Money for the screen lives in the formatting module (src/lib/format.ts); kept here for existing imports. */
export { formatMoney, type SiteCurrency } from './format';
