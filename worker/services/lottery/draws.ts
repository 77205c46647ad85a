/**
 * Draw rows: created lazily with a fresh secret when a draw is first needed (looked at, bet on) and ahead of
 * time by the cron, so the commitment is public while the draw takes bets.
 */
import { findDraw, insertDrawStatement, listFutureDrawKeys } from '../../db/queries/lottery-draws';
import type { Draw } from '../../model/lottery/model';
import { listScheduledGames } from '../../db/queries/lottery-games';
import { commitmentOf, newDrawSecret } from '../../model/lottery/draw';
import { openSlot, slotAt, type DrawSlot } from '../../model/lottery/schedule';

/** The stored draw of a slot, created with a new secret when missing. Concurrent callers get the same row. */
export async function ensureDraw(db: D1Database, nodeId: number, slot: DrawSlot, now: number): Promise<Draw> {
  const existing = await findDraw(db, nodeId, slot.issueNo);
  if (existing) return existing;
  const secret = newDrawSecret();
  await insertDrawStatement(db, { nodeId, slot, secret, commitment: commitmentOf(secret), now }).run();
  const stored = await findDraw(db, nodeId, slot.issueNo);
  if (!stored) throw new Error(`draw ${nodeId}/${slot.issueNo} missing after insert`);
  return stored;
}

/**
 * Creates the open draw and the one after it for every scheduled game, skipping those that exist. Returns how
 * many were created. Run every minute by the cron, so every draw is committed before it opens.
 */
export async function ensureUpcomingDraws(db: D1Database, now: number): Promise<number> {
  const games = await listScheduledGames(db);
  if (games.length === 0) return 0;
  const existing = await listFutureDrawKeys(db, now);
  const statements: D1PreparedStatement[] = [];
  for (const { nodeId, schedule } of games) {
    const open = openSlot(schedule, now);
    for (const slot of [open, slotAt(schedule, open.index + 1)]) {
      if (existing.has(`${nodeId}/${slot.issueNo}`)) continue;
      const secret = newDrawSecret();
      statements.push(insertDrawStatement(db, { nodeId, slot, secret, commitment: commitmentOf(secret), now }));
    }
  }
  if (statements.length === 0) return 0;
  const done = await db.batch(statements);
  return done.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}
