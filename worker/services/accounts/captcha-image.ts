import { parse, type Font } from 'opentype.js';
// DejaVu Sans Mono Bold, an unmodified copy of the npm package dejavu-fonts-ttf's file (licence beside it).
// Named .bin because wrangler, its Vite plugin and the test pool all import .bin files as ArrayBuffer.
import fontData from '../../assets/captcha-font.bin';
import { between, randomInt } from '../kit/random';
import { encodePng } from '../media/png';
import {
  circle, createCanvas, cubicPoints, fillPolygons, flattenOutline, hslToRgb, strokePolyline,
  type Canvas, type OutlineCommand, type Point,
} from '../media/raster';

/**
 * Draws a captcha challenge as a PNG (platform-contract.md §3 "captcha": the envelope's value is a base64
 * PNG). Every glyph is an outline taken from a bundled font (DejaVu Sans Mono Bold), jittered, scaled and
 * rotated, rasterised with anti-aliasing (services/raster.ts) over a speckled background and crossed by noise
 * curves and dots, so a bot has to do optical recognition.
 */

/** Image size in pixels. */
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;
const FONT_SIZE = 30;

let font: Font | null = null;

/** Parsed once per isolate: parsing the font costs a few milliseconds. */
function loadFont(): Font {
  font ??= parse(fontData);
  return font;
}

function colour(minLight: number, maxLight: number): [number, number, number] {
  return hslToRgb(randomInt(360), between(40, 80), between(minLight, maxLight));
}

function noiseCurve(canvas: Canvas): void {
  const y = (): number => between(4, CAPTCHA_HEIGHT - 4);
  const points = cubicPoints(
    [between(0, 15), y()], [between(30, 60), y()], [between(80, 120), y()], [between(CAPTCHA_WIDTH - 15, CAPTCHA_WIDTH), y()], 24,
  );
  fillPolygons(canvas, strokePolyline(points, between(10, 18) / 10), colour(30, 60));
}

/** Background speckle: every pixel shifted by up to ±14 per channel. */
function speckle(canvas: Canvas): void {
  const noise = crypto.getRandomValues(new Uint8Array(canvas.data.length));
  for (let i = 0; i < canvas.data.length; i++) {
    const shifted = (canvas.data[i] ?? 0) + (((noise[i] ?? 0) % 29) - 14);
    canvas.data[i] = Math.max(0, Math.min(255, shifted));
  }
}

/** The RGB pixels of the challenge `text` ("12+7=?" or "K4P7Q"), CAPTCHA_WIDTH × CAPTCHA_HEIGHT. */
export function drawCaptcha(text: string): Canvas {
  const face = loadFont();
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, colour(88, 96));
  speckle(canvas);
  const chars = [...text];
  const advance = (face.charToGlyph('M').advanceWidth ?? face.unitsPerEm * 0.6) * (FONT_SIZE / face.unitsPerEm);
  const step = Math.min(advance + 3, (CAPTCHA_WIDTH - 16) / Math.max(chars.length, 1));
  let x = (CAPTCHA_WIDTH - step * chars.length) / 2;
  for (let i = 0; i < 4; i++) noiseCurve(canvas);
  for (const ch of chars) {
    const baseline = CAPTCHA_HEIGHT / 2 + FONT_SIZE / 3 + between(-5, 5);
    const commands = face.getPath(ch, x, baseline, FONT_SIZE + between(-3, 3)).commands as OutlineCommand[];
    const angle = (between(-22, 22) * Math.PI) / 180;
    const cx = x + advance / 2;
    const cy = baseline - FONT_SIZE / 3;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const rotate = ([px, py]: Point): Point => [cx + (px - cx) * cos - (py - cy) * sin, cy + (px - cx) * sin + (py - cy) * cos];
    fillPolygons(canvas, flattenOutline(commands, rotate), colour(15, 40));
    x += step;
  }
  for (let i = 0; i < 2; i++) noiseCurve(canvas);
  for (let i = 0; i < 25; i++) {
    fillPolygons(canvas, [circle(randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT), between(8, 16) / 10)], colour(35, 70));
  }
  return canvas;
}

/** The PNG file of the challenge `text`. */
export async function renderCaptchaPng(text: string): Promise<Uint8Array> {
  return encodePng(drawCaptcha(text));
}
