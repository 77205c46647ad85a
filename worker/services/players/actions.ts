import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';
import {
  endSessionsStatements, insertNoteStatement, playerMessageStatement, setPlayerStatusStatement, STATUS_CODE, type AccountState, type NoteRow,
} from '../../db/queries/console-players';
import { insertResetToken } from '../../db/queries/password-resets';
import { listCountries } from '../../db/queries/countries';
import { freeText, plainText, sanitizeRichText } from '../../model/rich-text';
import { recordAudit } from '../operators/audit';
import { hashToken, newToken } from '../crypto/tokens';
import { EMAIL_RESET_TTL_MS, resetLink } from '../accounts/email-reset';
import { maskPhone } from '../accounts/phone';
import { mailProvider } from '../kit/mail-provider';
import { smsProvider } from '../kit/sms-provider';
import { sitePlayer } from './read';

/**
 * What operators do to a player's account in the back office (docs/back-office.md "Players"), each with a reason
 * and an audit row (worker/services/operators/audit.ts) written in the same D1 batch as the change, target
 * `player:<id>`, with the state before and after. Only players of the operator's site (else 404 `player_not_found`).
 */

/** Who acts: the operator, their site and address (the audit row's who/where). */
export interface Actor {
  merchantCode: string;
  operatorId: number;
  operator: string;
  address: string;
}

/** The account actions and the states each may start from. */
export const STATUS_ACTIONS = {
  suspend: { from: ['active'], to: 'suspended' },
  close: { from: ['active', 'suspended'], to: 'closed' },
  reopen: { from: ['suspended', 'closed'], to: 'active' },
} as const satisfies Record<string, { from: readonly AccountState[]; to: AccountState }>;
export type StatusAction = keyof typeof STATUS_ACTIONS;

/**
 * Suspends, closes or reopens an account (audit `player.<action>`, before/after `{ status }`). Suspending or closing
 * ends every session and remembered log-in of the player in the same batch, and log-in is refused from then on with
 * 403 `account_disabled` (members.status ≠ 1: worker/services/accounts/login.ts and the other log-ins); reopening
 * lets them sign in again (old sessions stay ended). 409 `player_status_conflict` when the account is not in a state
 * the action starts from (e.g. reopening an active account).
 */
export async function changePlayerStatus(db: D1Database, actor: Actor, id: number, action: StatusAction, reason: string, now = Date.now()): Promise<void> {
  const player = await sitePlayer(db, actor.merchantCode, id);
  const rule = STATUS_ACTIONS[action];
  if (!(rule.from as readonly AccountState[]).includes(player.status)) {
    throw new ApiError(409, 'player_status_conflict', `The account is ${player.status}; it cannot be ${action === 'reopen' ? 'reopened' : `${action}d`}`);
  }
  const from = rule.from.map((s) => STATUS_CODE[s]);
  await db.batch([
    setPlayerStatusStatement(db, id, from, STATUS_CODE[rule.to]),
    ...(rule.to === 'active' ? [] : endSessionsStatements(db, id, now)),
    recordAudit(db, { ...actor, action: `player.${action}`, target: `player:${id}`, before: { status: player.status }, after: { status: rule.to }, reason, at: now }),
  ]);
}

/** An E.164 number split into the longest known dialling code and the rest (for the SMS outbox's columns). */
async function splitE164(db: D1Database, e164: string): Promise<{ dialingCode: string; mobileNum: string }> {
  const digits = e164.replace(/^\+/, '');
  const codes = (await listCountries(db)).map((c) => c.dialingCode).filter((c) => digits.startsWith(c)).sort((a, b) => b.length - a.length);
  const dialingCode = codes[0] ?? '';
  return { dialingCode, mobileNum: digits.slice(dialingCode.length) };
}

/**
 * Sends the player a password reset link (audit `player.reset_password`): the forgot-password mechanism's single-use
 * token (30 minutes, earlier links stop working; worker/services/accounts/email-reset.ts) as a link to /m/forget on
 * the site's host, by e-mail to the registered address, else by SMS to the proven phone (else the typed one). The
 * operator never sees a password or the link: the answer names the channel and the masked address. 409
 * `player_no_contact` when the player has neither; 403 `account_disabled` for a suspended or closed account (the
 * link would not work).
 */
