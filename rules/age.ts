/**
 * The age check of registration (docs/honest-money.md, Age check): whole years from an ISO date of birth to a
 * day, by the calendar (a birthday on 29 February counts as reached on 1 March in other years). Pure; shared by
 * the server's check (worker/services/accounts/age-check.ts) and anything on screen.
 */

/** The calendar date of an ISO `YYYY-MM-DD` text, or null when it is no real date (e.g. 2001-02-30). */
export function parseBirthDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between `birth` and the UTC day of `now` (epoch ms); null for a date that is no real date or lies after that day. */
export function ageOn(birthText: string, now: number): number | null {
  const birth = parseBirthDate(birthText);
  if (!birth) return null;
  const today = new Date(now);
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  if (birth.year > y || (birth.year === y && (birth.month > m || (birth.month === m && birth.day > d)))) return null;
  const reached = m > birth.month || (m === birth.month && d >= birth.day);
  return y - birth.year - (reached ? 0 : 1);
}
