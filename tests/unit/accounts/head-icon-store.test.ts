import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/profile', () => ({ getHeadIcon: vi.fn(), setHeadIcon: vi.fn(), updateNickname: vi.fn(), updateEmail: vi.fn(), updatePayeeName: vi.fn() }));

const api = await import('../../../src/api/profile');
const { ApiRequestError } = await import('../../../src/api/client');
const store = await import('../../../src/stores/pages/headIcon');

const picture = (type: string, size = 10) => new Blob([new Uint8Array(size)], { type });

afterEach(() => {
  vi.clearAllMocks();
  store.$headIcon.set({ url: null, busy: false, error: null, saved: false });
});

describe('head icon flow (issue 13, Member centre: PROFPIC3)', () => {
  it('loads the current picture, then resizes and sends a chosen png or jpg', async () => {
    vi.mocked(api.getHeadIcon).mockResolvedValueOnce('/media/avatar/DEMO/old.png');
    await store.loadHeadIcon();
    expect(store.$headIcon.get().url).toBe('/media/avatar/DEMO/old.png');
    const resizer = vi.fn().mockResolvedValue('data:image/jpeg;base64,AAAA');
    store.setIconResizer(resizer);
    vi.mocked(api.setHeadIcon).mockResolvedValueOnce('/media/avatar/DEMO/new.jpg');
    await store.uploadHeadIcon(picture('image/jpeg'));
    expect(api.setHeadIcon).toHaveBeenCalledWith('data:image/jpeg;base64,AAAA');
    expect(store.$headIcon.get()).toEqual({ url: '/media/avatar/DEMO/new.jpg', busy: false, error: null, saved: true });
  });

  it.each([
    ['a gif', picture('image/gif'), 'member.photoInvalid'],
    ['a text file', picture('text/plain'), 'member.photoInvalid'],
    ['a picture over 10 MB', picture('image/png', 10 * 1024 * 1024 + 1), 'member.photoTooLarge'],
  ])('refuses %s before sending', async (_name, file, error) => {
    await store.uploadHeadIcon(file);
    expect(store.$headIcon.get().error).toBe(error);
    expect(api.setHeadIcon).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal', async () => {
    store.setIconResizer(() => Promise.resolve('data:image/png;base64,AAAA'));
    vi.mocked(api.setHeadIcon).mockRejectedValueOnce(new ApiRequestError(400, 'image_too_large', null));
    await store.uploadHeadIcon(picture('image/png'));
    expect(store.$headIcon.get()).toMatchObject({ busy: false, error: 'member.photoTooLarge', saved: false });
  });
});
