import { z } from 'zod';
import { defineCall, type CallDef } from '../call';
import { CONSOLE_AREA_CALLS } from './console-areas';

/**
 * The operator console's calls (/console/api; docs/back-office.md): its own realm with its own session cookie,
 * CSRF token and roles — not the player API, so they are not in `allCalls()`; `npm run openapi` adds them to the
 * OpenAPI document under the `console` tag. Answers use the /wps envelope. `console` names the permission each call
 * needs (rules/console-roles.ts); every call also needs the site in the operator's sites.
 */

const consoleRole = z.enum(['owner', 'admin', 'finance', 'support', 'content']);

/** The signed-in operator as sign-in and me answer it. */
export const consoleMe = z.object({
  name: z.string(),
  /** The site's name (the host's merchant). */
  merchant: z.string(),
  csrfToken: z.string(),
  role: consoleRole,
  /** Merchant codes the operator may use. */
  sites: z.array(z.string()),
  totpEnabled: z.boolean(),
  /** The role needs a second factor that is not set up yet: only me, log-out and the enrolment calls work. */
  enrolRequired: z.boolean(),
  /** The site runs in upstream mode: the back office hides players, money and reports (docs/upstream-mode.md). */
  upstream: z.boolean(),
  /** The operator's other sites with the address of their back office (`<scheme>://<host>/console/`); sites without a host are left out. */
  siteLinks: z.array(z.object({ code: z.string(), name: z.string(), url: z.string() })),
});

/**
 * The list convention's query (src/console/registry.ts): page (from 1), rows per page (1–500, 25 by default), the
 * field to sort by and its order. A list call adds its own filters with `consoleListQuery.extend({ … })`.
 */
export const consoleListQuery = z.object({
  page: z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1)).optional(),
  perPage: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(500)).optional(),
  sort: z.string().regex(/^[A-Za-z][A-Za-z0-9_.]{0,39}$/).optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
});

/** The list convention's answer `{ items, total }` for items of `item` (each with an `id`). */
export function consoleListOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}

/** One audit row on the wire; before/after are the JSON texts as stored (null: nothing). Times are epoch ms. */
export const consoleAuditRow = z.object({
  id: z.number().int(),
  at: z.number().int(),
  merchantCode: z.string(),
  operatorId: z.number().int().nullable(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string(),
  address: z.string(),
});

const isoOrMs = z.union([z.string().regex(/^\d{1,15}$/).transform(Number), z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)), z.iso.date().transform((s) => Date.parse(s))]);

/** Audit filters: operator username, action (exact, or `prefix.*`), time range [from, to) as epoch ms or ISO 8601. */
export const consoleAuditQuery = consoleListQuery.extend({
  operator: z.string().trim().min(1).max(60).optional(),
  action: z.string().trim().regex(/^[a-z0-9_.]+(\.\*)?$/).max(60).optional(),
  from: isoOrMs.optional(),
  to: isoOrMs.optional(),
  /** Rows older than this id (the last id of the previous page; the CSV export and the command line page this way). */
  before: z.string().regex(/^\d{1,15}$/).transform(Number).optional(),
  limit: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(500)).optional(),
});

/** A conversation id as the chat launch makes it. */
const conversationId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** Sign-in body: a 6-digit TOTP code or a recovery code in `code`, for operators with a second factor. */
export const consoleLoginBody = z.object({
  username: z.string().trim().min(1).max(40),
  password: z.string().min(1).max(200),
  code: z.string().trim().max(20).optional(),
});
/** The first code of an enrolment. */
export const consoleTotpConfirmBody = z.object({ code: z.string().trim().regex(/^\d{6}$/) });
export const consoleConversationsQuery = z.object({ status: z.enum(['open', 'closed']).default('open') });
export const consoleTicketBody = z.object({ conversationId });

export const consoleCalls = {
  /** POST sign-in; 401 `console_login_failed` / `console_totp_required` / `console_totp_invalid`, 429 with Retry-After. */
  consoleLogin: defineCall({
    name: 'consoleLogin', method: 'POST', path: '/console/api/login', auth: 'none', console: 'public',
    body: consoleLoginBody,
    value: consoleMe,
    summary: 'Operator console sign-in (docs/back-office.md "Sign-in guard", "Two-factor sign-in").',
  }),
  consoleMe: defineCall({
    name: 'consoleMe', method: 'GET', path: '/console/api/me', auth: 'none', console: 'session', value: consoleMe,
    summary: 'The signed-in operator, their role and sites (docs/back-office.md).',
  }),
  consoleLogout: defineCall({
    name: 'consoleLogout', method: 'POST', path: '/console/api/logout', auth: 'none', console: 'session', value: z.null(),
    summary: 'Ends the console session.',
  }),
  /** POST starts (or restarts) TOTP enrolment: the secret, shown once; 409 `console_totp_enabled` once confirmed. */
  consoleTotpEnrol: defineCall({
    name: 'consoleTotpEnrol', method: 'POST', path: '/console/api/totp/enrol', auth: 'none', console: 'session',
    value: z.object({ secret: z.string(), uri: z.string() }),
    summary: 'Starts two-factor enrolment (docs/back-office.md "Two-factor sign-in").',
  }),
  /** POST confirms enrolment with a first code: ten recovery codes, shown once; 400 `console_totp_invalid`. */
  consoleTotpConfirm: defineCall({
    name: 'consoleTotpConfirm', method: 'POST', path: '/console/api/totp/confirm', auth: 'none', console: 'session',
    body: consoleTotpConfirmBody,
    value: z.object({ recoveryCodes: z.array(z.string()) }),
    summary: 'Confirms two-factor enrolment (docs/back-office.md "Two-factor sign-in").',
  }),
  consoleConversations: defineCall({
    name: 'consoleConversations', method: 'GET', path: '/console/api/conversations', auth: 'none', console: 'chat.read',
    query: consoleConversationsQuery,
    value: z.array(z.object({ id: z.string(), account: z.string(), agentUnread: z.number() }).loose()),
    summary: "The site's conversations with the player's account and the agent-side unread count.",
  }),
  consoleChatTicket: defineCall({
    name: 'consoleChatTicket', method: 'POST', path: '/console/api/ticket', auth: 'none', console: 'chat.answer',
    body: consoleTicketBody,
    value: z.object({ ticket: z.string(), wsPath: z.string(), expiresAt: z.number() }),
    summary: "A chat ticket as agent, bound to the console session (404 `conversation_not_found` for another site's).",
  }),
  consoleAudit: defineCall({
    name: 'consoleAudit', method: 'GET', path: '/console/api/audit', auth: 'none', console: 'audit.read',
    query: consoleAuditQuery, value: consoleListOf(consoleAuditRow),
    summary: 'Searches the audit log of the site, newest first, a page at a time (`{ items, total }`; docs/back-office.md "Audit log").',
  }),
  consoleAuditCsv: defineCall({
    name: 'consoleAuditCsv', method: 'GET', path: '/console/api/audit.csv', auth: 'none', console: 'audit.read', text: true,
    query: consoleAuditQuery, value: z.string(),
    summary: 'The audit search as CSV (text/csv; at most 10,000 rows; docs/back-office.md "Audit log").',
  }),
} as const;

/** Every console call, for the OpenAPI document. */
export function consoleCallList(): CallDef[] {
  return [...Object.values(consoleCalls) as CallDef[], ...CONSOLE_AREA_CALLS.flatMap((calls) => Object.values(calls))];
}
