import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('captcha font', () => {
  it('is an unmodified copy of DejaVu Sans Mono Bold from the dejavu-fonts-ttf package (its licence forbids renamed edits)', () => {
    const bundled = readFileSync(new URL('../../../worker/assets/captcha-font.bin', import.meta.url));
    const upstream = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf'));
    expect(bundled.equals(upstream)).toBe(true);
  });
});
