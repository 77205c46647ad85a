/**
 * The live-chat launch (accounts §2 Message centre, §9 chat redirect delay): the one flow every "Live chat" entry
 * runs (src/lib/liveChat.ts decides which entry runs it). Kept apart from the chat page's store
 * (../pages/chat.ts) so that the side menu, on every page, loads only this.
 */
import { ApiRequestError } from '../../api/client';
import { launchChat } from '../../api/conversations';
import { activeLanguage, isMessageKey, type MessageKey } from '../../../rules/i18n';
import { siteHeaderColour } from '../../lib/siteColour';
import { hideToast, showToast } from './toast';
import { env, wait } from '../kit/environment';
import './session'; // connects the API client to the session (src/api imports no store)

/** Delay between the chat URL arriving and the navigation (accounts §9 "Chat redirect delay 500 ms"). */
export const CHAT_REDIRECT_MS = 500;
/** The please-wait toast stays until the page changes (accounts §9: up to 9999 s for chat). */
const PLEASE_WAIT_MS = 9_999_000;

/** The toast key of a failed call: error.<code> when translated, else the generic failure. */
function errorKey(error: unknown): MessageKey {
  const code = error instanceof ApiRequestError ? error.errorCode : 'internal_error';
  if (code === 'free_reject') return 'free_reject';
  const key = `error.${code}`;
  return isMessageKey(key) ? key : 'error.internal_error';
}

/**
 * Live chat (accounts §2 Message centre: "shows a please-wait loading message, fetches a chat URL, and
 * after 500 ms navigates to it"): the launch call with b2c=1, the language, the page to come back to, the
 * header colour of the theme and the title; a refusal (free_reject, switched off) replaces the please-wait toast.
 */
export async function startLiveChat(options: { title: string; headerColor?: string | undefined; backUrl?: string | undefined }): Promise<void> {
  const toast = showToast('chat.pleaseWait', 'loading', PLEASE_WAIT_MS);
  try {
    const chatUrl = await launchChat({
      b2c: '1', language: activeLanguage(), title: options.title, headerColor: options.headerColor,
      backUrl: options.backUrl ?? (typeof location === 'undefined' ? '/m/message' : location.pathname),
    });
    await wait(CHAT_REDIRECT_MS);
    env().navigate(chatUrl);
  } catch (error) {
    hideToast(toast);
    showToast(errorKey(error), 'error', 3000);
  }
}

/**
 * Opens live chat from any "Live chat" entry (src/lib/liveChat.ts `liveChatEntry` kind 'chat': side menu, message
 * centre, the customer-service section of the deposit, withdraw and contract pages, the chat page's "Start a new
 * chat"): the launch flow above with the chat page's `title` (the entry's own label, translated) and the site's
 * colour (src/lib/siteColour.ts); back leads to `backUrl`, or to this page when none is given.
 */
export function openLiveChat(title: string, backUrl?: string): Promise<void> {
  return startLiveChat({ title, headerColor: siteHeaderColour(), backUrl });
}
