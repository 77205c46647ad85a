import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money } from '../money';
import { withdrawBody } from './wallet';

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

/** The two kinds of RTS 14 block: a time-out ("take a break") and a self-exclusion (as rules/exclusion.ts). */
const EXCLUSION_KINDS = ['break', 'self_exclusion'] as const;

/** A break or self-exclusion in force: its kind and end (epoch ms; null: permanent or until reopening is asked). */
export const exclusionBlockValue = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  until: z.number().int().nullable(),
  /** A self-exclusion ended and waits for the player's request to reopen. */
  reopenable: z.boolean(),
});

/** The log-in proof of a player who cannot log in (sealed: the password never travels in clear JSON). */
const accountProof = { username: z.string().trim().min(1).max(64), password: z.string().min(1).max(200) };

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
  /**
   * POST `{ kind: break|self_exclusion, duration }` (break: day|week|days30|weeks6; self_exclusion:
   * months6|year1|years2|years5|permanent; rules/exclusion.ts) → `{ kind, startedAt, until }` (until null:
   * permanent). In force at once: every session of the player ends with it (this one too; the page logs out). It
   * cannot be undone; a new one must end later than the one in force (409 `exclusion_not_longer`); 400
   * `request_param_err` for an unknown duration.
   */
  protectionExclude: defineCall({
    name: 'protectionExclude', method: 'POST', path: `${EXTENSION_PREFIX}/protection/exclusion`, auth: 'member', extension: true,
    body: z.object({ kind: z.enum(EXCLUSION_KINDS), duration: z.string().min(1).max(16) }),
    value: z.object({ kind: z.enum(EXCLUSION_KINDS), startedAt: z.number().int(), until: z.number().int().nullable() }),
    summary: 'Take a break or self-exclude; ends every session (PlayDeck extension, RTS 14).',
  }),
  /**
   * POST sealed `{ username, password }` (no session: the log-in is refused) → the block that remains (`until`: when
   * the account opens, 24 hours after this request) or null. 409 `reopen_not_available` unless a self-exclusion
   * ended and waits for this request; 401 `login.cred.err`; 429 `TOO_MANY_REQUEST`.
   */
  protectionReopen: defineCall({
    name: 'protectionReopen', method: 'POST', path: `${EXTENSION_PREFIX}/protection/reopen`, auth: 'none', extension: true,
    encrypted: true, body: z.object(accountProof), value: exclusionBlockValue.nullable(),
    summary: 'Ask to reopen the account after a self-exclusion ended; it opens 24 hours later (PlayDeck extension, RTS 14).',
  }),
  /**
   * POST sealed `{ username, password, paymentPassword, payeeName, bankName, accountNumber, idempotencyKey }` (no
   * session: the player is on a break or self-excluded) → `{ withdrawalId, amount, balance }`: the whole cash
   * balance (at most the site's maximum) becomes a withdrawal request, a bonus not yet wagered is forfeited. 409
   * `player_not_excluded`, `insufficient_balance`, `withdraw_unavailable`; 400 `amount_out_of_range`,
   * `payment_password_not_set`; 403 `payment_password_wrong`; 401 `login.cred.err`; 429.
   */
  protectionPayout: defineCall({
    name: 'protectionPayout', method: 'POST', path: `${EXTENSION_PREFIX}/protection/payout`, auth: 'none', extension: true,
    encrypted: true,
    body: withdrawBody.pick({ payeeName: true, bankName: true, accountNumber: true, paymentPassword: true, idempotencyKey: true })
      .extend(accountProof),
    value: z.object({ withdrawalId: z.number().int(), amount: money(), balance: money() }),
    summary: 'Pay out the balance of a player on a break or self-excluded (PlayDeck extension, RTS 14).',
  }),
};
