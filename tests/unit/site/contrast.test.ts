import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AA_TEXT_CONTRAST, THEME_BACKGROUNDS, accentInk, contrast, readableTextOn } from '../../../rules/contrast';

const hexColour = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('brand colour contrast (docs/seo.md "The brand\'s accent")', () => {
  it('measures WCAG 2 contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('puts black or white on a filled accent, whichever reads: always at least AA', () => {
    expect(readableTextOn('#ffd700')).toBe('#000000');
    expect(readableTextOn('#7b2ff7')).toBe('#ffffff');
    fc.assert(fc.property(hexColour, (accent) => contrast(accent, readableTextOn(accent)) >= AA_TEXT_CONTRAST));
  });

  it('keeps an accent that reads as a link, and darkens or lightens one that does not', () => {
    expect(accentInk('#ffc83d', 'dark')).toBe('#ffc83d');
    expect(accentInk('#0a5fa8', 'light')).toBe('#0a5fa8');
    const darkened = accentInk('#ffd700', 'light');
    expect(darkened).not.toBe('#ffd700');
    expect(contrast(darkened, '#000000')).toBeLessThan(contrast('#ffd700', '#000000'));
    const lightened = accentInk('#7b2ff7', 'dark');
    expect(contrast(lightened, '#ffffff')).toBeLessThan(contrast('#7b2ff7', '#ffffff'));
  });

  it('gives every accent an ink that reaches AA on every background of both themes', () => {
    fc.assert(fc.property(hexColour, (accent) => (['dark', 'light'] as const).every((theme) => {
      const ink = accentInk(accent, theme);
      return THEME_BACKGROUNDS[theme].every((bg) => contrast(ink, bg) >= AA_TEXT_CONTRAST);
    })));
  });

  it('lists the backgrounds the style sheet gives each theme', () => {
    const css = readFileSync('src/styles/global.css', 'utf8');
    for (const theme of ['dark', 'light'] as const) {
      const block = new RegExp(`:root\\[data-theme='${theme}'\\] \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
      const tokens = ['--bg', '--bg-raised', '--bg-sunken'].map((name) => new RegExp(`${name}: (#[0-9a-f]{6});`).exec(block)?.[1]);
      expect(tokens).toEqual([...THEME_BACKGROUNDS[theme]]);
    }
  });
});
