/**
 * Message centre rows (accounts §2 Message centre, §6, §8): Telegram, announcements, inbox, live chat (CBS3 only)
 * and affiliate service, with who may open what.
 */
import { isRealAccount } from './account';
import { liveChatEntry } from './liveChat';
import type { MessageKey } from '../../rules/i18n';

/** What a row does when tapped. */
export type RowAction =
  | { kind: 'link'; href: string; external: boolean }
  | { kind: 'toast'; key: 'free_reject' }
  /** Live chat: the launch-chat call, then its `chatUrl` (accounts §2 Message centre). */
  | { kind: 'chat' }
  | { kind: 'none' };

/** Which unread count a row's badge shows. */
export type BadgeSource = 'notice' | 'inbox' | 'chat';

/** One row of the message centre. */
export interface MessageRow {
  id: 'telegram' | 'notice' | 'inbox' | 'liveChat' | 'affiliate';
  label: MessageKey;
  action: RowAction;
  /** The unread count shown on the row (announcements, inbox, live chat), or null. */
  badge: BadgeSource | null;
}

/** What the rows depend on. */
export interface MessageContext {
  loggedIn: boolean;
  memberType: number | null;
  cbs3: boolean;
  telegramUrl: string | null;
  serviceUrl: string | null;
}

const external = (href: string | null): RowAction => (href ? { kind: 'link', href, external: true } : { kind: 'none' });

/**
 * The rows in order; a row with nothing to open (no link configured) is left out. Telegram only when a Telegram link exists; inbox and announcements send a visitor to
 * /m/login; guest/trial accounts are refused inbox and live chat with free_reject; live chat only with CBS3, and for
 * a member it runs the launch-chat call (the built-in chat or the merchant's external chat). Announcements, inbox and
 * live chat carry their unread badge.
 */
export function messageRows(ctx: MessageContext): MessageRow[] {
  const rows: MessageRow[] = [];
  if (ctx.telegramUrl) rows.push({ id: 'telegram', label: 'message.telegram', action: external(ctx.telegramUrl), badge: null });
  const login: RowAction = { kind: 'link', href: '/m/login', external: false };
  const refuse: RowAction = { kind: 'toast', key: 'free_reject' };
  rows.push({
    id: 'notice', label: 'message.notice',
    action: ctx.loggedIn ? { kind: 'link', href: '/m/notice', external: false } : login,
    badge: 'notice',
  });
  rows.push({
    id: 'inbox', label: 'message.inbox',
    action: !ctx.loggedIn ? login : isRealAccount(ctx.memberType) ? { kind: 'link', href: '/m/webEmail', external: false } : refuse,
    badge: 'inbox',
  });
  if (ctx.cbs3) {
    // The rule every "Live chat" entry follows (./liveChat.ts).
    const chat = liveChatEntry({ loggedIn: ctx.loggedIn, memberType: ctx.memberType, cbs3: true, entries: [] });
    rows.push({
      id: 'liveChat', label: 'message.liveChat',
      action: chat.kind === 'login' ? login : chat.kind === 'chat' ? { kind: 'chat' } : refuse,
      badge: 'chat',
    });
  }
  rows.push({ id: 'affiliate', label: 'message.affiliate', action: external(ctx.serviceUrl), badge: null });
  return rows.filter((row) => row.action.kind !== 'none');
}
