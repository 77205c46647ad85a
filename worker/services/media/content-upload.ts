import { ApiError } from '../../lib/envelope';
import { MEDIA_WIDTHS, putImage, sniffImage, variantKey, type MediaBucket, type MediaType, type MediaWidth } from './media';

/**
 * The back office's artwork uploads (docs/back-office.md "Content"): the operator's banner and promotion images go to
 * the media bucket under the same content-addressed keys as the content import's (`content/<merchant>/<sha-256>.<ext>`),
 * with the same smaller copies beside them (`…-w360`, `…-w720`, media.ts MEDIA_WIDTHS). The worker has no image
 * library (media.ts explains why), so the copies are made by the uploading browser (a canvas in the back office, as
 * sharp makes them at import) and checked here: the copy must be the original's type, exactly the copy's width, the
 * original's proportions (±1 px of height), and narrower than the original. A copy that fails is refused (400
 * `image_variant_invalid`), never stored. SVG and GIF get no copies, as at import.
 */

/** Largest artwork original or copy, bytes (5 MB, like players' images). */
export const ARTWORK_BYTES_MAX = 5 * 1024 * 1024;

/** Pixel size of a PNG, JPEG, WebP or GIF from its header; null when it cannot be read (SVG: null). */
export function imageSize(bytes: Uint8Array, type: MediaType): { width: number; height: number } | null {
  const b = (i: number) => bytes[i] ?? 0;
  const be16 = (i: number) => (b(i) << 8) | b(i + 1);
  const le16 = (i: number) => b(i) | (b(i + 1) << 8);
  const le24 = (i: number) => b(i) | (b(i + 1) << 8) | (b(i + 2) << 16);
  if (type === 'image/png') return bytes.length >= 24 ? { width: ((b(16) << 24) >>> 0) + (b(17) << 16) + (b(18) << 8) + b(19), height: ((b(20) << 24) >>> 0) + (b(21) << 16) + (b(22) << 8) + b(23) } : null;
  if (type === 'image/gif') return bytes.length >= 10 ? { width: le16(6), height: le16(8) } : null;
  if (type === 'image/webp') {
    const chunk = String.fromCharCode(b(12), b(13), b(14), b(15));
    if (chunk === 'VP8 ') return { width: le16(26) & 0x3fff, height: le16(28) & 0x3fff };
    if (chunk === 'VP8L') return { width: 1 + (((b(22) & 0x3f) << 8) | b(21)), height: 1 + (((b(24) & 0xf) << 10) | (b(23) << 2) | ((b(22) & 0xc0) >> 6)) };
    if (chunk === 'VP8X') return { width: 1 + le24(24), height: 1 + le24(27) };
    return null;
  }
  if (type === 'image/jpeg') {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (b(at) !== 0xff) return null;
      const marker = b(at + 1);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: be16(at + 7), height: be16(at + 5) };
      at += 2 + be16(at + 2);
    }
  }
  return null;
}

/** What an upload answers: the artwork's address, type, pixel size and the widths of the copies stored. */
export interface StoredArtwork { url: string; type: MediaType; width: number; height: number; variants: MediaWidth[] }

/**
 * Stores `original` and its `copies` (width → bytes) for `merchantCode`. 400 `image_too_large` (over
 * ARTWORK_BYTES_MAX), `image_invalid` (not PNG, JPEG, WebP, GIF or SVG by its bytes), `image_variant_invalid`.
 * Everything is checked before anything is stored.
 */
export async function storeArtwork(
  bucket: MediaBucket, merchantCode: string, original: Uint8Array, copies: Partial<Record<MediaWidth, Uint8Array>>,
): Promise<StoredArtwork> {
  if (original.length > ARTWORK_BYTES_MAX || Object.values(copies).some((c) => c.length > ARTWORK_BYTES_MAX)) {
    throw new ApiError(400, 'image_too_large', 'An image is larger than 5 MB');
  }
  const type = sniffImage(original, true);
  if (!type) throw new ApiError(400, 'image_invalid', 'Artwork must be a PNG, JPEG, WebP, GIF or SVG image');
  const size = type === 'image/svg+xml' ? { width: 0, height: 0 } : imageSize(original, type);
  if (!size || (type !== 'image/svg+xml' && (size.width < 1 || size.height < 1))) throw new ApiError(400, 'image_invalid', 'The image cannot be read');
  const raster = type === 'image/png' || type === 'image/jpeg' || type === 'image/webp';
  const accepted: [MediaWidth, Uint8Array][] = [];
  for (const width of MEDIA_WIDTHS) {
    const copy = copies[width];
    if (!copy) continue;
    const copySize = sniffImage(copy) === type ? imageSize(copy, type) : null;
    const expected = Math.round((size.height * width) / Math.max(1, size.width));
    if (!raster || width >= size.width || !copySize || copySize.width !== width || Math.abs(copySize.height - expected) > 1) {
      throw new ApiError(400, 'image_variant_invalid', `The ${width}px copy does not match the image`);
    }
    accepted.push([width, copy]);
  }
  const key = await putImage(bucket, 'content', merchantCode, original, { allowSvg: true });
  if (!key) throw new ApiError(400, 'image_invalid', 'Artwork must be a PNG, JPEG, WebP, GIF or SVG image');
  for (const [width, copy] of accepted) {
    await bucket.put(variantKey(key, width)!, copy, { httpMetadata: { contentType: type, cacheControl: 'public, max-age=31536000, immutable' } });
  }
  return { url: `/media/${key}`, type, width: size.width, height: size.height, variants: accepted.map(([w]) => w) };
}
