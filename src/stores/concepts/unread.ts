import { atom, computed, onMount } from 'nanostores';
import { getChatUnread, getInboxUnread } from '../../api/conversations';
import { getAnnouncements } from '../../api/content';
import { chatCountAllowed } from '../../lib/badge';
import { isRealAccount } from '../../lib/account';
import { pageSwitches } from '../../lib/switchGate';
import { $member } from './member';
import { $session, sessionMemberType } from './session';
import { $settings } from './settings';
import { env } from '../kit/environment';

/**
 * Unread counts of the message centre and the frame (accounts-and-communication §2 Message centre, §7 "inbox
 * unread count … throttled 250 ms, alerts off", "chat unread count … only if CBS3 on and type not 4"). Null =
 * not known (logged out, not allowed, or not fetched yet): no badge.
 */
export const $inboxUnread = atom<number | null>(null);
export const $chatUnread = atom<number | null>(null);
/** Unread announcements (the member's notices, types A and PL: the list /m/notice shows). */
export const $noticeUnread = atom<number | null>(null);

/**
 * Inbox + chat: the count on the frame's customer-service entry, which stands for what support and the site wrote
 * to the player. Announcements keep their own badge on the message centre's row (they are the site's notices to
 * everyone, and a new player has several unread from the start). Chosen by PlayDeck: the spec does not say which
 * counts the frame sums.
 */
export const $unreadTotal = computed([$inboxUnread, $chatUnread], (a, b) => (a ?? 0) + (b ?? 0));

/** Unread calls at most once per 250 ms (accounts §9). */
export const UNREAD_THROTTLE_MS = 250;
/**
 * How often the counts are fetched again while the page is visible, so a message or a chat reply that arrives
 * while the player is on the site shows without a reload. Chosen by PlayDeck (the spec is silent): 20 s.
 */
export const UNREAD_POLL_MS = 20_000;
/** Window event that asks for a refresh now (a page that knows a count changed: the inbox, the chat page). */
export const UNREAD_EVENT = 'playdeck:unread';

function memberType(): number | null {
  const session = $session.get();
  if (!session) return null;
  return $member.get()?.type ?? sessionMemberType(session);
}

function cbs3On(): boolean {
  return ($settings.get()?.switches.CBS3 ?? pageSwitches()?.CBS3) === true;
}

/** Unread announcements of the member: the notices (A, PL) the member has not read. */
async function noticeUnread(): Promise<number> {
  const groups = await getAnnouncements('A,PL');
  return groups.player.filter((notice) => !notice.read).length;
}

/**
 * The session whose announcement count is known. The count comes from the whole announcement list, and notices
 * change only when the operator publishes or the member reads: so it is fetched once per session (and on return
 * to the page), and set by the notice screen from the list it loads anyway, not on every poll.
 */
let noticesKnownFor: object | null = null;

/** The notice screen's list says how many notices are unread: the badge takes it without another call. */
export function setNoticeUnread(count: number): void {
  noticesKnownFor = $session.get();
  $noticeUnread.set(count);
}

/** Forgets the announcement count, so the next refresh fetches it (on return to the page; tests). */
export function forgetNoticeCount(): void {
  noticesKnownFor = null;
}

/**
 * Fetches the counts now: inbox for real members, chat when chatCountAllowed, and announcements once per session
 * (see `noticesKnownFor`); failures keep the last count and show nothing (alerts off). Logged out: all null.
 */
export async function fetchUnread(): Promise<void> {
  const session = $session.get();
  const type = memberType();
  if (!session || !isRealAccount(type)) {
    $inboxUnread.set(null);
    $chatUnread.set(null);
    $noticeUnread.set(null);
    return;
  }
  const chat = chatCountAllowed(true, cbs3On(), type);
  const withNotices = noticesKnownFor !== session;
  if (withNotices) noticesKnownFor = session;
  const [inbox, chatCount, notices] = await Promise.allSettled([
    getInboxUnread(), chat ? getChatUnread() : Promise.resolve(null), withNotices ? noticeUnread() : Promise.resolve(null),
  ]);
  if ($session.get() !== session) return;
  if (inbox.status === 'fulfilled') $inboxUnread.set(inbox.value);
  if (chatCount.status === 'fulfilled') $chatUnread.set(chatCount.value);
  if (notices.status === 'fulfilled' && notices.value !== null) $noticeUnread.set(notices.value);
  else if (notices.status === 'rejected' && noticesKnownFor === session) noticesKnownFor = null;
}

let last = -Infinity;
let trailing: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<void> | null = null;

/**
 * Asks for fresh counts, throttled: the first call of a burst fetches at once, the calls within 250 ms after it
 * fold into one more fetch at the end of the window. Returns when the fetch it caused (if any) is done.
 */
export function refreshUnread(now = env().now()): Promise<void> {
  const wait = last + UNREAD_THROTTLE_MS - now;
  if (wait <= 0) {
    last = now;
    inFlight = fetchUnread().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }
  if (trailing === undefined) {
    trailing = env().setTimeout(() => {
      trailing = undefined;
      void refreshUnread();
    }, wait);
  }
  return inFlight ?? Promise.resolve();
}

/** Forgets the throttle state (tests). */
export function resetUnreadThrottle(): void {
  last = -Infinity;
  env().clearTimeout(trailing);
  trailing = undefined;
}

/** Tells every listener on this page to refresh the counts (throttled). */
export function announceUnreadChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(UNREAD_EVENT));
  else void refreshUnread();
}

// While anything shows a badge: fetch now, then every UNREAD_POLL_MS while the page is visible, on return to the
// page, on UNREAD_EVENT and whenever the session changes.
onMount($unreadTotal, () => {
  if (typeof window === 'undefined') return;
  const refresh = () => void refreshUnread();
  const timer = env().setInterval(() => {
    if (document.visibilityState === 'visible') refresh();
  }, UNREAD_POLL_MS);
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    forgetNoticeCount();
    refresh();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener(UNREAD_EVENT, refresh);
  const stopSession = $session.listen(refresh);
  refresh();
  return () => {
    env().clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener(UNREAD_EVENT, refresh);
    stopSession();
  };
});
