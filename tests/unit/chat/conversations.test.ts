import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeText, chatCountAllowed } from '../../../src/lib/badge';
import { messageRows, type MessageContext } from '../../../src/lib/messageCentre';
import { $session } from '../../../src/stores/concepts/session';
import { $settings } from '../../../src/stores/concepts/settings';
import { $toast } from '../../../src/stores/concepts/toast';
import {
  $chatUnread, $inboxUnread, $noticeUnread, $unreadTotal, fetchUnread, forgetNoticeCount, refreshUnread, resetUnreadThrottle, setNoticeUnread, UNREAD_THROTTLE_MS,
} from '../../../src/stores/concepts/unread';
import { inboxPage, type InboxVisit } from '../../../src/stores/pages/inbox';
import type { SiteSettings } from '../../../src/lib/siteSettings';

function answer(value: unknown, status = 200, errorCode = ''): Response {
  return new Response(JSON.stringify({ success: status === 200, value, message: '', errorCode }), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
const pathOf = (url: unknown) => new URL(String(url), 'http://x').pathname;
/** Calls other than the member-info refresh the session store starts by itself. */
const own = () => fetchMock.mock.calls.filter(([url]) => pathOf(url) !== '/wps/member/info');
const paths = () => own().map(([url]) => pathOf(url));
/** The count calls of inbox and chat (the announcement list is asked beside them). */
const countPaths = () => paths().filter((path) => path.endsWith('unreadCount'));
/** Answers by path: each path's answers in turn (the last one repeats). */
function route(answers: Record<string, (() => Response)[]>) {
  fetchMock.mockImplementation(async (url: string) => {
    const list = answers[pathOf(url)];
    if (!list) return answer(null, 404, 'not_found');
    return (list.length > 1 ? list.shift()! : list[0]!)();
  });
}

function member(type = 0) {
  $session.set({ token: 'tok', merchantCode: 'DEMO', userName: 'p1', type, firstTimeLogin: false });
}
function cbs3(on: boolean) {
  $settings.set({ switches: { CBS3: on } } as unknown as SiteSettings);
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  resetUnreadThrottle();
  forgetNoticeCount();
  $inboxUnread.set(null);
  $chatUnread.set(null);
  $toast.set(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  $session.set(null);
  $settings.set(null);
});

// accounts §2 Message centre: "A badge shows only when logged in and the count is non-zero, and reads 99+ above 99."
describe('the badge rule', () => {
  it.each([
    [5, true, '5'], [99, true, '99'], [100, true, '99+'], [12345, true, '99+'],
    [0, true, null], [null, true, null], [-1, true, null], [7, false, null], [150, false, null],
  ])('%s unread, logged in %s → %s', (count, loggedIn, text) => {
    expect(badgeText(count, loggedIn)).toBe(text);
  });
});

// accounts §7: chat unread count "only if CBS3 on and type not 4".
describe('when the chat count is fetched', () => {
  it.each([
    [true, true, 0, true], [true, true, 1, true], [true, false, 0, false], [true, true, 4, false], [false, true, 0, false], [true, true, 40, false],
  ])('logged in %s, CBS3 %s, type %s → %s', (loggedIn, on, type, allowed) => {
    expect(chatCountAllowed(loggedIn, on, type)).toBe(allowed);
  });
});

describe('message centre rows and their badges', () => {
  const ctx: MessageContext = { loggedIn: true, memberType: 0, cbs3: true, telegramUrl: null, serviceUrl: 'https://cs' };
  it('announcements, inbox and live chat carry their badge; live chat launches the chat', () => {
    expect(messageRows(ctx).map((r) => [r.id, r.badge])).toEqual([['notice', 'notice'], ['inbox', 'inbox'], ['liveChat', 'chat'], ['affiliate', null]]);
    expect(messageRows(ctx).find((r) => r.id === 'liveChat')!.action).toEqual({ kind: 'chat' });
  });
  it('a visitor is sent to log in for live chat too', () => {
    expect(messageRows({ ...ctx, loggedIn: false, memberType: null }).find((r) => r.id === 'liveChat')!.action).toEqual({ kind: 'link', href: '/m/login', external: false });
  });
});

describe('the unread store (accounts §7: throttled 250 ms, alerts off)', () => {
  it('fetches nothing for a visitor or a guest/trial account, and shows no badge', async () => {
    await fetchUnread();
    member(4);
    cbs3(true);
    await fetchUnread();
    expect(own()).toEqual([]);
    expect([$inboxUnread.get(), $chatUnread.get()]).toEqual([null, null]);
  });

  it('fetches the chat count only with CBS3 on', async () => {
    member(0);
    cbs3(false);
    route({ '/wps/relay/CSP_unreadCount': [() => answer(3)], '/wps/relay/CBS_unreadCount': [() => answer({ unReadCount: 2 })] });
    await fetchUnread();
    expect(countPaths()).toEqual(['/wps/relay/CSP_unreadCount']);
    expect($inboxUnread.get()).toBe(3);
    cbs3(true);
    await fetchUnread();
    expect($chatUnread.get()).toBe(2);
    const [, init] = own().filter(([url]) => pathOf(url) === '/wps/relay/CBS_unreadCount').at(-1) as [string, RequestInit];
    expect(new Headers(init.headers).get('ModuleId')).toMatch(/INBOX3|CBS3/);
  });

  it('counts the member\'s unread announcements (the notices /m/notice lists) for the announcements badge', async () => {
    member(0);
    cbs3(false);
    const notice = (id: number, read: boolean) => ({ id, read });
    route({
      '/wps/relay/CSP_unreadCount': [() => answer(0)],
      '/wps/relay/MCSFE_getListAnnouncements': [() => answer({ banners: [], popup: [], promotion: [], hot: [], player: [notice(1, false), notice(2, true), notice(3, false)] })],
    });
    await fetchUnread();
    expect($noticeUnread.get()).toBe(2);
    $session.set(null);
    await fetchUnread();
    expect($noticeUnread.get()).toBeNull();
  });

  it('asks for the announcement list once per session, not on every poll; the notice screen\'s list updates the count', async () => {
    member(0);
    cbs3(false);
    route({
      '/wps/relay/CSP_unreadCount': [() => answer(1)],
      '/wps/relay/MCSFE_getListAnnouncements': [() => answer({ banners: [], popup: [], promotion: [], hot: [], player: [{ id: 1, read: false }] })],
    });
    const listCalls = () => paths().filter((path) => path.endsWith('getListAnnouncements')).length;
    await fetchUnread();
    await fetchUnread();
    await fetchUnread();
    expect(listCalls()).toBe(1);
    expect(countPaths()).toHaveLength(3);
    setNoticeUnread(0);
    await fetchUnread();
    expect($noticeUnread.get()).toBe(0);
    expect(listCalls()).toBe(1);
    forgetNoticeCount(); // back on the page after a while
    await fetchUnread();
    expect(listCalls()).toBe(2);
    expect($noticeUnread.get()).toBe(1);
  });

  it('keeps the last count and raises no alert when a call fails', async () => {
    member(0);
    cbs3(false);
    route({ '/wps/relay/CSP_unreadCount': [() => answer(4), () => answer(null, 500, 'internal_error')] });
    await fetchUnread();
    await fetchUnread();
    expect($inboxUnread.get()).toBe(4);
    expect($toast.get()).toBeNull();
  });

  it('folds a burst of refreshes into one at once and one at the end of 250 ms', async () => {
    vi.useFakeTimers();
    member(0);
    cbs3(false);
    route({ '/wps/relay/CSP_unreadCount': [() => answer(1)] });
    const start = Date.now();
    await refreshUnread(start);
    void refreshUnread(start + 50);
    void refreshUnread(start + 100);
    expect(countPaths()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(UNREAD_THROTTLE_MS);
    expect(countPaths()).toHaveLength(2);
  });
});

describe('the inbox page store (accounts §2 /m/webEmail)', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let inbox: InboxVisit;
  beforeEach(() => {
    inbox = inboxPage();
  });
  afterEach(() => inbox.exit());
  const page = {
    list: [{ id: 2, title: 'b', createdAt: 2, read: false, broadcast: true }, { id: 1, title: 'a', createdAt: 1, read: true, broadcast: false }],
    pageNum: 1, totalPages: 1, total: 2, unread: 1,
  };
  it('loads a page, opens a message (now read) and lowers the unread count', async () => {
    member(0);
    route({ '/wps/relay/CSP_getInbox': [() => answer(page)], '/wps/relay/CSP_getInboxDetail': [() => answer({ ...page.list[0], read: true, content: '<p>b</p>' })] });
    await inbox.load(1);
    expect(inbox.$inbox.get().page?.list.map((m) => m.id)).toEqual([2, 1]);
    expect($inboxUnread.get()).toBe(1);
    await inbox.open(2);
    expect(inbox.$openMessage.get()?.content).toBe('<p>b</p>');
    expect(inbox.$inbox.get().page?.list[0]?.read).toBe(true);
    expect($inboxUnread.get()).toBe(0);
  });

  it('deletes a message and reloads the list', async () => {
    member(0);
    route({ '/wps/relay/CSP_deleteInbox': [() => answer(null)], '/wps/relay/CSP_getInbox': [() => answer({ ...page, list: [page.list[1]], total: 1, unread: 0 })] });
    await inbox.remove(2);
    const [url, init] = own()[0] as [string, RequestInit];
    expect([new URL(url, 'http://x').pathname, init.method, init.body]).toEqual(['/wps/relay/CSP_deleteInbox', 'DELETE', JSON.stringify({ ids: [2] })]);
    expect(inbox.$inbox.get().page?.total).toBe(1);
  });

  it('shows a failure by its error code', async () => {
    member(0);
    route({ '/wps/relay/CSP_getInbox': [() => answer(null, 403, 'free_reject')] });
    await inbox.load(1);
    expect(inbox.$inbox.get().error).toBe('free_reject');
  });
});

// The frame's customer-service badge (PlayDeck's choice, src/stores/concepts/unread.ts): inbox and chat, not announcements.
describe('the frame badge counts inbox and chat only', () => {
  it.each([
    [2, 3, 5, 5],
    [null, 4, 9, 4],
    [null, null, 7, 0],
    [1, null, null, 1],
  ])('inbox %s + chat %s (announcements %s) → %s', (inbox, chat, notices, total) => {
    $inboxUnread.set(inbox);
    $chatUnread.set(chat);
    $noticeUnread.set(notices);
    expect($unreadTotal.get()).toBe(total);
  });
});
