/**
 * Pure rules of rewards (issue 13, Rewards, referrals and agents), shared by the worker and the browser: the site's
 * calendar day in its time zone, the sign-in streak and its reward, leaderboard periods and masked names.
 * Days are `YYYY-MM-DD` strings of the site's zone; instants are UTC epoch milliseconds.
 */

/** The default sign-in rewards by streak day (minor units): a 7-day cycle, day 7 the big one. */
export const DEFAULT_SIGN_IN_REWARDS: readonly number[] = [100, 100, 200, 200, 300, 300, 1000];

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

function parts(epochMs: number, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(epochMs))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { y: out.year ?? 1970, m: out.month ?? 1, d: out.day ?? 1, h: out.hour ?? 0, min: out.minute ?? 0, s: out.second ?? 0 };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function dayInZone(epochMs: number, timeZone: string): string {
  const p = parts(epochMs, timeZone);
  return `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}`;
}

/** `day` moved by `delta` days (calendar arithmetic, no zone). */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + delta));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The instant (epoch ms) at which `day` starts in `timeZone` (midnight local time). */
export function startOfDay(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // The zone's offset at the guess, applied twice to settle across an offset change.
  let instant = guess;
  for (let i = 0; i < 2; i += 1) {
    const p = parts(instant, timeZone);
    const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
    instant = guess - (asUtc - instant);
  }
  return instant;
}

/** The streak after signing in on `today`: one more than yesterday's, else 1 (a missed day restarts it). */
export function nextStreak(today: string, last: { day: string; streak: number } | null): number {
  if (last && last.day === addDays(today, -1)) return last.streak + 1;
  return 1;
}

/** The reward (minor units) of the `streak`-th consecutive day: the table repeats as a cycle. 0 for an empty table. */
export function signInReward(streak: number, table: readonly number[]): number {
  if (table.length === 0 || streak < 1) return 0;
  return table[(streak - 1) % table.length] ?? 0;
}

/** A leaderboard period. */
export type LeaderboardPeriod = 'day' | 'week' | 'month';

/**
 * The current period containing `now` in the site's zone: [from, to) as epoch ms and its first day. A week starts
 * on Monday (ISO 8601, what most operators' weekly boards use); a month on its first day.
 */
export function periodRange(period: LeaderboardPeriod, now: number, timeZone: string): { from: number; to: number; firstDay: string } {
  const today = dayInZone(now, timeZone);
  let first = today;
  let next: string;
  if (period === 'day') {
    next = addDays(today, 1);
  } else if (period === 'week') {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday
    first = addDays(today, -((weekday + 6) % 7));
    next = addDays(first, 7);
  } else {
    first = `${today.slice(0, 8)}01`;
    const [y, m] = today.split('-').map(Number) as [number, number];
    next = m === 12 ? `${pad(y + 1, 4)}-01-01` : `${pad(y, 4)}-${pad(m + 1)}-01`;
  }
  return { from: startOfDay(first, timeZone), to: startOfDay(next, timeZone), firstDay: first };
}

/**
 * A player's name as others see it: the first two and the last character with asterisks between (`ab***z`);
 * names of three characters or fewer keep only their first (`a**`).
 */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 3) return `${chars[0] ?? ''}**`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/** Days of the month of `day` (YYYY-MM-DD list), for the sign-in calendar. */
export function monthDays(day: string): string[] {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${pad(y, 4)}-${pad(m)}-${pad(i + 1)}`);
}
