/** Queries of `lottery_draws`. */
import type { DrawSlot } from '../../model/lottery/schedule';
import type { Draw, DrawStatus } from '../../model/lottery/model';
import { digitsFromText } from '../../model/lottery/draw';

interface DrawRow {
  id: number;
  node_id: number;
  issue_no: string;
  open_at: number;
  close_at: number;
  draw_at: number;
  secret: string;
  commitment: string;
  result: string | null;
  status: DrawStatus;
  settled_at: number | null;
}

function toDraw(row: DrawRow): Draw {
  return {
    id: row.id,
    nodeId: row.node_id,
    issueNo: row.issue_no,
    openAt: row.open_at,
    closeAt: row.close_at,
    drawAt: row.draw_at,
    secret: row.secret,
    commitment: row.commitment,
    digits: digitsFromText(row.result),
    status: row.status,
    settledAt: row.settled_at,
  };
}

/**
 * The INSERT of a draw that keeps an existing row: when two requests create the same draw at once, the first
 * secret wins and both read it back, so a draw never has two secrets.
 */
export function insertDrawStatement(
  db: D1Database,
  draw: { nodeId: number; slot: DrawSlot; secret: string; commitment: string; now: number },
): D1PreparedStatement {
  const { slot } = draw;
  return db
    .prepare(
      `INSERT INTO lottery_draws (node_id, issue_no, open_at, close_at, draw_at, secret, commitment, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (node_id, issue_no) DO NOTHING`,
    )
    .bind(draw.nodeId, slot.issueNo, slot.openAt, slot.closeAt, slot.drawAt, draw.secret, draw.commitment, draw.now);
}

/** Keys `nodeId/issueNo` of every draw still to come after `now`. */
export async function listFutureDrawKeys(db: D1Database, now: number): Promise<Set<string>> {
  const { results } = await db
    .prepare(`SELECT node_id, issue_no FROM lottery_draws WHERE draw_at > ?`)
    .bind(now)
    .all<{ node_id: number; issue_no: string }>();
  return new Set(results.map((r) => `${r.node_id}/${r.issue_no}`));
}

/** A game's draw by issue number, or null. */
export async function findDraw(db: D1Database, nodeId: number, issueNo: string): Promise<Draw | null> {
  const row = await db.prepare(`SELECT * FROM lottery_draws WHERE node_id = ? AND issue_no = ?`).bind(nodeId, issueNo).first<DrawRow>();
  return row ? toDraw(row) : null;
}

/** Draws by id (missing ids are left out). */
export async function findDrawsByIds(db: D1Database, ids: readonly number[]): Promise<Draw[]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(`SELECT * FROM lottery_draws WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(ids))
    .all<DrawRow>();
  return results.map(toDraw);
}

/** A game's latest draws whose draw time has passed, newest first. */
export async function listPastDraws(db: D1Database, nodeId: number, now: number, limit: number): Promise<Draw[]> {
  const { results } = await db
    .prepare(`SELECT * FROM lottery_draws WHERE node_id = ? AND draw_at <= ? ORDER BY draw_at DESC LIMIT ?`)
    .bind(nodeId, now, limit)
    .all<DrawRow>();
  return results.map(toDraw);
}

/** One page of a game's draws whose time has passed, newest first, and how many there are (stored draws only). */
export async function pagePastDraws(
  db: D1Database, nodeId: number, now: number, page: { offset: number; limit: number },
): Promise<{ draws: Draw[]; total: number }> {
  const [count, rows] = await db.batch<unknown>([
    db.prepare(`SELECT COUNT(*) AS n FROM lottery_draws WHERE node_id = ? AND draw_at <= ?`).bind(nodeId, now),
    db.prepare(`SELECT * FROM lottery_draws WHERE node_id = ? AND draw_at <= ? ORDER BY draw_at DESC LIMIT ? OFFSET ?`)
      .bind(nodeId, now, page.limit, page.offset),
  ]);
  const total = (count?.results[0] as { n: number } | undefined)?.n ?? 0;
  return { draws: ((rows?.results ?? []) as DrawRow[]).map(toDraw), total };
}

/** Draws whose time has passed and that are not settled yet, oldest first (optionally of one game). */
export async function listDueDraws(db: D1Database, now: number, limit: number, nodeId?: number): Promise<Draw[]> {
  const game = nodeId === undefined ? '' : ' AND node_id = ?';
  const params = nodeId === undefined ? [now, limit] : [now, nodeId, limit];
  const { results } = await db
    .prepare(`SELECT * FROM lottery_draws WHERE status <> 'settled' AND draw_at <= ?${game} ORDER BY draw_at, id LIMIT ?`)
    .bind(...params)
    .all<DrawRow>();
  return results.map(toDraw);
}

/**
 * The UPDATE that reveals a draw: writes its result and moves it from 'open' to 'drawing'. From then on the
 * database refuses new orders and cancellations on it (triggers in 0005_lottery.sql). A no-op when revealed.
 */
export function revealDrawStatement(db: D1Database, drawId: number, resultText: string): D1PreparedStatement {
  return db
    .prepare(`UPDATE lottery_draws SET status = 'drawing', result = ? WHERE id = ? AND status = 'open'`)
    .bind(resultText, drawId);
}

/** The UPDATE that marks a revealed draw settled, only once none of its bets is still open. */
export function finishDrawStatement(db: D1Database, drawId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE lottery_draws SET status = 'settled', settled_at = ?
       WHERE id = ? AND status = 'drawing'
         AND NOT EXISTS (SELECT 1 FROM lottery_sub_orders s WHERE s.draw_id = lottery_draws.id AND s.status = 'open')`,
    )
    .bind(now, drawId);
}

/**
 * Deletes settled draws older than `before` that nobody bet on (the cron creates draws for every game, and
 * results without orders are only shown for the latest draws). Returns how many went.
 */
export async function pruneIdleDraws(db: D1Database, before: number, limit: number): Promise<number> {
  const result = await db
    .prepare(
      `DELETE FROM lottery_draws WHERE id IN (
         SELECT d.id FROM lottery_draws d
         WHERE d.status = 'settled' AND d.draw_at < ?
           AND NOT EXISTS (SELECT 1 FROM lottery_orders o WHERE o.draw_id = d.id)
         LIMIT ?)`,
    )
    .bind(before, limit)
    .run();
  return result.meta.changes ?? 0;
}
