/**
 * The lottery's Cron Trigger (wrangler.jsonc `triggers.crons`, every minute): keep the next draws committed,
 * settle every due draw, and drop old draws nobody bet on.
 */
import type { Bindings } from '../../env';
import { pruneIdleDraws } from '../../db/queries/lottery-draws';
import { ensureUpcomingDraws } from './draws';
import { settleDueDraws, type SettleReport } from './settlement';

/** Draws without orders are kept this long for the results list, then deleted. */
export const IDLE_DRAW_RETENTION_MS = 3 * 86_400_000;

/** What one tick did. */
export interface CronReport extends SettleReport {
  drawsCreated: number;
  drawsPruned: number;
}

/** One tick: create upcoming draws, settle due ones, prune idle old ones. Safe to run at any time, repeatedly. */
export async function runLotteryTick(db: D1Database, now = Date.now()): Promise<CronReport> {
  const drawsCreated = await ensureUpcomingDraws(db, now);
  const settled = await settleDueDraws(db, { now });
  const drawsPruned = await pruneIdleDraws(db, now - IDLE_DRAW_RETENTION_MS, 1000);
  return { drawsCreated, drawsPruned, ...settled };
}

/**
 * The worker's `scheduled` handler (exported from worker/index.ts). In upstream mode the platform API behind
 * the site runs the lottery, so the built-in one stays idle.
 */
export const scheduled: ExportedHandlerScheduledHandler<Bindings> = async (_controller, env) => {
  if (env.UPSTREAM_API_URL) return;
  const report = await runLotteryTick(env.DB);
  console.log(`lottery tick: ${JSON.stringify(report)}`);
};
