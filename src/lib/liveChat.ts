/**
 * One rule for every "Live chat" entry (accounts §2 Message centre "Live chat … only if site switch CBS3 is on …
 * shows a please-wait loading message, fetches a chat URL, and after 500 ms navigates to it", §6 guest/trial
 * refused with free_reject; player-shell §3 customer-service entry csType LIVECHAT): the side menu, the message
 * centre and the customer-service section of the deposit, withdraw and contract pages all decide with
 * `liveChatEntry` and open the chat with the same launch flow (src/stores/pages/chat.ts `openLiveChat`).
 */
import { isRealAccount } from './account';

/** What a "Live chat" entry does. */
export type LiveChatAction =
  /** A visitor logs in first (/m/login). */
  | { kind: 'login' }
  /** A guest/trial account is refused with free_reject. */
  | { kind: 'refuse' }
  /** The launch-chat call, then its chatUrl: the built-in chat, or the chat the operator configured for it. */
  | { kind: 'chat' }
  /** The operator's live-chat contact (customer-service entry LIVECHAT), in a new tab. */
  | { kind: 'link'; href: string }
  /** No live chat on this site. */
  | { kind: 'none' };

/** What the rule reads. */
export interface LiveChatContext {
  loggedIn: boolean;
  /** Member type (member info, else the session's); null when logged out. */
  memberType: number | null;
  /** The site's live-chat switch (CBS3). */
  cbs3: boolean;
  /** The site's customer-service entries (system status). */
  entries: readonly { csType: string; path: string }[];
}

/**
 * The rule: with CBS3 on, live chat is the site's chat, reached through the launch-chat call (a visitor logs in
 * first, a guest/trial account is refused); with CBS3 off, the operator's LIVECHAT customer-service link where
 * one is configured, else no live chat. Never one entry opening a link in a new tab while another opens the chat.
 */
export function liveChatEntry(ctx: LiveChatContext): LiveChatAction {
  if (ctx.cbs3) {
    if (!ctx.loggedIn) return { kind: 'login' };
    return isRealAccount(ctx.memberType) ? { kind: 'chat' } : { kind: 'refuse' };
  }
  const href = ctx.entries.find((e) => e.csType === 'LIVECHAT' && e.path)?.path;
  return href ? { kind: 'link', href } : { kind: 'none' };
}
