/**
 * Unread badges (accounts-and-communication §2 Message centre, §9 "badge cap 99 (shown 99+)"): a badge shows only
 * when logged in and the count is non-zero, and reads 99+ above 99.
 */

/** Largest count a badge shows as a number. */
export const BADGE_CAP = 99;

/** The badge text for a count, or null when no badge shows (logged out, unknown, zero or negative). */
export function badgeText(count: number | null | undefined, loggedIn: boolean): string | null {
  if (!loggedIn || count === null || count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/**
 * Whether the chat unread count may be fetched (accounts §7: "only if CBS3 on and type not 4"): a session, the
 * site switch CBS3, and a member type other than 4. PlayDeck also skips it for the other guest/trial types
 * (not 0, 1, 2), which the server refuses with free_reject anyway.
 */
export function chatCountAllowed(loggedIn: boolean, cbs3: boolean, memberType: number | null): boolean {
  return loggedIn && cbs3 && memberType !== null && memberType !== 4 && [0, 1, 2].includes(memberType);
}
