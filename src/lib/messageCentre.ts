/**
 * Message centre rows (accounts §2 Message centre, §6, §8): Telegram, announcements, inbox, live chat (CBS3 only)
 * and affiliate service, with who may open what.
 */
import { isRealAccount } from './account';
import type { MessageKey } from './i18n';

/** What a row does when tapped. */
export type RowAction =
  | { kind: 'link'; href: string; external: boolean }
  | { kind: 'toast'; key: 'free_reject' }
  | { kind: 'none' };

/** One row of the message centre. */
export interface MessageRow {
  id: 'telegram' | 'notice' | 'inbox' | 'liveChat' | 'affiliate';
  label: MessageKey;
  action: RowAction;
}

/** What the rows depend on. */
export interface MessageContext {
  loggedIn: boolean;
  memberType: number | null;
  cbs3: boolean;
  telegramUrl: string | null;
  liveChatUrl: string | null;
  serviceUrl: string | null;
}

const external = (href: string | null): RowAction => (href ? { kind: 'link', href, external: true } : { kind: 'none' });

/**
 * The rows in order; a row with nothing to open (no link configured) is left out. Telegram only when a Telegram link exists; inbox and announcements send a visitor to
 * /m/login; guest/trial accounts are refused inbox and live chat with free_reject; live chat only with CBS3.
 */
export function messageRows(ctx: MessageContext): MessageRow[] {
  const rows: MessageRow[] = [];
  if (ctx.telegramUrl) rows.push({ id: 'telegram', label: 'message.telegram', action: external(ctx.telegramUrl) });
  const login: RowAction = { kind: 'link', href: '/m/login', external: false };
  const refuse: RowAction = { kind: 'toast', key: 'free_reject' };
  rows.push({
    id: 'notice', label: 'message.notice',
    action: ctx.loggedIn ? { kind: 'link', href: '/m/notice', external: false } : login,
  });
  rows.push({
    id: 'inbox', label: 'message.inbox',
    action: !ctx.loggedIn ? login : isRealAccount(ctx.memberType) ? { kind: 'link', href: '/m/webEmail', external: false } : refuse,
  });
  if (ctx.cbs3) {
    rows.push({
      id: 'liveChat', label: 'message.liveChat',
      action: !ctx.loggedIn ? login : isRealAccount(ctx.memberType) ? external(ctx.liveChatUrl) : refuse,
    });
  }
  rows.push({ id: 'affiliate', label: 'message.affiliate', action: external(ctx.serviceUrl) });
  return rows.filter((row) => row.action.kind !== 'none');
}
