import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedbackPage } from '../../../src/stores/pages/feedback';
import type { NoticesPage } from '../../../src/stores/pages/notices';

vi.mock('../../../src/api/content', () => ({ getAnnouncements: vi.fn(), markAnnouncementRead: vi.fn(), sendFeedback: vi.fn() }));
vi.mock('../../../src/stores/concepts/captcha', () => ({ loadCaptcha: vi.fn() }));

const { getAnnouncements, markAnnouncementRead, sendFeedback } = await import('../../../src/api/content');
const { ApiRequestError } = await import('../../../src/api/client');
const { noticesPage } = await import('../../../src/stores/pages/notices');
const { feedbackPage } = await import('../../../src/stores/pages/feedback');

const notice = (id: number, read = false) => ({ id, title: `N${id}`, content: '<p>x</p>', read }) as never;
const groups = (player: unknown[]) => ({ banners: [], player, popup: [], promotion: [], hot: [] }) as never;

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

// accounts §2 /m/notice, §4 "Marking an announcement read: set read locally, call the server, then reload the list", §9 150 ms.
describe('notices page store', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let page: NoticesPage;
  beforeEach(() => {
    page = noticesPage();
  });
  afterEach(() => page.exit());

  it('loads the player notices and opens the one the query names, marking it read locally at once', async () => {
    vi.mocked(getAnnouncements).mockResolvedValue(groups([notice(1), notice(2)]));
    await page.load();
    expect(getAnnouncements).toHaveBeenCalledWith('A,PL');
    vi.useFakeTimers();
    vi.mocked(markAnnouncementRead).mockResolvedValue();
    page.openFromQuery('?index=1');
    expect(page.$notices.get().open).toBe(1);
    expect(page.$notices.get().list!.map((n) => n.read)).toEqual([false, true]);
    expect(markAnnouncementRead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(150);
    expect(markAnnouncementRead).toHaveBeenCalledWith(2);
  });

  it('tells the server at most every 150 ms, then reloads the list', async () => {
    vi.mocked(getAnnouncements).mockResolvedValue(groups([notice(1), notice(2), notice(3, true)]));
    await page.load();
    vi.useFakeTimers();
    vi.mocked(markAnnouncementRead).mockResolvedValue();
    page.toggle(0);
    page.toggle(1);
    page.toggle(2);
    await vi.advanceTimersByTimeAsync(149);
    expect(markAnnouncementRead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.mocked(markAnnouncementRead).mock.calls.map((c) => c[0])).toEqual([1, 2]);
    expect(getAnnouncements).toHaveBeenCalledTimes(2);
    expect(page.$notices.get().open).toBe(2);
  });

  it('leaving the page cancels a mark-read still waiting', async () => {
    vi.mocked(getAnnouncements).mockResolvedValue(groups([notice(1)]));
    await page.load();
    vi.useFakeTimers();
    page.toggle(0);
    page.exit();
    await vi.advanceTimersByTimeAsync(150);
    expect(markAnnouncementRead).not.toHaveBeenCalled();
  });

  it('closes the open item on a second tap and ignores an index out of range', async () => {
    vi.mocked(getAnnouncements).mockResolvedValue(groups([notice(1, true)]));
    await page.load();
    page.toggle(0);
    page.toggle(0);
    expect(page.$notices.get().open).toBeNull();
    page.openFromQuery('?index=7');
    expect(page.$notices.get().open).toBeNull();
  });

  it('shows an empty list when loading fails', async () => {
    vi.mocked(getAnnouncements).mockRejectedValue(new Error('offline'));
    await page.load();
    expect(page.$notices.get()).toMatchObject({ list: [], failed: true });
  });
});

// accounts §2 Feedback screen, §4 "question type starts unset (-1) … a pick sets the type and closes it", §5.
describe('feedback page store', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let feedback: FeedbackPage;
  beforeEach(() => {
    feedback = feedbackPage();
  });
  afterEach(() => feedback.exit());
  const TEXT = 'My withdrawal has been pending for two days.';

  it('starts unset with submit disabled; a pick closes the picker', () => {
    expect(feedback.$feedback.get().type).toBe(-1);
    expect(feedback.$disabled.get()).toBe(true);
    feedback.setPickerOpen(true);
    feedback.pickType(2);
    expect(feedback.$feedback.get()).toMatchObject({ type: 2, pickerOpen: false });
    feedback.setField('content', 'x');
    expect(feedback.$disabled.get()).toBe(false);
  });

  it.each([
    ['no type picked', -1, TEXT, 'A1', 'feedback.pickType'],
    ['fewer than 20 characters', 1, 'too short', 'A1', 'feedback.tooShort'],
    ['more than 200 characters', 1, 'x'.repeat(201), 'A1', 'feedback.tooLong'],
    ['no captcha', 1, TEXT, ' ', 'error.captcha_required'],
  ])('refuses %s without a call', async (_, type, content, captcha, error) => {
    if (type >= 0) feedback.pickType(type);
    feedback.setField('content', content);
    feedback.setField('captcha', captcha);
    await feedback.submit();
    expect(feedback.$feedback.get().error).toBe(error);
    expect(sendFeedback).not.toHaveBeenCalled();
  });

  it('sends, then clears the form and says it was sent', async () => {
    vi.mocked(sendFeedback).mockResolvedValue();
    feedback.pickType(0);
    feedback.setField('content', `  ${TEXT} `);
    feedback.setField('captcha', 'ab12');
    await feedback.submit();
    expect(sendFeedback).toHaveBeenCalledWith({ content: TEXT, type: 0, captcha: 'ab12' });
    expect(feedback.$feedback.get()).toMatchObject({ sent: true, content: '', type: -1, error: null });
  });

  it('shows a wrong captcha and empties the captcha field', async () => {
    vi.mocked(sendFeedback).mockRejectedValue(new ApiRequestError(400, 'captcha_invalid', null));
    feedback.pickType(4);
    feedback.setField('content', TEXT);
    feedback.setField('captcha', 'zz');
    await feedback.submit();
    expect(feedback.$feedback.get()).toMatchObject({ error: 'error.captcha_invalid', captcha: '', content: TEXT, sending: false });
  });

  it('drops an answer that arrives after the page was left', async () => {
    let sent: () => void = () => undefined;
    vi.mocked(sendFeedback).mockImplementationOnce(() => new Promise<void>((resolve) => { sent = resolve; }));
    feedback.pickType(1);
    feedback.setField('content', TEXT);
    feedback.setField('captcha', 'ab12');
    const sending = feedback.submit();
    feedback.exit();
    sent();
    await sending;
    expect(feedback.$feedback.get()).toMatchObject({ sending: true, sent: false, content: TEXT });
  });
});
