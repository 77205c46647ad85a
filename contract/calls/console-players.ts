import { z } from 'zod';
import { defineCall } from '../call';
import { money, wireMoney } from '../money';

/**
 * The back office's Players area (docs/back-office.md "Players"): find a player, read everything about them, act on
 * the account and adjust the balance. Console realm calls (contract/calls/console.ts): the console session cookie,
 * `X-CSRF-Token` on state changes, `console` names the permission (rules/console-roles.ts). Built-in mode only:
 * in upstream mode the platform keeps players and money and every call answers 404 `function.not.available`.
 * Lists follow the back office's data conventions (src/console/registry.ts): `page` (1-based) and `perPage`
 * (1–100) in, `{ items, total }` out. Money is decimal currency units on the wire (contract/money.ts), times epoch ms.
 * Another site's player answers 404 `player_not_found`.
 */

const digits = (max: number) => z.string().regex(new RegExp(`^\\d{1,${max}}$`)).transform(Number);
const isoOrMs = z.union([digits(15), z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)), z.iso.date().transform((s) => Date.parse(s))]);

/** Paging of every list: page from 1, perPage 1–100 (default 25). */
export const consolePageQuery = z.object({
  page: digits(6).pipe(z.number().int().min(1)).default(1),
  perPage: digits(3).pipe(z.number().int().min(1).max(100)).default(25),
});

/** The account's state: `suspended` and `closed` accounts cannot sign in and their sessions ended. */
export const PLAYER_STATUSES = ['active', 'suspended', 'closed'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/**
 * The player search: `q` matches any of id, user name (prefix), e-mail, phone (the digits, with or without the
 * country code) and IP (registration or any log-in); the named filters match one field each and combine with AND.
 * Newest players first unless `sort` names `id`, `createdAt` or `lastLoginAt` with `order`.
 */
export const consolePlayersQuery = consolePageQuery.extend({
  q: z.string().trim().min(1).max(80).optional(),
  id: digits(12).optional(),
  username: z.string().trim().min(1).max(40).optional(),
  email: z.string().trim().min(3).max(120).optional(),
  phone: z.string().trim().regex(/^\+?[\d\s-]{4,20}$/).optional(),
  ip: z.string().trim().regex(/^[0-9A-Fa-f.:]{2,45}$/).optional(),
  status: z.enum(PLAYER_STATUSES).optional(),
  sort: z.enum(['id', 'createdAt', 'lastLoginAt']).default('id'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});

/** A player as the search lists them. */
export const consolePlayerSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  /** Member type (player-shell §3): 0, 1, 2 real; 4 trial; 40–42 special. */
  type: z.number().int(),
  status: z.enum(PLAYER_STATUSES),
  email: z.string(),
  /** The proven phone (E.164), else the phone typed without proof, else ''. */
  phone: z.string(),
  registerIp: z.string(),
  createdAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  currency: z.string(),
  /** Withdrawable cash. */
  cash: money(),
  /** Bonus money (with its wagering still to do). */
  bonus: money(),
});

/** The player page's head: profile, status and balance. */
export const consolePlayer = consolePlayerSummary.extend({
  phoneVerified: z.boolean(),
  registerMethod: z.string(),
  language: z.string().nullable(),
  referrerId: z.number().int().nullable(),
  /** The optional registration fields and other profile values (secrets such as the payment password never). */
  profile: z.record(z.string(), z.string()),
  wageringRequired: money(),
  wageringDone: money(),
  /** Addresses the player used (registration, log-ins), most recent first, and how many other players used each. */
  addresses: z.array(z.object({ address: z.string(), lastAt: z.number().int(), otherPlayers: z.number().int() })),
  /** Adjustment requests waiting for a second operator. */
  pendingAdjustments: z.number().int(),
});

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** Ledger filters: kinds (comma-separated ledger kinds) and the period [from, to) as epoch ms or ISO 8601. */
export const consoleLedgerQuery = consolePageQuery.extend({
  kind: z.string().trim().regex(/^[a-z_]{2,30}(,[a-z_]{2,30}){0,20}$/).optional(),
  from: isoOrMs.optional(),
  to: isoOrMs.optional(),
});

/** One ledger entry: the cash and the bonus part it moved and both balances after it. */
export const consoleLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.string(),
  cash: money(),
  bonus: money(),
  cashAfter: money(),
  bonusAfter: money(),
  reference: z.string(),
  createdAt: z.number().int(),
});

