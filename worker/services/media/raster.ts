/**
 * A small anti-aliased polygon rasteriser for the captcha image: outlines (lines, quadratic and cubic Béziers)
 * are flattened to polygons, filled with the non-zero winding rule by scanline, 4 sub-scanlines per pixel row
 * and exact horizontal span coverage, then blended over an RGB canvas. Pure; no platform APIs.
 */

/** A point (x right, y down, in pixels). */
export type Point = readonly [number, number];

/** An outline command, as opentype.js paths give them. */
export type OutlineCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

/** Sub-scanlines per pixel row. */
const SUBSAMPLES = 4;
/** Line segments per flattened curve: plenty at captcha sizes. */
const CURVE_STEPS = 10;

/** Flattens outline commands into closed polygons, each point passed through `transform`. */
export function flattenOutline(commands: readonly OutlineCommand[], transform: (p: Point) => Point = (p) => p): Point[][] {
  const polygons: Point[][] = [];
  let current: Point[] = [];
  let at: Point = [0, 0];
  const close = () => {
    if (current.length > 2) polygons.push(current.map(transform));
    current = [];
  };
  for (const cmd of commands) {
    if (cmd.type === 'M') {
      close();
      at = [cmd.x, cmd.y];
      current.push(at);
    } else if (cmd.type === 'L') {
      at = [cmd.x, cmd.y];
      current.push(at);
    } else if (cmd.type === 'Q') {
      const [x0, y0] = at;
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        current.push([u * u * x0 + 2 * u * t * cmd.x1 + t * t * cmd.x, u * u * y0 + 2 * u * t * cmd.y1 + t * t * cmd.y]);
      }
      at = [cmd.x, cmd.y];
    } else if (cmd.type === 'C') {
      current.push(...cubicPoints(at, [cmd.x1, cmd.y1], [cmd.x2, cmd.y2], [cmd.x, cmd.y]).slice(1));
      at = [cmd.x, cmd.y];
    } else {
      close();
    }
  }
  close();
  return polygons;
}

/** Points along a cubic Bézier, both ends included. */
export function cubicPoints(p0: Point, p1: Point, p2: Point, p3: Point, steps = CURVE_STEPS): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    points.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return points;
}

/** A polyline stroked `width` pixels wide, as one quad per segment (all wound the same way, so they unite). */
export function strokePolyline(points: readonly Point[], width: number): Point[][] {
  const half = width / 2;
  const quads: Point[][] = [];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] as Point;
    const [x1, y1] = points[i] as Point;
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (length === 0) continue;
    const nx = (-(y1 - y0) / length) * half;
    const ny = ((x1 - x0) / length) * half;
    quads.push([[x0 + nx, y0 + ny], [x1 + nx, y1 + ny], [x1 - nx, y1 - ny], [x0 - nx, y0 - ny]]);
  }
  return quads;
}

/** A circle as a 12-sided polygon. */
export function circle(cx: number, cy: number, r: number): Point[] {
  return Array.from({ length: 12 }, (_, i): Point => [cx + r * Math.cos((i * Math.PI) / 6), cy + r * Math.sin((i * Math.PI) / 6)]);
}

/** An RGB canvas of `width` × `height` pixels. */
export interface Canvas {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A canvas filled with one colour. */
export function createCanvas(width: number, height: number, rgb: readonly [number, number, number]): Canvas {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return { width, height, data };
}

interface Edge {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  dir: 1 | -1;
}

function edgesOf(polygons: readonly Point[][]): Edge[] {
  const edges: Edge[] = [];
  for (const polygon of polygons) {
    for (let i = 0; i < polygon.length; i++) {
      const [ax, ay] = polygon[i] as Point;
      const [bx, by] = polygon[(i + 1) % polygon.length] as Point;
      if (ay === by) continue;
      edges.push(ay < by ? { x0: ax, y0: ay, x1: bx, y1: by, dir: 1 } : { x0: bx, y0: by, x1: ax, y1: ay, dir: -1 });
    }
  }
  return edges;
}

/** Adds `weight` × the part of each pixel of row `row` that [xa, xb) covers. */
function addSpan(coverage: Float32Array, width: number, row: number, xa: number, xb: number, weight: number): void {
  const from = Math.max(0, xa);
  const to = Math.min(width, xb);
  for (let px = Math.floor(from); px < to; px++) {
    const overlap = Math.min(to, px + 1) - Math.max(from, px);
    if (overlap > 0) coverage[row * width + px] = (coverage[row * width + px] ?? 0) + overlap * weight;
  }
}

/** Coverage (0..1 per pixel) of polygons filled with the non-zero winding rule. */
export function coverageOf(width: number, height: number, polygons: readonly Point[][]): Float32Array {
  const coverage = new Float32Array(width * height);
  const edges = edgesOf(polygons);
  if (edges.length === 0) return coverage;
  const top = Math.max(0, Math.floor(Math.min(...edges.map((e) => e.y0))));
  const bottom = Math.min(height, Math.ceil(Math.max(...edges.map((e) => e.y1))));
  const crossings: { x: number; dir: number }[] = [];
  for (let row = top; row < bottom; row++) {
    for (let sub = 0; sub < SUBSAMPLES; sub++) {
      const sy = row + (sub + 0.5) / SUBSAMPLES;
      crossings.length = 0;
      for (const e of edges) {
        if (sy < e.y0 || sy >= e.y1) continue;
        crossings.push({ x: e.x0 + ((sy - e.y0) * (e.x1 - e.x0)) / (e.y1 - e.y0), dir: e.dir });
      }
      crossings.sort((a, b) => a.x - b.x);
      let winding = 0;
      let start = 0;
      for (const crossing of crossings) {
        const before = winding;
        winding += crossing.dir;
        if (before === 0 && winding !== 0) start = crossing.x;
        else if (before !== 0 && winding === 0) addSpan(coverage, width, row, start, crossing.x, 1 / SUBSAMPLES);
      }
    }
  }
  return coverage;
}

/** Fills polygons (non-zero rule, anti-aliased) in `rgb` over the canvas. */
export function fillPolygons(canvas: Canvas, polygons: readonly Point[][], rgb: readonly [number, number, number]): void {
  const coverage = coverageOf(canvas.width, canvas.height, polygons);
  for (let i = 0; i < coverage.length; i++) {
    const alpha = Math.min(1, coverage[i] ?? 0);
    if (alpha <= 0) continue;
    for (let k = 0; k < 3; k++) {
      const at = i * 3 + k;
      canvas.data[at] = Math.round((canvas.data[at] ?? 0) * (1 - alpha) + (rgb[k] ?? 0) * alpha);
    }
  }
}

/** RGB of an HSL colour (h degrees, s and l percent). */
export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
