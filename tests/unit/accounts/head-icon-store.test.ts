import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeadIconPage } from '../../../src/stores/pages/headIcon';

vi.mock('../../../src/api/profile', () => ({ getHeadIcon: vi.fn(), setHeadIcon: vi.fn(), updateNickname: vi.fn(), updateEmail: vi.fn(), updatePayeeName: vi.fn() }));

const api = await import('../../../src/api/profile');
const { ApiRequestError } = await import('../../../src/api/client');
const store = await import('../../../src/stores/pages/headIcon');

const picture = (type: string, size = 10) => new Blob([new Uint8Array(size)], { type });

afterEach(() => vi.clearAllMocks());

describe('head icon flow (issue 13, Member centre: PROFPIC3)', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let page: HeadIconPage;
  beforeEach(() => {
    page = store.headIconPage();
  });
  afterEach(() => page.exit());

  it('loads the current picture, then resizes and sends a chosen png or jpg', async () => {
    vi.mocked(api.getHeadIcon).mockResolvedValueOnce('/media/avatar/DEMO/old.png');
    await page.load();
    expect(page.$headIcon.get().url).toBe('/media/avatar/DEMO/old.png');
    const resizer = vi.fn().mockResolvedValue('data:image/jpeg;base64,AAAA');
    store.setIconResizer(resizer);
    vi.mocked(api.setHeadIcon).mockResolvedValueOnce('/media/avatar/DEMO/new.jpg');
    await page.upload(picture('image/jpeg'));
    expect(api.setHeadIcon).toHaveBeenCalledWith('data:image/jpeg;base64,AAAA');
    expect(page.$headIcon.get()).toEqual({ url: '/media/avatar/DEMO/new.jpg', busy: false, error: null, saved: true });
  });

  it.each([
    ['a gif', picture('image/gif'), 'member.photoInvalid'],
    ['a text file', picture('text/plain'), 'member.photoInvalid'],
    ['a picture over 10 MB', picture('image/png', 10 * 1024 * 1024 + 1), 'member.photoTooLarge'],
  ])('refuses %s before sending', async (_name, file, error) => {
    await page.upload(file);
    expect(page.$headIcon.get().error).toBe(error);
    expect(api.setHeadIcon).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal', async () => {
    store.setIconResizer(() => Promise.resolve('data:image/png;base64,AAAA'));
    vi.mocked(api.setHeadIcon).mockRejectedValueOnce(new ApiRequestError(400, 'image_too_large', null));
    await page.upload(picture('image/png'));
    expect(page.$headIcon.get()).toMatchObject({ busy: false, error: 'member.photoTooLarge', saved: false });
  });

  it('keeps a picture the player chose at once when the first load answers after the upload', async () => {
    let late: (v: string | null) => void = () => undefined;
    vi.mocked(api.getHeadIcon).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    store.setIconResizer(() => Promise.resolve('data:image/jpeg;base64,AAAA'));
    vi.mocked(api.setHeadIcon).mockResolvedValueOnce('/media/avatar/DEMO/new.jpg');
    const loading = page.load();
    await page.upload(picture('image/jpeg'));
    late(null);
    await loading;
    expect(page.$headIcon.get()).toEqual({ url: '/media/avatar/DEMO/new.jpg', busy: false, error: null, saved: true });
  });

  it('drops a picture URL and an upload\'s answer that arrive after the page was left', async () => {
    let late: (v: string) => void = () => undefined;
    vi.mocked(api.getHeadIcon).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    store.setIconResizer(() => Promise.resolve('data:image/png;base64,AAAA'));
    let stored: (v: string) => void = () => undefined;
    vi.mocked(api.setHeadIcon).mockImplementationOnce(() => new Promise((resolve) => { stored = resolve; }));
    const loading = page.load();
    const uploading = page.upload(picture('image/png'));
    await vi.waitFor(() => expect(api.setHeadIcon).toHaveBeenCalled());
    page.exit();
    late('/media/avatar/DEMO/old.png');
    stored('/media/avatar/DEMO/new.png');
    await Promise.all([loading, uploading]);
    expect(page.$headIcon.get()).toEqual({ url: null, busy: true, error: null, saved: false });
  });
});