export async function sendPasswordReset(env: Bindings, actor: Actor, id: number, reason: string, requestUrl: string, siteName: string, now = Date.now()) {
  const db = env.DB;
  const player = await sitePlayer(db, actor.merchantCode, id);
  if (player.status !== 'active') throw new ApiError(403, 'account_disabled', 'The account is suspended or closed; reopen it first');
  const channel = player.email !== '' ? 'email' : player.phone !== '' ? 'sms' : null;
  if (!channel) throw new ApiError(409, 'player_no_contact', 'The player has neither an e-mail address nor a phone number');
  const token = newToken();
  const to = channel === 'email' ? player.email.replace(/^(.).*(@.*)$/, '$1…$2') : maskPhone(player.phone);
  const audit = recordAudit(db, { ...actor, action: 'player.reset_password', target: `player:${id}`, after: { channel, to }, reason, at: now });
  await insertResetToken(db, { tokenHash: hashToken(token), memberId: id, merchantCode: actor.merchantCode, expiresAt: now + EMAIL_RESET_TTL_MS }, now, [audit]);
  const link = resetLink(requestUrl, token);
  if (channel === 'email') {
    await mailProvider(env).send({
      merchantCode: actor.merchantCode, to: player.email, subject: `${siteName}: reset your password`,
      text: `Our support team sent you this link to choose a new password for ${player.username} on ${siteName}.\n` +
        `Open it within 30 minutes (it works once):\n${link}\nIf you did not ask for it, ignore this message; your password stays as it is.`,
    });
  } else {
    const { dialingCode, mobileNum } = await splitE164(db, player.phone);
    await smsProvider(env).send({
      merchantCode: actor.merchantCode, countryDialingCode: dialingCode, mobileNum, e164: player.phone,
      text: `${siteName}: choose a new password within 30 minutes: ${link}`,
    });
  }
  return { channel, to };
}

/** Plain text as inbox HTML: characters escaped, blank lines make paragraphs, line breaks kept. */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return freeText(text).split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter((p) => p !== '')
    .map((p) => `<p>${escape(p).replace(/\r?\n/g, '<br>')}</p>`).join('');
}

/**
 * Sends a personal message to the player's inbox (audit `player.message` with the title), as the operator command
 * `message` does (worker/db/queries/inbox.ts sendMessageSql), from plain text. The answer is the inbox row.
 */
export async function sendPlayerMessage(db: D1Database, actor: Actor, id: number, input: { title: string; text: string; reason?: string | undefined }, now = Date.now()) {
  const player = await sitePlayer(db, actor.merchantCode, id);
  const title = plainText(input.title).slice(0, 120);
  const content = sanitizeRichText(textToHtml(input.text));
  if (title === '' || content === '') throw new ApiError(400, 'request_param_err', 'The message needs a title and a text');
  const messageKey = `console:${newToken().slice(0, 24)}`;
  const message = { merchantCode: actor.merchantCode, audience: { kind: 'member', username: player.username }, messageKey, title, content } as const;
  const [sent] = await db.batch([
    playerMessageStatement(db, message, now),
    recordAudit(db, { ...actor, action: 'player.message', target: `player:${id}`, after: { title, messageKey }, reason: input.reason, at: now }),
  ]);
  const messageId = (sent?.results[0] as { id: number } | undefined)?.id;
  if (typeof messageId !== 'number') throw new Error('message insert returned no id');
  return { id: messageId, title, broadcast: false, read: false, createdAt: now };
}

/** Adds an operator note on the player (audit `player.note` with the note as after). */
export async function addPlayerNote(db: D1Database, actor: Actor, id: number, body: string, now = Date.now()): Promise<NoteRow> {
  await sitePlayer(db, actor.merchantCode, id);
  const text = freeText(body).slice(0, 2000);
  if (text === '') throw new ApiError(400, 'request_param_err', 'The note is empty');
  const [inserted] = await db.batch([
    insertNoteStatement(db, { merchantCode: actor.merchantCode, memberId: id, operatorId: actor.operatorId, operator: actor.operator, body: text }, now),
    recordAudit(db, { ...actor, action: 'player.note', target: `player:${id}`, after: { note: text }, at: now }),
  ]);
  const row = inserted?.results[0] as { id: number; operator: string; body: string; created_at: number } | undefined;
  if (!row) throw new Error('note insert returned no row');
  return { id: row.id, operator: row.operator, body: row.body, createdAt: row.created_at };
}
