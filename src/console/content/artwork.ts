/**
 * The smaller copies of an artwork upload (docs/back-office.md "Content", "Artwork"): the content import makes 360 and
 * 720 px wide copies with sharp; the worker has no image library, so the back office makes the same copies here with
 * a canvas before uploading, and the worker checks them (type, width, proportions) before it stores them. SVG and
 * GIF get no copies, nor widths the original does not exceed — as at import.
 */

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
