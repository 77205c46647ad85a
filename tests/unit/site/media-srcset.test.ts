import { describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS as PAGE_WIDTHS, hasWidthVariants, mediaUrlAt, srcsetAttributes, srcsetFor } from '../../../rules/media';
import { bannerMarkup } from '../../../worker/edge/fills/home-content';
import { MEDIA_WIDTHS, mediaWidth, variantKey } from '../../../worker/services/media/media';

const JPG = `/media/content/DEMO/${'a'.repeat(64)}.jpg`;
const SVG = `/media/content/DEMO/${'b'.repeat(64)}.svg`;

describe('width variants of the media bucket (issue: images with width variants where a page needs them)', () => {
  it('the page and the worker agree on the widths', () => {
    expect([...PAGE_WIDTHS]).toEqual([...MEDIA_WIDTHS]);
  });

  it.each([
    [JPG, true], [JPG.replace('.jpg', '.png'), true], [JPG.replace('.jpg', '.webp'), true],
    [SVG, false], [JPG.replace('.jpg', '.gif'), false], ['https://cdn.example/x.jpg', false], [`${JPG}?w=360`, false],
  ])('%s has copies: %s', (url, expected) => {
    expect(hasWidthVariants(url)).toBe(expected);
  });

  it('raster artwork gets a srcset of its copies and the original; anything else none', () => {
    expect(srcsetFor(JPG)).toEqual({ srcSet: `${JPG}?w=360 360w, ${JPG}?w=720 720w, ${JPG} 1440w`, sizes: '100vw' });
    expect(srcsetFor(JPG, '(min-width: 640px) 640px, 100vw').sizes).toBe('(min-width: 640px) 640px, 100vw');
    expect(srcsetFor(SVG)).toEqual({});
    expect(mediaUrlAt(JPG, 360)).toBe(`${JPG}?w=360`);
    expect(mediaUrlAt(SVG, 360)).toBe(SVG);
  });

  it('the edge writes the srcset into the home banners it puts in the first HTML', () => {
    expect(srcsetAttributes(JPG)).toBe(` srcset="${JPG}?w=360 360w, ${JPG}?w=720 720w, ${JPG} 1440w" sizes="100vw"`);
    expect(srcsetAttributes(SVG)).toBe('');
    const banner = { id: 1, title: 'Promo', url: JPG, linkage: '', linkageType: '', images: [] } as unknown as Parameters<typeof bannerMarkup>[0];
    expect(bannerMarkup(banner, true, 'home-banner')).toContain(`srcset="${JPG}?w=360 360w`);
  });

  it.each([['360', 360], ['720', 720], ['100', null], ['720.5', null], ['', null], [undefined, null], ['1e3', null]])(
    'the worker reads ?w=%s as %s', (query, expected) => {
      expect(mediaWidth(query)).toBe(expected);
    },
  );

  it('a copy is stored beside its original; SVG and GIF have none', () => {
    expect(variantKey('content/DEMO/abc.jpg', 360)).toBe('content/DEMO/abc-w360.jpg');
    expect(variantKey('content/DEMO/abc.svg', 360)).toBeNull();
    expect(variantKey('content/DEMO/abc.gif', 720)).toBeNull();
  });
});
