/**
 * Operator commands of the conversation area (accounts-and-communication §2 Message centre; the inbox, the
 * operator console and an external chat): parsing, validation and the SQL each runs. Pure, so it is tested
 * without wrangler; values reach SQL only as escaped literals (inlineSql).
 */
import { sendMessageSql, type InboxAudience } from '../worker/db/queries/inbox.ts';
import { sanitizeRichText } from '../worker/model/rich-text.ts';
import { sqlString, UsageError } from './operator-commands.ts';

/** A parsed conversation command. */
export type ConversationCommand =
  | { kind: 'message'; merchant: string; audience: InboxAudience; messageKey: string; title: string; content: string }
  | { kind: 'welcome'; merchant: string; language: string; title: string; content: string }
  | { kind: 'console-operator'; merchant: string; username: string; displayName: string }
  | { kind: 'chat-url'; merchant: string; template: string | null };

/** Usage lines of these commands (appended to the operator script's usage). */
export const CONVERSATION_USAGE = `  message <merchant> member:<username>|agents|all <messageKey> <title> <html>
                                          send an inbox message to one member, to the agents or to everyone on the
                                          site; sending the same messageKey again changes nothing
  welcome <merchant> <language> <title> <html>
                                          the welcome message new members receive in that language (EN: fallback)
  console-operator <merchant> <username> <display name>
                                          create a support agent of the operator console (or reset their password);
                                          the password is read from CONSOLE_PASSWORD (at least 10 characters)
  chat-url <merchant> <url template|none> an external live-chat product: launch chat answers this URL with {token},
                                          {language}, {merchant} and {username} filled in; none: the built-in chat`;

const MERCHANT = /^[A-Za-z0-9_]{1,32}$/;
const KEY = /^[A-Za-z0-9._:-]{1,100}$/;
const USERNAME = /^[A-Za-z0-9_.@+-]{1,40}$/;
const LANGUAGE = /^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/;

function merchantArg(value: string | undefined): string {
  if (!value || !MERCHANT.test(value)) throw new UsageError(`merchant code expected, got ${JSON.stringify(value ?? '')}`);
  return value;
}

function textArg(value: string | undefined, what: string, max: number): string {
  const text = (value ?? '').trim();
  if (text.length === 0 || text.length > max) throw new UsageError(`${what} expected (1 to ${max} characters)`);
  return text;
}

/** `member:<username>`, `agents` or `all`. */
export function parseAudience(value: string | undefined): InboxAudience {
  if (value === 'agents' || value === 'all') return { kind: value };
  const username = value?.startsWith('member:') ? value.slice('member:'.length) : '';
  if (!USERNAME.test(username)) throw new UsageError(`member:<username>, agents or all expected, got ${JSON.stringify(value ?? '')}`);
  return { kind: 'member', username };
}

