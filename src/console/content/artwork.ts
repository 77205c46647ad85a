/**
 * The smaller copies of an artwork upload (docs/back-office.md "Content", "Artwork"): the content import makes 360 and
 * 720 px wide copies with sharp; the worker has no image library, so the back office makes the same copies here with
 * a canvas before uploading, and the worker checks them (type, width, proportions) before it stores them. SVG and
 * GIF get no copies, nor widths the original does not exceed — as at import.
 */
import { CONSOLE_API } from '../dataProvider';
import { ConsoleApiError } from '../registry';
import { csrfToken } from '../session';

/** The widths of the copies (worker/services/media/media.ts MEDIA_WIDTHS). */
export const COPY_WIDTHS = [360, 720] as const;

const RASTER = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** The copies of `file` by width (only raster images wider than the width), encoded in the file's own type. */
export async function artworkCopies(file: File): Promise<Map<number, Blob>> {
  const copies = new Map<number, Blob>();
  if (!RASTER.has(file.type)) return copies;
  const bitmap = await createImageBitmap(file);
  try {
    for (const width of COPY_WIDTHS) {
      if (width >= bitmap.width) continue;
      const height = Math.round((bitmap.height * width) / bitmap.width);
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) continue;
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: file.type, quality: 0.82 });
      // A browser that cannot encode the type gives PNG instead: such a copy would be refused, so it is left out.
      if (blob.type === file.type) copies.set(width, blob);
    }
  } finally {
    bitmap.close();
  }
  return copies;
}

/** The multipart form of an upload: the original as `file`, each copy as `w<width>`. */
export async function artworkForm(file: File): Promise<FormData> {
  const form = new FormData();
  form.append('file', file);
  for (const [width, blob] of await artworkCopies(file)) form.append(`w${width}`, blob, `w${width}`);
  return form;
}

/**
 * Uploads `file` and its copies (`POST /console/api/content/media`, multipart, with the session's CSRF token); the
 * stored artwork's address, or a ConsoleApiError with the refusal (`image_invalid`, `image_too_large`, …).
 */
export async function uploadArtwork(file: File): Promise<{ url: string }> {
  const res = await fetch(`${CONSOLE_API}content/media`, {
    method: 'POST', body: await artworkForm(file), credentials: 'same-origin', headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken() },
  }).catch(() => null);
  const body = await res?.json().catch(() => null) as { success?: boolean; value?: { url: string }; message?: string; errorCode?: string } | null;
  if (!res || !body || body.success !== true || !body.value) {
    throw new ConsoleApiError(res?.status ?? 0, body?.errorCode || 'network_error', body?.message || 'The upload failed');
  }
  return body.value;
}
