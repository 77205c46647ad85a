import { describe, expect, it } from 'vitest';
import { bannerSvg, escapeXml, gameIconSvg, truncate, wrapText } from '../../../worker/services/media/icons';

describe('escapeXml', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&apos;'],
    ["Dragon's Hold & Win <b>\"x\"</b>", 'Dragon&apos;s Hold &amp; Win &lt;b&gt;&quot;x&quot;&lt;/b&gt;'],
    ['&amp;', '&amp;amp;'],
    ['plain text', 'plain text'],
  ])('escapes %j as %j', (input, output) => {
    expect(escapeXml(input)).toBe(output);
  });
});

describe('game icon and banner artwork', () => {
  it('never lets markup from a name into the SVG', () => {
    const hostile = `</text><script>alert('x')</script><text a="`;
    for (const svg of [gameIconSvg({ gameName: hostile, vendorLabel: hostile }), bannerSvg({ title: hostile, siteName: hostile })]) {
      expect(svg).not.toContain('<script>');
      expect(svg).not.toContain('</text><');
      expect(svg).toContain('&lt;script&gt;');
    }
  });

  it('draws no text and no clip: the tile prints the name and the vendor itself, and its box rounds the corners', () => {
    const svg = gameIconSvg({ gameName: 'Golden Tiger', vendorLabel: 'Golden Reel' });
    expect(svg).not.toMatch(/<text|clip-path|clipPath/);
  });

  it('is deterministic and varies its colours with the name', () => {
    const a = gameIconSvg({ gameName: 'Golden Tiger', vendorLabel: 'Golden Reel' });
    expect(gameIconSvg({ gameName: 'Golden Tiger', vendorLabel: 'Golden Reel' })).toBe(a);
    const colours = (svg: string) => svg.match(/stop-color="([^"]+)"/g);
    expect(colours(gameIconSvg({ gameName: 'Koi Nights', vendorLabel: 'Golden Reel' }))).not.toEqual(colours(a));
  });

  it('truncates with an ellipsis and wraps long titles into at most the given lines', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    const lines = wrapText('one two three four five six seven eight nine ten eleven', 10, 3);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(10);
    expect(lines[2]?.endsWith('…')).toBe(true);
  });
});
