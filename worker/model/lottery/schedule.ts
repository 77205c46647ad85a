/**
 * Draw schedules of the built-in lottery (player-shell §3 "Play types", §4). Pure: every function takes the time
 * it reasons about, so tests drive the clock. Times are UTC epoch ms.
 *
 * A schedule is a grid of draw times `offsetMs + k × intervalMs` (k an integer, the draw's index). The interval
 * divides a day, so the grid looks the same every UTC day and a draw is named by its day and its number within
 * the day: issue `YYYYMMDD-NNNN` (NNNN from 0001). Betting on draw k closes `closeBeforeMs` before it is drawn
 * and opens when draw k − 1 closes, so exactly one draw accepts bets at any moment.
 */

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** Shortest interval between draws; keeps the draw number within four digits (2,880 draws a day at most). */
export const MIN_INTERVAL_MS = 30_000;

/** A game's draw cadence. Same rules as the CHECKs on `lottery_games`. */
export interface Schedule {
  /** Time between two draws; divides a day. */
  intervalMs: number;
  /** Time of the day's first draw after UTC midnight; below intervalMs. */
  offsetMs: number;
  /** How long before the draw betting closes; above 0 and below intervalMs. */
  closeBeforeMs: number;
}

/** One draw of a schedule. */
export interface DrawSlot {
  /** Position on the schedule's grid: drawAt = offsetMs + index × intervalMs. */
  index: number;
  issueNo: string;
  openAt: number;
  closeAt: number;
  drawAt: number;
}

/** Throws a plain Error when a schedule breaks the grid rules (a configuration fault, not the player's). */
export function assertSchedule(schedule: Schedule): void {
  const { intervalMs, offsetMs, closeBeforeMs } = schedule;
  const whole = [intervalMs, offsetMs, closeBeforeMs].every(Number.isSafeInteger);
  if (!whole || intervalMs < MIN_INTERVAL_MS || DAY_MS % intervalMs !== 0) {
    throw new Error(`Invalid lottery schedule interval ${intervalMs}`);
  }
  if (offsetMs < 0 || offsetMs >= intervalMs) throw new Error(`Invalid lottery schedule offset ${offsetMs}`);
  if (closeBeforeMs <= 0 || closeBeforeMs >= intervalMs) throw new Error(`Invalid lottery close time ${closeBeforeMs}`);
}

/** The draw at grid position `index`. */
export function slotAt(schedule: Schedule, index: number): DrawSlot {
  const drawAt = schedule.offsetMs + index * schedule.intervalMs;
  const closeAt = drawAt - schedule.closeBeforeMs;
  return { index, issueNo: issueNoOf(schedule, drawAt), openAt: closeAt - schedule.intervalMs, closeAt, drawAt };
}

/** The draw accepting bets at `now`: openAt ≤ now < closeAt. */
export function openSlot(schedule: Schedule, now: number): DrawSlot {
  return slotAt(schedule, Math.floor((now + schedule.closeBeforeMs - schedule.offsetMs) / schedule.intervalMs) + 1);
}

/** The next draw to happen after `now` (drawAt > now); betting on it may already be closed. */
export function nextDrawSlot(schedule: Schedule, now: number): DrawSlot {
  return slotAt(schedule, Math.floor((now - schedule.offsetMs) / schedule.intervalMs) + 1);
}

/** Issue number `YYYYMMDD-NNNN` of the draw at `drawAt` (a point of the schedule's grid). */
export function issueNoOf(schedule: Schedule, drawAt: number): string {
  const dayStart = Math.floor(drawAt / DAY_MS) * DAY_MS;
  const number = (drawAt - dayStart - schedule.offsetMs) / schedule.intervalMs + 1;
  const day = new Date(dayStart);
  const yyyy = String(day.getUTCFullYear()).padStart(4, '0');
  const mm = String(day.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(day.getUTCDate()).padStart(2, '0');
  return `${yyyy}${mm}${dd}-${String(number).padStart(4, '0')}`;
}

const ISSUE = /^(\d{4})(\d{2})(\d{2})-(\d{4})$/;

/** The draw an issue number names, or null when it is malformed or not a draw of this schedule. */
export function slotByIssue(schedule: Schedule, issueNo: string): DrawSlot | null {
  const match = ISSUE.exec(issueNo);
  if (!match) return null;
  const [year, month, day, number] = match.slice(1).map(Number) as [number, number, number, number];
  const dayStart = Date.UTC(year, month - 1, day);
  const check = new Date(dayStart);
  // Date.UTC rolls 2026-02-30 over to March; a real calendar day round-trips.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (number < 1 || number > DAY_MS / schedule.intervalMs) return null;
  const drawAt = dayStart + schedule.offsetMs + (number - 1) * schedule.intervalMs;
  return slotAt(schedule, (drawAt - schedule.offsetMs) / schedule.intervalMs);
}
