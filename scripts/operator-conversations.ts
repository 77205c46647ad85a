/**
 * Operator commands of the conversation area (accounts-and-communication §2 Message centre; the inbox, the
 * operator console and an external chat): parsing and validation. The runner (scripts/operator.ts) sends through
 * worker/db/queries/inbox.ts `sendInboxMessage`, as the worker does, and writes the rest through
 * worker/db/queries/operator-conversations.ts. Pure, so it is tested without a database.
 */
import type { InboxAudience } from '../worker/db/queries/inbox.ts';
import { sanitizeRichText } from '../worker/model/rich-text.ts';
import { UsageError } from './operator-commands.ts';

/** A parsed conversation command. */
export type ConversationCommand =
  | { kind: 'message'; merchant: string; audience: InboxAudience; messageKey: string; title: string; content: string }
  | { kind: 'welcome'; merchant: string; language: string; title: string; content: string }
  | { kind: 'chat-url'; merchant: string; template: string | null };

/** Usage lines of these commands (appended to the operator script's usage). */
export const CONVERSATION_USAGE = `  message <merchant> member:<username>|agents|all <messageKey> <title> <html>
                                          send an inbox message to one member, to the agents or to everyone on the
                                          site; sending the same messageKey again changes nothing
  welcome <merchant> <language> <title> <html>
                                          the welcome message new members receive in that language (EN: fallback)
  chat-url <merchant> <url template|none> an external live-chat product: launch chat answers this URL with {ticket}
                                          (a single-use 120 s ticket the chat's server exchanges at POST
                                          /wps/playdeck/chat/external/verify for the member; {token} is the same
                                          ticket), {language}, {merchant} and {username} filled in; none: the built-in chat`;

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
    const url = new URL((value ?? '').replaceAll(/\{(ticket|token|language|merchant|username)\}/g, 'x'));
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
    case 'chat-url':
      count(3);
      return { kind: 'chat-url', merchant: merchantArg(a), template: parseChatTemplate(b) };
    default:
      return null;
  }
}
