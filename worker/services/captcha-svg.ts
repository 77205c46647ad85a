import { parse, type Font } from 'opentype.js';
// DejaVu Sans Mono Bold, an unmodified copy of the npm package dejavu-fonts-ttf's file (licence beside it).
// Named .bin because wrangler, its Vite plugin and the test pool all import .bin files as ArrayBuffer.
import fontData from '../assets/captcha-font.bin';

/**
 * Draws a captcha challenge as an SVG image. Every glyph is an outline path taken from a bundled font
 * (DejaVu Sans Mono Bold), jittered, rotated and crossed by noise curves, so the challenge text appears
 * nowhere in the document: a bot has to do optical recognition, not string parsing.
 */

const WIDTH = 150;
const HEIGHT = 50;
const FONT_SIZE = 30;

let font: Font | null = null;

/** Parsed once per isolate: parsing the font costs a few milliseconds. */
function loadFont(): Font {
  font ??= parse(fontData);
  return font;
}

/** Uniform integer in [0, max) from the platform CSPRNG (rejection sampling keeps it unbiased). */
export function randomInt(max: number): number {
  if (!Number.isInteger(max) || max <= 0 || max > 2 ** 32) throw new Error('randomInt needs 0 < max <= 2^32');
  const limit = Math.floor(2 ** 32 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % max;
  }
}

function between(min: number, max: number): number {
  return min + randomInt(max - min + 1);
}

function colour(minLight: number, maxLight: number): string {
  return `hsl(${randomInt(360)},${between(40, 80)}%,${between(minLight, maxLight)}%)`;
}

function noiseCurve(): string {
  const y = () => between(4, HEIGHT - 4);
  const d = `M${between(0, 15)} ${y()} C${between(30, 60)} ${y()},${between(80, 120)} ${y()},${between(WIDTH - 15, WIDTH)} ${y()}`;
  return `<path d="${d}" fill="none" stroke="${colour(30, 60)}" stroke-width="${between(1, 2)}"/>`;
}

function noiseDot(): string {
  return `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="${between(1, 2)}" fill="${colour(35, 70)}"/>`;
}

/**
 * The SVG document for `text` (what the player must read: "12+7=?" or "K4P7Q"). Width 150, height 50,
 * scalable through its viewBox.
 */
export function renderCaptchaSvg(text: string): string {
  const face = loadFont();
  const chars = [...text];
  const advance = (face.charToGlyph('M').advanceWidth ?? face.unitsPerEm * 0.6) * (FONT_SIZE / face.unitsPerEm);
  const step = Math.min(advance + 3, (WIDTH - 16) / Math.max(chars.length, 1));
  let x = (WIDTH - step * chars.length) / 2;
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) parts.push(noiseCurve());
  for (const ch of chars) {
    const baseline = HEIGHT / 2 + FONT_SIZE / 3 + between(-5, 5);
    const d = face.getPath(ch, x, baseline, FONT_SIZE + between(-3, 3)).toPathData(1);
    const angle = between(-22, 22);
    const cx = (x + advance / 2).toFixed(1);
    const cy = (baseline - FONT_SIZE / 3).toFixed(1);
    parts.push(`<path d="${d}" fill="${colour(15, 40)}" transform="rotate(${angle} ${cx} ${cy})"/>`);
    x += step;
  }
  for (let i = 0; i < 2; i++) parts.push(noiseCurve());
  for (let i = 0; i < 25; i++) parts.push(noiseDot());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${colour(88, 96)}"/>${parts.join('')}</svg>`
  );
}
