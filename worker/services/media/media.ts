/**
 * Media in the R2 bucket bound as `MEDIA` (announcement and promotion artwork, players' application images).
 * The type of a file is decided by its first bytes, never by its name or the sender's Content-Type. Keys are
 * `<area>/<merchant>/<sha-256 of the bytes>.<ext>`, so storing the same file twice changes nothing. Served by
 * `GET /media/<key>` with a year of immutable caching and a sandboxing CSP.
 */

/** What this module needs of an R2 bucket (structural, so the Node-run operator scripts type-check without Workers types). */
export interface MediaBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string; cacheControl: string } }): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream; httpEtag: string; httpMetadata?: { contentType?: string } } | null>;
}

/** Image types PlayDeck stores, by magic bytes. */
export type MediaType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/svg+xml';

const EXTENSIONS: Record<MediaType, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/svg+xml': 'svg',
};

/** The image type of `bytes` by its signature (PNG, JPEG, WebP, GIF, and SVG text when `allowSvg`), else null. */
export function sniffImage(bytes: Uint8Array, allowSvg = false): MediaType | null {
  const at = (i: number) => bytes[i] ?? -1;
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (allowSvg) {
    const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
    if (/^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  }
  return null;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The file extension of a media type. */
export function extensionOf(type: MediaType): string {
  return EXTENSIONS[type];
}

/** Content-addressed key of a file: `<area>/<merchant>/<sha-256 hex>.<ext>`. */
export async function mediaKey(area: string, merchantCode: string, bytes: Uint8Array, type: MediaType): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${area}/${merchantCode}/${hex}.${extensionOf(type)}`;
}

/** A valid media key (what `GET /media/<key>` accepts). */
export const MEDIA_KEY = /^[a-z]+\/[A-Za-z0-9_-]{1,40}\/[0-9a-f]{64}\.(png|jpg|webp|gif|svg)$/;

/**
 * Widths (CSS px of a phone at 1× and 2×) of the smaller copies made of raster artwork, asked for with `?w=`.
 * The copies are made once, when the operator imports the content (scripts/content-variants.ts, in Node with
 * sharp — the image library wrangler itself installs), and stored beside the original as `<hash>-w<width>.<ext>`:
 * the worker only picks a stored file, so serving stays a plain bucket read with no image code in the worker (no
 * image library runs in workerd without WebAssembly weight, and resizing per request would cost CPU on every
 * cache miss). A width with no copy (SVG, GIF, an image narrower than the width) is answered with the original.
 */
export const MEDIA_WIDTHS = [360, 720] as const;

/** One of MEDIA_WIDTHS. */
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** The width asked for by `?w=` when it is one of MEDIA_WIDTHS, else null (any other value: the original). */
export function mediaWidth(query: string | undefined): MediaWidth | null {
  const width = Number(query);
  return (MEDIA_WIDTHS as readonly number[]).includes(width) ? (width as MediaWidth) : null;
}

/** The key of the `width` copy of a raster key (`content/D/<hash>.jpg` → `content/D/<hash>-w360.jpg`), null for SVG and GIF. */
export function variantKey(key: string, width: MediaWidth): string | null {
  const match = /^(.*)\.(png|jpg|webp)$/.exec(key);
  return match ? `${match[1]}-w${width}.${match[2]}` : null;
}

/**
 * Stores an image after checking its bytes; returns its key, or null when the bytes are no accepted image.
 * `allowSvg` only for the operator's own artwork (served with a sandboxing CSP, shown through `<img>`).
 */
export async function putImage(
  bucket: MediaBucket, area: string, merchantCode: string, bytes: Uint8Array, options: { allowSvg?: boolean; only?: MediaType[] } = {},
): Promise<string | null> {
  const type = sniffImage(bytes, options.allowSvg === true);
  if (!type || (options.only && !options.only.includes(type))) return null;
  const key = await mediaKey(area, merchantCode, bytes, type);
  await bucket.put(key, bytes, { httpMetadata: { contentType: type, cacheControl: 'public, max-age=31536000, immutable' } });
  return key;
}

/**
 * Serves a stored file, or null when the key is malformed or absent; with `width`, its stored copy of that width
 * when there is one (see MEDIA_WIDTHS), else the original. Content-Type from the stored type only.
 */
export async function getMedia(bucket: MediaBucket, key: string, width: MediaWidth | null = null): Promise<Response | null> {
  if (!MEDIA_KEY.test(key)) return null;
  const variant = width === null ? null : variantKey(key, width);
  const object = (variant ? await bucket.get(variant) : null) ?? await bucket.get(key);
  if (!object) return null;
  const type = object.httpMetadata?.contentType ?? 'application/octet-stream';
  return new Response(object.body, {
    headers: {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: object.httpEtag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
