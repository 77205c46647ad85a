import { it, expect } from 'vitest';
import { parse } from 'opentype.js';
import font from 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf';
it('probe', () => {
  expect(font.byteLength).toBeGreaterThan(1000);
  const f = parse(font);
  const p = f.getPath('7+3=?', 0, 40, 36).toPathData(1);
  console.log(p.slice(0, 120), f.unitsPerEm);
});