export const consoleDeposit = z.object({
  id: z.number().int(), methodCode: z.string(), amount: money(), currency: z.string(), status: z.string(),
  providerTxnId: z.string().nullable(), createdAt: z.number().int(), creditedAt: z.number().int().nullable(),
});
export const consoleWithdrawal = z.object({
  id: z.number().int(), amount: money(), currency: z.string(), status: z.string(), reason: z.string(), payeeName: z.string(),
  bankName: z.string(), accountNumber: z.string(), createdAt: z.number().int(), releasedAt: z.number().int().nullable(),
});
/** A lottery order or a game round (worker/db/queries/game-history.ts). */
export const consoleGameRecord = z.object({
  id: z.string(), kind: z.string(), roundId: z.number().int(), gameName: z.string(), stake: money(), win: money(), refund: money(),
  status: z.string(), freePlay: z.boolean(), createdAt: z.number().int(),
  /** The game provider's name for a provider's round (docs/game-providers.md), '' for the site's own games and lottery. */
  provider: z.string(),
});
/** A reward of the reward centre (sign-in, promotion, referral). */
export const consoleBonus = z.object({
  id: z.number().int(), kind: z.string(), title: z.string(), amount: money(), status: z.string(), createdAt: z.number().int(),
  claimedAt: z.number().int().nullable(),
});
export const consolePromotionApplication = z.object({
  id: z.number().int(), announcementId: z.number().int(), title: z.string(), remark: z.string(), images: z.number().int(),
  status: z.string(), createdAt: z.number().int(),
});
export const consoleInboxMessage = z.object({
  id: z.number().int(), title: z.string(), broadcast: z.boolean(), read: z.boolean(), createdAt: z.number().int(),
});
export const consoleChat = z.object({
  id: z.string(), status: z.string(), createdAt: z.number().int(), lastMessageAt: z.number().int(), messages: z.number().int(),
  agentUnread: z.number().int(), playerUnread: z.number().int(),
});
export const consoleLogin = z.object({
  id: z.number().int(), at: z.number().int(), method: z.string(), address: z.string(), device: z.string(), userAgent: z.string(),
});
export const consoleNote = z.object({ id: z.number().int(), operator: z.string(), body: z.string(), createdAt: z.number().int() });
/** An audit row of the player (target `player:<id>`); before/after are the JSON texts as stored. */
export const consolePlayerAuditRow = z.object({
  id: z.number().int(), at: z.number().int(), operator: z.string(), action: z.string(), before: z.string().nullable(), after: z.string().nullable(),
  reason: z.string(), address: z.string(),
});

/** The reason every action carries (into the audit log). */
const reason = z.string().trim().min(3).max(500);
export const consolePlayerActionBody = z.object({ reason });
export const consolePlayerMessageBody = z.object({
  title: z.string().trim().min(1).max(120),
  /** Plain text: paragraphs are kept, no markup. */
  text: z.string().trim().min(1).max(5000),
  reason: reason.optional(),
});
export const consolePlayerNoteBody = z.object({ body: z.string().trim().min(1).max(2000) });

/** The client's key of one adjustment (a retried request with the same key changes nothing twice). */
const requestKey = z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/);
/** A manual balance adjustment: a positive amount credited to or debited from the cash or the bonus balance. */
export const consoleAdjustBody = z.object({
  balance: z.enum(['cash', 'bonus']),
  direction: z.enum(['credit', 'debit']),
  amount: money(wireMoney.pipe(z.number().positive().max(10_000_000))),
  reason,
  idempotencyKey: requestKey,
});
export const consoleAdjustment = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  username: z.string(),
  balance: z.enum(['cash', 'bonus']),
  /** Signed: a debit is negative. */
  amount: money(),
  reason: z.string(),
  /** `applied`: the ledger entry exists; `pending`: waits for a second operator; `rejected`: no money moved. */
  status: z.enum(['pending', 'applied', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string(),
  /** The threshold in force when it was asked for: above it the adjustment needs a second operator. */
  threshold: money().optional(),
});
export const consoleAdjustmentsQuery = consolePageQuery.extend({
  status: z.enum(['pending', 'applied', 'rejected']).optional(),
  playerId: digits(12).optional(),
});
export const consoleAdjustmentDecisionBody = z.object({ reason: z.string().trim().max(500).default('') });

const P = '/console/api/players';
const one = '/console/api/players/{id}';
const part = <T extends z.ZodType>(name: string, path: string, item: T, summary: string, query: z.ZodType = consolePageQuery) =>
  defineCall({ name, method: 'GET', path: `${one}/${path}`, auth: 'none', console: 'players.read', query, value: page(item), summary });
const action = (name: string, path: string, permission: string, body: z.ZodType, value: z.ZodType, summary: string) =>
  defineCall({ name, method: 'POST', path: `${one}/${path}`, auth: 'none', console: permission, body, value, summary });

