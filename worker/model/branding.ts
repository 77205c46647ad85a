import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '../../rules/brand.ts';

/** The site's branding (name, colours, logo, favicon, app name, footer) — written into pages by the edge. */
export const bundleBranding = z.object({
  siteName: z.string().max(60).optional(),
  appName: z.string().max(60).optional(),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  logo: z.string().regex(/^\/(media|icons)\/[A-Za-z0-9/_.-]+$/).optional(),
  favicon: z.string().regex(/^\/(media|icons)\/[A-Za-z0-9/_.-]+$/).optional(),
  footer: z.string().max(500).optional(),
});

/**
 * A site's brand (issue "Every site its own brand"): what the edge writes into the first HTML of every page
 * (worker/edge/pages/brand.ts) and what the PWA manifest (`GET /wps/system/manifest.json`) names. It comes from
 * `merchants.branding` (JSON written by `npm run operator -- content import`, from the folder's site.json) and is
 * validated again when read, so a row written by any other tool can only carry the shapes below: names and the
 * footer are plain text (escaped wherever they are written), colours are `#rrggbb`, the logo and favicon are
 * paths of the site's own media (`/media/…`, `/icons/…`). A field that is missing or invalid takes its default.
 */
export interface SiteBrand {
  /** The site's name (title suffix, header, footer, texts that name the site). Default: the merchant's name. */
  siteName: string;
  /** The installed app's name (download bar, manifest). Default: the site's name. */
  appName: string;
  /** Main brand colour `#rrggbb` (browser bar, header stripe, logo mark), or null for the theme's own. */
  primaryColor: string | null;
  /** Second brand colour `#rrggbb`, or null. */
  accentColor: string | null;
  /** Wordmark image shown in the header in place of the drawn mark and name, or null. */
  logo: string | null;
  /** Square icon (favicon, manifest icon). Default: the build's `/favicon.svg`. */
  favicon: string;
  /** The operator's footer line (plain text), or null. */
  footer: string | null;
}

/** The favicon of the build, used when a site names none. */
export const DEFAULT_FAVICON = '/favicon.svg';

/** The brand of a merchant from its stored `branding` JSON; `merchantName` is the name when the brand names none. */
export function parseBrand(json: string, merchantName: string): SiteBrand {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  // Each field on its own: one bad value must not cost the site the rest of its brand.
  const valid = <K extends keyof typeof bundleBranding.shape>(key: K) => {
    const parsed = bundleBranding.shape[key].safeParse(fields[key]);
    return parsed.success ? parsed.data : undefined;
  };
  const siteName = cleanName(valid('siteName')) ?? cleanName(merchantName) ?? DEFAULT_SITE_NAME;
  return {
    siteName,
    appName: cleanName(valid('appName')) ?? siteName,
    primaryColor: valid('primaryColor')?.toLowerCase() ?? null,
    accentColor: valid('accentColor')?.toLowerCase() ?? null,
    logo: valid('logo') ?? null,
    favicon: valid('favicon') ?? DEFAULT_FAVICON,
    footer: cleanName(valid('footer')) ?? null,
  };
}

/** A name or line of text without control characters and runs of space; undefined when nothing is left. */
function cleanName(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const clean = [...text].map((ch) => ((ch.codePointAt(0) ?? 0) < 0x20 || ch === '\u007f' ? ' ' : ch)).join('').replace(/\s+/g, ' ').trim();
  return clean === '' ? undefined : clean;
}

/** The image type of a media path by its extension (for `<link rel=icon type>` and manifest icons). */
export function imageTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'svg' ? 'image/svg+xml' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : `image/${ext}`;
}
