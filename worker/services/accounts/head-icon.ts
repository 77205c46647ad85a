import { findMemberIconKey, setMemberIconKey } from '../../db/queries/members';
import { ApiError } from '../../lib/envelope';
import { putImage, sniffImage, type MediaBucket } from '../media/media';

/** Largest head icon stored, in bytes (decoded). */
export const HEAD_ICON_BYTES_MAX = 256 * 1024;
/** Largest head icon side, in pixels. The browser resizes to 256×256 before sending. */
export const HEAD_ICON_SIDE_MAX = 512;

/** Width and height of a PNG (IHDR) or baseline/progressive JPEG (SOFn), or null when the header is unreadable. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const type = sniffImage(bytes);
  const u16 = (i: number) => ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
  if (type === 'image/png') {
    if (bytes.length < 24) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type === 'image/jpeg') {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1] ?? 0;
      if (marker === 0xff) { i += 1; continue; }
      const length = u16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: u16(i + 5), width: u16(i + 7) };
      }
      if (length < 2) return null;
      i += 2 + length;
    }
  }
  return null;
}

/**
 * Checks and stores a head icon sent as a data URL (issue 13, Member centre: "the head icon (PROFPIC3: png/jpg
 * checked by content, stored in R2, resized)"): the bytes must be a PNG or JPEG whatever the data URL claims (400
 * `image_invalid`), at most HEAD_ICON_BYTES_MAX bytes and HEAD_ICON_SIDE_MAX pixels a side (400 `image_too_large`).
 * workerd has no image codec, so the browser resizes to 256×256 and the server keeps the size bounded; the file goes
 * to the media bucket under `avatar/<merchant>/<sha-256>` and its key into the member's profile. Answers the URL.
 */
export async function storeHeadIcon(db: D1Database, bucket: MediaBucket, merchantCode: string, memberId: number, dataUrl: string): Promise<string> {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  if (base64.length > Math.ceil(HEAD_ICON_BYTES_MAX / 3) * 4 + 4) throw new ApiError(400, 'image_too_large', 'The picture is larger than 256 KB');
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  } catch {
    throw new ApiError(400, 'image_invalid', 'The picture is not valid base64');
  }
  const type = sniffImage(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg') throw new ApiError(400, 'image_invalid', 'The picture must be png or jpg');
  const size = imageSize(bytes);
  if (!size || size.width < 1 || size.height < 1) throw new ApiError(400, 'image_invalid', 'The picture header is unreadable');
  if (bytes.length > HEAD_ICON_BYTES_MAX || size.width > HEAD_ICON_SIDE_MAX || size.height > HEAD_ICON_SIDE_MAX) {
    throw new ApiError(400, 'image_too_large', 'The picture is larger than 512×512 pixels or 256 KB');
  }
  const key = await putImage(bucket, 'avatar', merchantCode, bytes, { only: ['image/png', 'image/jpeg'] });
  if (!key) throw new ApiError(400, 'image_invalid', 'The picture must be png or jpg');
  await setMemberIconKey(db, memberId, key);
  return `/media/${key}`;
}

/** The member's head icon URL, or null. */
export async function headIconUrl(db: D1Database, memberId: number): Promise<string | null> {
  const key = await findMemberIconKey(db, memberId);
  return key ? `/media/${key}` : null;
}