/** An external chat URL template: https (or http for a local test) with no spaces, or `none`. */
export function parseChatTemplate(value: string | undefined): string | null {
  if (value === 'none') return null;
  try {
    const url = new URL((value ?? '').replaceAll(/\{(token|language|merchant|username)\}/g, 'x'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
    return value!;
  } catch {
    throw new UsageError(`an http(s) URL template or none expected, got ${JSON.stringify(value ?? '')}`);
  }
}

/** Parses a conversation command, or null when the name is not one of them. HTML is sanitised here. */
export function parseConversationCommand(args: readonly string[]): ConversationCommand | null {
  const [name, a, b, c, d, e] = args;
  const count = (n: number) => {
    if (args.length !== n) throw new UsageError(`${name} takes ${n - 1} arguments, got ${args.length - 1}`);
  };
  switch (name) {
    case 'message': {
      count(6);
      const messageKey = c ?? '';
      if (!KEY.test(messageKey)) throw new UsageError('messageKey expected: letters, digits, . _ : - (at most 100)');
      const content = sanitizeRichText(textArg(e, 'message html', 20_000));
      if (!content) throw new UsageError('the message has no content left after sanitising');
      return { kind: 'message', merchant: merchantArg(a), audience: parseAudience(b), messageKey, title: textArg(d, 'title', 120), content };
    }
    case 'welcome': {
      count(5);
      if (!LANGUAGE.test(b ?? '')) throw new UsageError(`language code expected, got ${JSON.stringify(b ?? '')}`);
      return { kind: 'welcome', merchant: merchantArg(a), language: b!.toUpperCase(), title: textArg(c, 'title', 120), content: sanitizeRichText(textArg(d, 'html', 20_000)) };
    }
    case 'console-operator': {
      count(4);
      if (!USERNAME.test(b ?? '')) throw new UsageError(`username expected, got ${JSON.stringify(b ?? '')}`);
      return { kind: 'console-operator', merchant: merchantArg(a), username: b!.toLowerCase(), displayName: textArg(c, 'display name', 40) };
    }
    case 'chat-url':
      count(3);
      return { kind: 'chat-url', merchant: merchantArg(a), template: parseChatTemplate(b) };
    default:
      return null;
  }
}

/** Replaces `?N` placeholders with SQL literals (numbers as they are, strings escaped by sqlString). */
export function inlineSql(sql: string, params: readonly (string | number)[]): string {
  return sql.replace(/\?(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === undefined) throw new Error(`missing parameter ?${n}`);
    return typeof value === 'number' ? String(value) : sqlString(value);
  });
}

/** The statement of `message` for the merchant's stored code, sent at `now`. */
export function messageSql(command: Extract<ConversationCommand, { kind: 'message' }>, code: string, now: number): string {
  const { sql, params } = sendMessageSql({ merchantCode: code, audience: command.audience, messageKey: command.messageKey, title: command.title, content: command.content }, now);
  return inlineSql(sql, params);
}

/** What a message key holds on the merchant now (to tell "sent" from "already sent"). */
export function messageByKeySql(code: string, messageKey: string): string {
  return `SELECT created_at FROM inbox_messages WHERE merchant_code = ${sqlString(code)} AND message_key = ${sqlString(messageKey)}`;
}

/** Whether a member exists on the merchant. */
export function memberExistsSql(code: string, username: string): string {
  return `SELECT id FROM members WHERE merchant_code = ${sqlString(code)} AND username = ${sqlString(username.toLowerCase())}`;
}

/** The statement of `welcome`. */
export function welcomeSql(command: Extract<ConversationCommand, { kind: 'welcome' }>, code: string): string {
  return `INSERT INTO inbox_templates (merchant_code, kind, language, title, content) VALUES (${sqlString(code)}, 'welcome', ${sqlString(command.language)}, ${sqlString(command.title)}, ${sqlString(command.content)})
ON CONFLICT (merchant_code, kind, language) DO UPDATE SET title = excluded.title, content = excluded.content`;
}

/** The statement of `console-operator` with the password's hash; an existing operator gets the new password. */
export function consoleOperatorSql(command: Extract<ConversationCommand, { kind: 'console-operator' }>, code: string, passwordHash: string, now: number): string {
  return `INSERT INTO console_operators (merchant_code, username, display_name, password_hash, status, created_at)
VALUES (${sqlString(code)}, ${sqlString(command.username)}, ${sqlString(command.displayName)}, ${sqlString(passwordHash)}, 1, ${now})
ON CONFLICT (merchant_code, username) DO UPDATE SET display_name = excluded.display_name, password_hash = excluded.password_hash, status = 1;
UPDATE console_sessions SET revoked_at = ${now} WHERE revoked_at IS NULL AND operator_id = (SELECT id FROM console_operators WHERE merchant_code = ${sqlString(code)} AND username = ${sqlString(command.username)})`;
}

/** The statement of `chat-url`. */
export function chatUrlSql(command: Extract<ConversationCommand, { kind: 'chat-url' }>, code: string): string {
  return `INSERT INTO chat_settings (merchant_code, external_url_template) VALUES (${sqlString(code)}, ${command.template === null ? 'NULL' : sqlString(command.template)})
ON CONFLICT (merchant_code) DO UPDATE SET external_url_template = excluded.external_url_template`;
}
