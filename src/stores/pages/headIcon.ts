import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { getHeadIcon, setHeadIcon } from '../../api/profile';
import type { MessageKey } from '../../../rules/i18n';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)
import { createPage } from '../kit/page';

/** Side of the head icon the browser sends (pixels): the server keeps at most 512×512 and 256 KB. */
export const HEAD_ICON_SIDE = 256;
/** Largest picture the player may choose before resizing (bytes). */
export const HEAD_ICON_PICK_MAX = 10 * 1024 * 1024;

/** The head icon's state (issue 13, Member centre: the head icon, PROFPIC3). */
export interface HeadIconState {
  url: string | null;
  busy: boolean;
  error: MessageKey | null;
  saved: boolean;
}

/** Turns a chosen picture into a square JPEG data URL of HEAD_ICON_SIDE pixels (centre crop). */
export type IconResizer = (file: Blob) => Promise<string>;

/** Draws the picture centre-cropped onto a square canvas and exports it as JPEG (browser only). */
async function resizeInBrowser(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = HEAD_ICON_SIDE;
  canvas.height = HEAD_ICON_SIDE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, HEAD_ICON_SIDE, HEAD_ICON_SIDE);
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, HEAD_ICON_SIDE, HEAD_ICON_SIDE);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}

let resize: IconResizer = resizeInBrowser;

/** Replaces the resizer (tests, which run without a canvas). */
export function setIconResizer(resizer: IconResizer): void {
  resize = resizer;
}

/**
 * The member's head icon of one visit of the member centre (issue 13, Member centre: the head icon, PROFPIC3;
 * /m/member/home), made per visit (src/stores/kit/page.ts) by the head icon component:
 * - `$headIcon`: the picture's URL (null: the initial stands in), busy, the error, saved.
 * - `load()`: loads the member's head icon URL (a failure keeps the initial; an answer that an upload of this
 *   visit overtook is dropped, so a picture the player chose at once is not replaced by the older one).
 * - `upload(file)`: sends a chosen picture as the head icon: only png or jpg files (the server checks the bytes
 *   again), resized in the browser to a HEAD_ICON_SIDE square, because the worker has no image codec.
 * Answers that arrive after the page exits are dropped.
 */
export const headIconPage = createPage('member/home', (visit) => {
  const $headIcon = atom<HeadIconState>({ url: null, busy: false, error: null, saved: false });
  /** Uploads started in this visit: a load that an upload overtook must not put the older picture back. */
  let uploads = 0;

  async function load(): Promise<void> {
    const startedAfter = uploads;
    try {
      const url = await getHeadIcon();
      if (!visit.exited && uploads === startedAfter) $headIcon.set({ ...$headIcon.get(), url });
    } catch {
      // The initial stays in place of a picture.
    }
  }

  async function upload(file: Blob): Promise<void> {
    const state = $headIcon.get();
    if (state.busy) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') return $headIcon.set({ ...state, error: 'member.photoInvalid', saved: false });
    if (file.size > HEAD_ICON_PICK_MAX) return $headIcon.set({ ...state, error: 'member.photoTooLarge', saved: false });
    $headIcon.set({ ...state, busy: true, error: null, saved: false });
    uploads += 1;
    try {
      const url = await setHeadIcon(await resize(file));
      if (!visit.exited) $headIcon.set({ url, busy: false, error: null, saved: true });
    } catch (error) {
      if (visit.exited) return;
      const code = error instanceof ApiRequestError ? error.errorCode : 'image_invalid';
      const message: MessageKey = code === 'image_too_large' ? 'member.photoTooLarge' : code === 'network' ? 'error.network' : 'member.photoInvalid';
      $headIcon.set({ ...$headIcon.get(), busy: false, error: message });
    }
  }

  return { $headIcon, load, upload };
});

/** One visit's head icon. */
export type HeadIconPage = ReturnType<typeof headIconPage>;
