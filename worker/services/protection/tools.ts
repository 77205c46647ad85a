/**
 * Reality checks (UKGC RTS 13) and activity statements (docs/player-protection.md "Reality checks", "Statements"):
 * plain arguments, no Hono. Money is integer minor units, time UTC epoch ms.
 */
import { ApiError } from '../../lib/envelope';
import type { StatementFigures } from '../../../rules/statement';
import type { ProtectedMember } from '../../db/queries/protection';
import {
  acknowledgeRealityCheck, markStatementViewed, netPlayResult, playerProtectionSettings, sessionRealityAnchor,
  siteProtectionSettings, saveRealityCheckMinutes, statementFigures, type SiteProtectionSettings,
} from '../../db/queries/protection-tools';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The longest statement period, in days. */
export const STATEMENT_MAX_DAYS = 366;

/** The reality check of a session (contract/calls/protection-tools.ts realityCheckValue; money minor units). */
export interface RealityCheckView {
  intervalMinutes: number;
  chosen: boolean;
  siteDefault: number;
  offAllowed: boolean;
  sessionStartedAt: number;
  dueAt: number | null;
  now: number;
  playedMs: number;
  /** Minor units; null when unknown (upstream mode: the platform has the bets' results). */
  netResult: number | null;
}

/**
 * The reality check of the session `tokenHash` of member `who` at `now`. The interval is the player's choice, else
 * the site's default (a choice of "off" no longer allowed by the site reads as the default). The next check is due
 * one interval after the session's start, or after the last "continue" when there was one: both are stored on the
 * server, so a reload never restarts the clock. Time played is now − the session's start; the net result is the
 * ledger's wins + refunds − bets since the session's start. Throws 401 `user.or.token.invalid` for an unknown session.
 */
export async function realityCheckView(db: D1Database, who: ProtectedMember, tokenHash: string, now: number): Promise<RealityCheckView> {
  const [site, player, anchor] = await Promise.all([
    siteProtectionSettings(db, who.merchantCode), playerProtectionSettings(db, who), sessionRealityAnchor(db, tokenHash),
  ]);
  if (!anchor) throw new ApiError(401, 'user.or.token.invalid', 'The session is missing, expired or revoked');
  return realityCheckOf(site, player, anchor, now, await netPlayResult(db, who.memberId, anchor.startedAt, now));
}

/**
 * The reality check of a session from its parts (both modes): the interval is the player's choice, else the site's
 * default (a choice of "off" the site no longer allows reads as the default); due one interval after `anchor`'s start
 * or last "continue"; time played now − start. `netResult`: minor units, or null when unknown (upstream mode).
 */
export function realityCheckOf(
  site: SiteProtectionSettings, player: { realityCheckMinutes: number | null }, anchor: { startedAt: number; ackedAt: number | null },
  now: number, netResult: number | null,
): RealityCheckView {
  const chosen = player.realityCheckMinutes !== null && (player.realityCheckMinutes !== 0 || site.realityCheckOffAllowed);
  const interval = chosen ? player.realityCheckMinutes ?? site.realityCheckDefault : site.realityCheckDefault;
  const dueAt = interval === 0 ? null : (anchor.ackedAt ?? anchor.startedAt) + interval * MINUTE;
  return {
    intervalMinutes: interval,
    chosen,
    siteDefault: site.realityCheckDefault,
    offAllowed: site.realityCheckOffAllowed,
    sessionStartedAt: anchor.startedAt,
    dueAt,
    now,
    playedMs: Math.max(0, now - anchor.startedAt),
    netResult,
  };
}

/**
 * Stores the player's reality check interval (minutes: 0 = off, 15, 30, 60). In force at once: a shorter interval is
 * safer and a longer one or "off" only changes a reminder, so no cooling-off applies (RTS 13 asks for none).
 * 409 `reality_check_off_not_allowed` when the site does not allow "off".
 */
export async function chooseRealityCheckInterval(db: D1Database, who: ProtectedMember, minutes: number, now: number): Promise<void> {
  if (minutes === 0 && !(await siteProtectionSettings(db, who.merchantCode)).realityCheckOffAllowed) {
    throw new ApiError(409, 'reality_check_off_not_allowed', 'This site does not allow turning reality checks off');
  }
  await saveRealityCheckMinutes(db, who, minutes, now);
}

/**
 * "Continue" on the session's due reality check: the next one is one interval after `now`.
 * 409 `reality_check_not_due` before it is due or when reality checks are off.
 */
export async function continueRealityCheck(db: D1Database, who: ProtectedMember, tokenHash: string, now: number): Promise<void> {
  const view = await realityCheckView(db, who, tokenHash, now);
  if (view.dueAt === null || now < view.dueAt) throw new ApiError(409, 'reality_check_not_due', 'No reality check is due');
  await acknowledgeRealityCheck(db, tokenHash, now);
}

/** Epoch ms of the start of a UTC day 'YYYY-MM-DD', or NaN when it is no real date. */
function dayStart(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === date ? ms : Number.NaN;
}

/** 'YYYY-MM' of a moment (UTC): the calendar month of the statement review prompt. */
export const monthOf = (now: number): string => new Date(now).toISOString().slice(0, 7);

/** An activity statement (contract statementValue; money minor units): the figures the page and its CSV hold. */
export type Statement = StatementFigures;

/**
 * The member's activity statement from UTC day `from` to UTC day `to`, both included: deposits, withdrawals, net
 * deposits (deposits − withdrawals), bets (stakes less refunds), wins, net result (wins − bets) from the ledger, and
 * the time logged in from the sessions. Viewing it is this month's review (the member centre stops asking). 400
 * `statement_period_invalid` for a date that does not exist, `to` before `from`, a start after today or a period
 * longer than 366 days.
 */
export async function activityStatement(db: D1Database, who: ProtectedMember, from: string, to: string, now: number): Promise<Statement> {
  const start = dayStart(from);
  const end = dayStart(to) + DAY;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start || start > now || (end - start) / DAY > STATEMENT_MAX_DAYS) {
    throw new ApiError(400, 'statement_period_invalid', 'Choose real dates, the first not after the last or today, at most 366 days apart');
  }
  const f = await statementFigures(db, who.memberId, start, end, now);
  await markStatementViewed(db, who, monthOf(now), now);
  return { from, to, ...f, netDeposits: f.deposits - f.withdrawals, netResult: f.wins - f.bets };
}

/** Whether the player should be asked to review a statement: not viewed in this calendar month (UTC). */
export async function statementReviewDue(db: D1Database, who: ProtectedMember, now: number): Promise<boolean> {
  return (await playerProtectionSettings(db, who)).statementViewedMonth !== monthOf(now);
}
