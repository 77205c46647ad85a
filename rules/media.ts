/**
 * Width variants of the operator's artwork for `<img srcset>` (banners, promotion images): the worker answers
 * `/media/<key>?w=360|720` with a copy of that width made at import, or the original when there is none
 * (worker/services/media/media.ts MEDIA_WIDTHS). Only raster images of the site's media bucket have copies; SVG,
 * GIF and images from elsewhere are used as they are.
 */

/** The widths the worker has copies for (worker/services/media/media.ts MEDIA_WIDTHS). */
export const MEDIA_WIDTHS = [360, 720] as const;

/** True when `url` is raster artwork of the site's media bucket (`/media/…png|jpg|webp`, no query). */
export function hasWidthVariants(url: string): boolean {
  return /^\/media\/content\/[A-Za-z0-9_-]+\/[0-9a-f]{64}\.(png|jpg|webp)$/.test(url);
}

/** The `?w=` URL of `url` for `width`, or `url` itself when it has no variants. */
export function mediaUrlAt(url: string, width: (typeof MEDIA_WIDTHS)[number]): string {
  return hasWidthVariants(url) ? `${url}?w=${width}` : url;
}

/**
 * `srcset` and `sizes` attributes for an image of the media bucket: `<url>?w=360 360w, <url>?w=720 720w, <url>
 * 1440w` (the original stands for the widest screens; its true width is not known to the page, and 1440 only
 * ranks it last) with `sizes` as given (default: the full width of the viewport, as banners are drawn). An
 * object without the attributes for anything that has no variants, so `<img {...srcsetFor(url)}>` is always safe.
 */
export function srcsetFor(url: string, sizes = '100vw'): { srcSet?: string; sizes?: string } {
  if (!hasWidthVariants(url)) return {};
  return { srcSet: `${MEDIA_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ')}, ${url} 1440w`, sizes };
}

/**
 * The same as HTML attribute text for markup written by the edge: ` srcset="…" sizes="…"` (leading space, values
 * contain no quote or ampersand since hasWidthVariants admits only hex keys), or '' when `url` has no variants.
 */
export function srcsetAttributes(url: string, sizes = '100vw'): string {
  const { srcSet, sizes: chosen } = srcsetFor(url, sizes);
  return srcSet ? ` srcset="${srcSet}" sizes="${chosen}"` : '';
}
