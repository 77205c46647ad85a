import { Hono, type Context } from 'hono';
import type { ZodType } from 'zod';
import { encodeValue, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import {
  consoleAdjustBody, consoleAdjustmentDecisionBody, consoleAdjustmentsQuery, consoleLedgerQuery, consolePageQuery, consolePlayerActionBody,
  consolePlayerCalls as calls, consolePlayerMessageBody, consolePlayerNoteBody, consolePlayersQuery,
} from '../../contract/calls/console-players';
import { findPlayers, playerParts, playerRecord, type Paging } from '../services/players/read';
import { addPlayerNote, changePlayerStatus, sendPasswordReset, sendPlayerMessage, type Actor, type StatusAction } from '../services/players/actions';
import { approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment } from '../services/players/adjustments';
import { builtInOnly, can, type ConsoleEnv } from './access';

/**
 * The back office's Players area (docs/back-office.md "Players"; calls in contract/calls/console-players.ts), mounted
 * under /console/api by worker/console/router.ts behind its session, site, CSRF and origin checks (access.ts `can`):
 * - GET players (players.read): the search; GET players/:id: the player; GET players/:id/<part> (players.read):
 *   ledger, deposits, withdrawals, games, bonuses, promotions, messages, chats, logins, notes; players/:id/audit
 *   (audit.read);
 * - POST players/:id/suspend|close|reopen|reset-password|message|notes (players.act), players/:id/adjust
 *   (players.adjust);
 * - GET adjustments (players.adjust); POST adjustments/:id/approve|reject (players.adjust.approve).
 * Built-in mode only: in upstream mode the platform keeps players and money, and every route answers 404
 * `function.not.available`. Everything is on the operator's site (the host's merchant): another site's player or
 * adjustment answers 404.
 */

/** The audit row's who/where of the signed-in operator. */
const actor = (c: Context<ConsoleEnv>): Actor => ({
  merchantCode: c.var.merchant.code, operatorId: c.var.operator.id, operator: c.var.operator.username, address: c.var.clientIp,
});

const ID = ':id{[0-9]{1,12}}';
const idOf = (c: Context<ConsoleEnv>) => Number(c.req.param('id'));

/** The simple parts: each a page of a player's records, read with `playerParts[name]`. */
const PARTS = ['deposits', 'withdrawals', 'games', 'bonuses', 'promotions', 'messages', 'chats', 'logins', 'notes'] as const;
const PART_CALLS = {
  deposits: calls.consolePlayerDeposits, withdrawals: calls.consolePlayerWithdrawals, games: calls.consolePlayerGames,
  bonuses: calls.consolePlayerBonuses, promotions: calls.consolePlayerPromotions, messages: calls.consolePlayerMessages,
  chats: calls.consolePlayerChats, logins: calls.consolePlayerLogins, notes: calls.consolePlayerNotes,
} as const;

const STATUS_ACTIONS: StatusAction[] = ['suspend', 'close', 'reopen'];

const app = new Hono<ConsoleEnv>()
  .use('/players', builtInOnly)
  .use('/players/*', builtInOnly)
  .use('/adjustments', builtInOnly)
  .use('/adjustments/*', builtInOnly)
  .get('/players', can('players.read'), valid('query', consolePlayersQuery), async (c) => {
    const q = c.req.valid('query');
    return ok(c, encodeValue(calls.consolePlayers, await findPlayers(c.env.DB, { ...q, merchantCode: c.var.merchant.code })));
  })
  .get(`/players/${ID}`, can('players.read'), async (c) => {
    return ok(c, encodeValue(calls.consolePlayer, await playerRecord(c.env.DB, c.var.merchant.code, idOf(c))));
  })
  .get(`/players/${ID}/ledger`, can('players.read'), valid('query', consoleLedgerQuery), async (c) => {
    const q = c.req.valid('query');
    const kinds = q.kind ? q.kind.split(',') : [];
    const page = await playerParts.ledger(c.env.DB, c.var.merchant.code, idOf(c), { page: q.page, perPage: q.perPage, kinds, from: q.from, to: q.to });
    return ok(c, encodeValue(calls.consolePlayerLedger, page));
  })
  .get(`/players/${ID}/audit`, can('audit.read'), valid('query', consolePageQuery), async (c) => {
    return ok(c, encodeValue(calls.consolePlayerAudit, await playerParts.audit(c.env.DB, c.var.merchant.code, idOf(c), c.req.valid('query'))));
  })
  .post(`/players/${ID}/reset-password`, can('players.act'), valid('json', consolePlayerActionBody), async (c) => {
    const sent = await sendPasswordReset(c.env, actor(c), idOf(c), c.req.valid('json').reason, c.req.url, c.var.merchant.name);
    return ok(c, encodeValue(calls.consolePlayerResetPassword, sent));
  })
  .post(`/players/${ID}/message`, can('players.act'), valid('json', consolePlayerMessageBody), async (c) => {
    return ok(c, encodeValue(calls.consolePlayerMessage, await sendPlayerMessage(c.env.DB, actor(c), idOf(c), c.req.valid('json'))));
  })
  .post(`/players/${ID}/notes`, can('players.act'), valid('json', consolePlayerNoteBody), async (c) => {
    return ok(c, encodeValue(calls.consolePlayerNote, await addPlayerNote(c.env.DB, actor(c), idOf(c), c.req.valid('json').body)));
  })
  .post(`/players/${ID}/adjust`, can('players.adjust'), valid('json', consoleAdjustBody), async (c) => {
    const { amount, ...body } = c.req.valid('json');
    const adjusted = await requestAdjustment(c.env.DB, actor(c), idOf(c), { ...body, amountMinor: amount });
    return ok(c, encodeValue(calls.consolePlayerAdjust, adjusted));
  })
  .get('/adjustments', can('players.adjust'), valid('query', consoleAdjustmentsQuery), async (c) => {
    return ok(c, encodeValue(calls.consoleAdjustments, await listAdjustments(c.env.DB, c.var.merchant.code, c.req.valid('query'))));
  })
  .post(`/adjustments/${ID}/approve`, can('players.adjust.approve'), valid('json', consoleAdjustmentDecisionBody), async (c) => {
    const decided = await approveAdjustment(c.env.DB, actor(c), idOf(c), c.req.valid('json').reason);
    return ok(c, encodeValue(calls.consoleAdjustmentApprove, decided));
  })
  .post(`/adjustments/${ID}/reject`, can('players.adjust.approve'), valid('json', consoleAdjustmentDecisionBody), async (c) => {
    const decided = await rejectAdjustment(c.env.DB, actor(c), idOf(c), c.req.valid('json').reason);
    return ok(c, encodeValue(calls.consoleAdjustmentReject, decided));
  });

for (const part of PARTS) {
  app.get(`/players/${ID}/${part}`, can('players.read'), valid('query', consolePageQuery), async (c) => {
    const paging: Paging = c.req.valid('query');
    const def: { value: ZodType } = PART_CALLS[part];
    return ok(c, encodeValue(def, await playerParts[part](c.env.DB, c.var.merchant.code, idOf(c), paging)));
  });
}

for (const action of STATUS_ACTIONS) {
  app.post(`/players/${ID}/${action}`, can('players.act'), valid('json', consolePlayerActionBody), async (c) => {
    await changePlayerStatus(c.env.DB, actor(c), idOf(c), action, c.req.valid('json').reason);
    return ok(c, encodeValue(calls.consolePlayer, await playerRecord(c.env.DB, c.var.merchant.code, idOf(c))));
  });
}

/** The Players area's routes, mounted at /console/api. */
export const consolePlayers = app;
