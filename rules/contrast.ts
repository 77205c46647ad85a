/**
 * Readable brand colours (issue "The brand's accent colour reaches the buttons and links"; docs/seo.md "The brand's
 * accent"): WCAG 2 contrast of `#rrggbb` colours, the text colour that reads on a filled accent, and the accent as
 * ink (links, highlighted text) on a theme's backgrounds. Pure; the edge writes the results as custom properties
 * (worker/edge/pages/brand.ts brandStyle), the style sheets use them (src/styles/global.css).
 *
 * What a real site does with a brand colour that is too light or too dark for text: the filled buttons keep the
 * brand's exact colour and take black or white text (whichever contrasts more: one of them always reaches 4.5:1);
 * links and text in the accent are the brand's colour where it reads on every background of the theme, else the
 * same colour darkened (light theme) or lightened (dark theme) in 5 % steps of mixing with black or white until it
 * reaches AA (4.5:1 for normal text) on each of them.
 */

/** WCAG AA contrast for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The backgrounds text is drawn on in each theme (`--bg`, `--bg-raised`, `--bg-sunken` of src/styles/global.css;
 * tests/unit/site/contrast.test.ts checks that they match the style sheet).
 */
export const THEME_BACKGROUNDS = {
  dark: ['#0f1320', '#181e30', '#0a0d17'],
  light: ['#f4f6fb', '#ffffff', '#e7ebf4'],
} as const satisfies Record<'dark' | 'light', readonly string[]>;

type Rgb = [number, number, number];

/** `#rrggbb` → [r, g, b] 0–255; throws on any other shape (callers pass validated colours). */
function rgbOf(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

/** [r, g, b] 0–255 → `#rrggbb` lower-case. */
function hexOf(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour, 0 (black) – 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1–21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour on a filled `#rrggbb` background: `#000000` or `#ffffff`, whichever contrasts more. */
export function readableTextOn(background: string): string {
  return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** `colour` mixed with `toward` by `share` (0–1), in sRGB. */
function mix(colour: string, toward: string, share: number): string {
  const a = rgbOf(colour);
  const b = rgbOf(toward);
  return hexOf([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * share) as Rgb);
}

/**
 * The accent as ink on a theme (links, text in the accent colour): `accent` itself when it reaches
 * AA_TEXT_CONTRAST on every background of THEME_BACKGROUNDS[theme], else the first 5 % step of mixing it with black
 * (light theme) or white (dark theme) that does. Always ends: pure black or white passes on every background.
 */
export function accentInk(accent: string, theme: 'dark' | 'light'): string {
  const colour = accent.toLowerCase();
  const backgrounds = THEME_BACKGROUNDS[theme];
  const toward = theme === 'light' ? '#000000' : '#ffffff';
  for (let step = 0; step <= 20; step += 1) {
    const candidate = step === 0 ? colour : mix(colour, toward, step / 20);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= AA_TEXT_CONTRAST)) return candidate;
  }
  return toward;
}