export const consolePlayerCalls = {
  consolePlayers: defineCall({
    name: 'consolePlayers', method: 'GET', path: P, auth: 'none', console: 'players.read', query: consolePlayersQuery,
    value: page(consolePlayerSummary), summary: 'Finds players of the site by id, user name, e-mail, phone or IP (docs/back-office.md "Players").',
  }),
  consolePlayer: defineCall({
    name: 'consolePlayer', method: 'GET', path: one, auth: 'none', console: 'players.read', value: consolePlayer,
    summary: 'A player: profile, status, balance, addresses (404 `player_not_found`).',
  }),
  consolePlayerLedger: part('consolePlayerLedger', 'ledger', consoleLedgerEntry, "The player's ledger, newest first, filtered by kind and period.", consoleLedgerQuery),
  consolePlayerDeposits: part('consolePlayerDeposits', 'deposits', consoleDeposit, "The player's deposits, newest first."),
  consolePlayerWithdrawals: part('consolePlayerWithdrawals', 'withdrawals', consoleWithdrawal, "The player's withdrawal requests, newest first."),
  consolePlayerGames: part('consolePlayerGames', 'games', consoleGameRecord, "The player's game record (lottery orders, demo rounds and game providers' rounds), newest first."),
  consolePlayerBonuses: part('consolePlayerBonuses', 'bonuses', consoleBonus, "The player's rewards (sign-in, promotion, referral)."),
  consolePlayerPromotions: part('consolePlayerPromotions', 'promotions', consolePromotionApplication, "The player's promotion applications."),
  consolePlayerMessages: part('consolePlayerMessages', 'messages', consoleInboxMessage, "The player's inbox (personal messages and broadcasts)."),
  consolePlayerChats: part('consolePlayerChats', 'chats', consoleChat, "The player's live-chat conversations."),
  consolePlayerLogins: part('consolePlayerLogins', 'logins', consoleLogin, "The player's log-ins with address and device, newest first."),
  consolePlayerNotes: part('consolePlayerNotes', 'notes', consoleNote, "Operators' notes on the player, newest first."),
  consolePlayerAudit: defineCall({
    name: 'consolePlayerAudit', method: 'GET', path: `${one}/audit`, auth: 'none', console: 'audit.read', query: consolePageQuery,
    value: page(consolePlayerAuditRow), summary: 'The audit rows of the player (every action and adjustment), newest first.',
  }),
  consolePlayerSuspend: action('consolePlayerSuspend', 'suspend', 'players.act', consolePlayerActionBody, consolePlayer,
    'Suspends an active account: its sessions end, log-in answers 403 `account_disabled` (409 `player_status_conflict`).'),
  consolePlayerClose: action('consolePlayerClose', 'close', 'players.act', consolePlayerActionBody, consolePlayer,
    'Closes an active or suspended account: its sessions end, log-in answers 403 `account_disabled`.'),
  consolePlayerReopen: action('consolePlayerReopen', 'reopen', 'players.act', consolePlayerActionBody, consolePlayer,
    'Reopens a suspended or closed account.'),
  consolePlayerResetPassword: action('consolePlayerResetPassword', 'reset-password', 'players.act', consolePlayerActionBody,
    z.object({ channel: z.enum(['email', 'sms']), to: z.string() }),
    'Sends the player a password reset link by e-mail, else by SMS (409 `player_no_contact`); never shows a password.'),
  consolePlayerMessage: action('consolePlayerMessage', 'message', 'players.act', consolePlayerMessageBody, consoleInboxMessage,
    "Sends a message to the player's inbox."),
  consolePlayerNote: action('consolePlayerNote', 'notes', 'players.act', consolePlayerNoteBody, consoleNote, 'Adds an operator note.'),
  consolePlayerAdjust: action('consolePlayerAdjust', 'adjust', 'players.adjust', consoleAdjustBody, consoleAdjustment.extend({ replayed: z.boolean() }),
    'A manual balance adjustment: applied at once up to the site threshold, else a request for a second operator (409 `insufficient_balance`).'),
  consoleAdjustments: defineCall({
    name: 'consoleAdjustments', method: 'GET', path: '/console/api/adjustments', auth: 'none', console: 'players.adjust',
    query: consoleAdjustmentsQuery, value: page(consoleAdjustment), summary: 'Balance adjustments of the site, newest first (pending first to decide).',
  }),
  consoleAdjustmentApprove: defineCall({
    name: 'consoleAdjustmentApprove', method: 'POST', path: '/console/api/adjustments/{id}/approve', auth: 'none', console: 'players.adjust.approve',
    body: consoleAdjustmentDecisionBody, value: consoleAdjustment,
    summary: 'Approves a pending adjustment: its ledger entry is written once (403 `adjustment_self_approval`, 409 `adjustment_decided`).',
  }),
  consoleAdjustmentReject: defineCall({
    name: 'consoleAdjustmentReject', method: 'POST', path: '/console/api/adjustments/{id}/reject', auth: 'none', console: 'players.adjust.approve',
    body: consoleAdjustmentDecisionBody, value: consoleAdjustment, summary: 'Rejects a pending adjustment (409 `adjustment_decided`).',
  }),
} as const;
