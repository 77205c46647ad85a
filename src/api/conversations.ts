import { callApi } from './client';
import { conversationCalls as calls } from '../../contract/calls/conversations';
import type { ValueOf } from '../../contract/call';

/**
 * The browser's inbox and chat calls (platform-contract.md §3 inbox, chat; contract/calls/conversations.ts):
 * thin typed wrappers over callApi.
 */

/** One inbox page. */
export type InboxPage = ValueOf<typeof calls.inboxList>;
/** One opened message (sanitised HTML content). */
export type InboxMessage = ValueOf<typeof calls.inboxDetail>;

/** GET /wps/relay/CSP_getInbox (INBOX3). */
export const getInbox = (pageNo: number, pageSize = 10): Promise<InboxPage> => callApi(calls.inboxList, { query: { pageNo, pageSize } });
/** GET /wps/relay/CSP_getInboxDetail (INBOX3): opening marks the message read. */
export const getInboxMessage = (id: number): Promise<InboxMessage> => callApi(calls.inboxDetail, { query: { id } });
/** POST /wps/relay/CSP_markInboxRead (INBOX3). */
export const markInboxRead = (ids: number[]) => callApi(calls.inboxMarkRead, { body: { ids } });
/** POST /wps/relay/CSP_markAllInboxRead (INBOX3): every unread message, on every page. */
export const markAllInboxRead = () => callApi(calls.inboxMarkAllRead);
/** DELETE /wps/relay/CSP_deleteInbox (INBOX3). */
export const deleteInboxMessages = (ids: number[]) => callApi(calls.inboxDelete, { body: { ids } });
/** GET /wps/relay/CSP_unreadCount (INBOX3) → the count. */
export const getInboxUnread = (): Promise<number> => callApi(calls.inboxUnread);
/** GET /wps/relay/CBS_unreadCount (CBS3) → `unReadCount`. */
export const getChatUnread = async (): Promise<number> => (await callApi(calls.chatUnread)).unReadCount;
/** The launch-chat query (§3): b2c 1, language, the page to come back to, the header colour and the title. */
export interface LaunchChatQuery {
  b2c: '1';
  language: string;
  backUrl?: string | undefined;
  headerColor?: string | undefined;
  title?: string | undefined;
}

/** GET /wps/relay/CBS_launchChat (CBS3) → the chat URL. */
export const launchChat = async (query: LaunchChatQuery): Promise<string> => (await callApi(calls.chatLaunch, { query: { ...query } })).chatUrl;
/** GET /wps/playdeck/chat/ticket: a single-use ticket that opens the conversation's WebSocket. */
export const getChatTicket = (conversationId: string) => callApi(calls.chatTicket, { query: { conversationId } });
