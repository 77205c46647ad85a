/** Money for the screen lives in the formatting module (rules/format.ts); kept here for existing imports. */
export { formatMoney, type SiteCurrency } from '../../rules/format';
