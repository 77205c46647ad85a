import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money } from '../money';

/**
 * Player protection tools beside the limits (docs/player-protection.md "Reality checks", "Statements",
 * "Responsible gambling page"; UKGC RTS 13 reality checks): PlayDeck extensions under /wps/playdeck/protection,
 * served in built-in mode. Money is decimal currency units on the wire; time is UTC epoch ms. The member calls need
 * a real account (401 without a session; 403 `free_reject` for guests and trial accounts).
 */

/** The reality check intervals a player may choose, in minutes; 0 is "off" (only where the site allows it). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;

/** A calendar date, YYYY-MM-DD (UTC). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The reality check of the current session (answered by every reality check call). */
export const realityCheckValue = z.object({
  /** The interval in force in minutes (the player's choice, else the site's default); 0 = off. */
  intervalMinutes: z.number().int(),
  /** Whether the player chose it (false: the site's default applies). */
  chosen: z.boolean(),
  /** The site's default interval and whether "off" may be chosen. */
  siteDefault: z.number().int(),
  offAllowed: z.boolean(),
  /** When this session started (its log-in), epoch ms: the clock of "time played" never restarts on a reload. */
  sessionStartedAt: z.number().int(),
  /** When the next check is due (epoch ms; at or before `now` means due now), or null when off. */
  dueAt: z.number().int().nullable(),
  /** The server's clock, epoch ms: the browser waits dueAt − now. */
  now: z.number().int(),
  /** Time played in this session, ms (now − sessionStartedAt). */
  playedMs: z.number().int(),
  /**
   * Net result of this session: wins + refunds − bets from the ledger since the session started; null in front of the
   * platform (upstream mode), where the bets' results are the platform's (the dialog then points to the history).
   */
  netResult: money().nullable(),
  currencySymbol: z.string(),
});

/** An activity statement of one period (both dates included, UTC days). */
export const statementValue = z.object({
  from: isoDate,
  to: isoDate,
  /** Credited deposits. */
  deposits: money(),
  /** Withdrawals requested, less those given back (rejected or failed). */
  withdrawals: money(),
  /** deposits − withdrawals. */
  netDeposits: money(),
  /** Stakes, less refunded stakes. */
  bets: money(),
  wins: money(),
  /** wins − bets. */
  netResult: money(),
  /** Time logged in during the period, ms (sessions from log-in to their last request or log-out). */
  timePlayedMs: z.number().int(),
  sessions: z.number().int(),
  currencySymbol: z.string(),
});

/** One help organisation of the site's country (operator content; an https link). */
export const helpLink = z.object({ name: z.string(), url: z.string() });

/** The player protection tools' calls. */
export const protectionToolCalls = {
  /** GET → realityCheckValue: when the current session's next reality check is due, with its figures. */
  realityCheck: defineCall({
    name: 'realityCheck', method: 'GET', path: `${EXTENSION_PREFIX}/protection/realityCheck`, auth: 'member', extension: true,
    value: realityCheckValue,
    summary: 'The current session\'s reality check: when the next one is due, time played and net result (PlayDeck extension, RTS 13).',
  }),
  /**
   * POST `{ minutes: 0|15|30|60 }` → realityCheckValue: the player's interval, in force at once (the next check
   * is one interval after the session's start or the last "continue"). 409 `reality_check_off_not_allowed` when
   * the site does not allow "off"; 400 `request_param_err`.
   */
  realityCheckInterval: defineCall({
    name: 'realityCheckInterval', method: 'POST', path: `${EXTENSION_PREFIX}/protection/realityCheck`, auth: 'member', extension: true,
    body: z.object({ minutes: z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)]) }),
    value: realityCheckValue,
    summary: 'Choose the reality check interval (PlayDeck extension, RTS 13).',
  }),
  /**
   * POST `{}` → realityCheckValue: "continue" on a due reality check; the next one is one interval later.
   * 409 `reality_check_not_due` before it is due (or when off).
   */
  realityCheckContinue: defineCall({
    name: 'realityCheckContinue', method: 'POST', path: `${EXTENSION_PREFIX}/protection/realityCheck/continue`, auth: 'member', extension: true,
    body: z.object({}),
    value: realityCheckValue,
    summary: 'Acknowledge a due reality check and continue (PlayDeck extension, RTS 13).',
  }),
  /**
   * GET `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included, at most 366 days, not after today) →
   * statementValue; viewing it counts as this month's review. 400 `statement_period_invalid`.
   */
  statement: defineCall({
    name: 'statement', method: 'GET', path: `${EXTENSION_PREFIX}/protection/statement`, auth: 'member', extension: true,
    query: z.object({ from: isoDate, to: isoDate }),
    value: statementValue,
    summary: 'The player\'s activity statement of a period (PlayDeck extension).',
  }),
  /** GET → `{ reviewDue }`: true until the player viewed a statement this calendar month (UTC). */
  statementPrompt: defineCall({
    name: 'statementPrompt', method: 'GET', path: `${EXTENSION_PREFIX}/protection/statement/prompt`, auth: 'member', extension: true,
    value: z.object({ reviewDue: z.boolean() }),
    summary: 'Whether the member centre asks the player to review their monthly statement (PlayDeck extension).',
  }),
  /** GET → `{ links }`: the site's help organisations (operator content), for the responsible-gambling page. */
  helpOrganisations: defineCall({
    name: 'helpOrganisations', method: 'GET', path: `${EXTENSION_PREFIX}/protection/help`, auth: 'none', extension: true,
    value: z.object({ links: z.array(helpLink) }),
    summary: 'The site\'s help organisations for the responsible-gambling page (PlayDeck extension; operator content).',
  }),
};
