import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { widthVariants } from '../../../scripts/content-variants';

describe('content import makes the width copies of raster artwork (scripts/content-variants.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'variants-'));

  it('a 1000 px JPEG gets 360 and 720 px copies stored beside it', async () => {
    const file = join(dir, 'wide.jpg');
    writeFileSync(file, await sharp({ create: { width: 1000, height: 400, channels: 3, background: '#e52d27' } }).jpeg().toBuffer());
    const copies = await widthVariants('content/DEMO/abc.jpg', file, 'image/jpeg');
    expect(copies.map((c) => c.key)).toEqual(['content/DEMO/abc-w360.jpg', 'content/DEMO/abc-w720.jpg']);
    const widths = await Promise.all(copies.map(async (c) => (await sharp(c.bytes).metadata()).width));
    expect(widths).toEqual([360, 720]);
    expect(copies.every((c) => c.type === 'image/jpeg')).toBe(true);
  });

  it('a 500 px PNG gets only the 360 px copy; SVG none', async () => {
    const file = join(dir, 'small.png');
    writeFileSync(file, await sharp({ create: { width: 500, height: 200, channels: 3, background: '#ffd700' } }).png().toBuffer());
    expect((await widthVariants('content/DEMO/def.png', file, 'image/png')).map((c) => c.key)).toEqual(['content/DEMO/def-w360.png']);
    expect(await widthVariants('content/DEMO/x.svg', file, 'image/svg+xml')).toEqual([]);
  });
});
