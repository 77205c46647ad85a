import { findAdjustmentThreshold, setAdjustmentThreshold } from '../../db/queries/balance-adjustments';

/**
 * The site's approval threshold of manual balance adjustments (docs/back-office.md "Players"): an adjustment of more
 * than this (either way) is only a request until a second operator approves it (worker/services/players/
 * adjustments.ts). Set by the operator command `adjustment-threshold` (scripts/player-commands.ts), which imports
 * this module alone. Minor units.
 */

/** The threshold of a site without one stored: 1000.00 in minor units. */
export const DEFAULT_ADJUSTMENT_THRESHOLD_MINOR = 100_000;

/** The site's approval threshold in minor units. */
export async function adjustmentThreshold(db: D1Database, merchantCode: string): Promise<number> {
  return (await findAdjustmentThreshold(db, merchantCode)) ?? DEFAULT_ADJUSTMENT_THRESHOLD_MINOR;
}

/** Sets the site's threshold (minor units, a whole number ≥ 0); throws RangeError otherwise. */
export async function setSiteAdjustmentThreshold(db: D1Database, merchantCode: string, thresholdMinor: number): Promise<void> {
  if (!Number.isSafeInteger(thresholdMinor) || thresholdMinor < 0) throw new RangeError('the threshold is a whole number of minor units ≥ 0');
  await setAdjustmentThreshold(db, merchantCode, thresholdMinor);
}
