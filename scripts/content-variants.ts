/**
 * Smaller copies of the operator's raster artwork (PNG, JPEG, WebP), made once at import for the widths pages ask
 * for with `?w=` (worker/services/media/media.ts MEDIA_WIDTHS, variantKey). Made in Node with sharp (libvips): wrangler
 * installs it with its local runtime, so every machine that can run the import has it, and resizing at import
 * keeps the worker free of image code. Copies wider than the original are not made (the worker then answers the
 * original); SVG scales by itself and GIF keeps its frames, so neither gets copies.
 */
import { readFileSync } from 'node:fs';
import { MEDIA_WIDTHS, variantKey, type MediaType } from '../worker/services/media/media.ts';

/** One copy to store beside its original. */
export interface MediaVariant { key: string; bytes: Uint8Array; type: MediaType }

/** The copies of one stored image (`key`, read from `file`), narrowest first; none for SVG and GIF. */
export async function widthVariants(key: string, file: string, type: MediaType): Promise<MediaVariant[]> {
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') return [];
  const { default: sharp } = await import('sharp');
  const source = readFileSync(file);
  const { width = 0 } = await sharp(source).metadata();
  const out: MediaVariant[] = [];
  for (const target of MEDIA_WIDTHS) {
    const variant = variantKey(key, target);
    if (!variant || target >= width) continue;
    const resized = sharp(source).resize({ width: target, withoutEnlargement: true });
    const encoded = type === 'image/png' ? resized.png({ compressionLevel: 9 })
      : type === 'image/jpeg' ? resized.jpeg({ quality: 82, mozjpeg: true }) : resized.webp({ quality: 82 });
    out.push({ key: variant, bytes: new Uint8Array(await encoded.toBuffer()), type });
  }
  return out;
}
