/**
 * The home jackpot banner (player-shell §1 "jackpot banner"; docs/honest-money.md, Jackpot): it shows a real
 * figure or nothing. In built-in mode the figure is the site's jackpot pool, funded by a share of each built-in demo
 * game's stake (VIS_getJackpot `amount`); in upstream mode the platform's VIS_getJackpot answer, read the same way
 * where it carries an `amount` (its body is not recorded, platform-contract.md §2 "jackpot"). Pure.
 */

/**
 * The amount to show (minor units), or null to hide the banner: the answer must carry a whole, positive number of
 * minor units as `amount` (a platform answer of another shape, a failed call or an empty pool hide it).
 */
export function jackpotShown(value: unknown): number | null {
  const amount = (value as { amount?: unknown } | null)?.amount;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}
