import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PNG_SIGNATURE, bytesToBase64, crc32, encodePng } from '../../../worker/services/media/png';
import { decodePng } from '../../worker/accounts/png-decode';

/** A 7 × 3 test image: a red, green, blue gradient that is not one colour. */
function gradient(width = 7, height = 3): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([x * 30, y * 80, 255 - x * 20], (y * width + x) * 3);
  }
  return data;
}

describe('PNG encoder (worker/services/media/png.ts)', () => {
  it('computes the standard CRC-32 (check value of "123456789" is CBF43926)', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
  });

  it('writes the signature, then IHDR, IDAT and IEND with valid CRCs', async () => {
    const png = await encodePng({ width: 7, height: 3, data: gradient() });
    expect([...png.subarray(0, 8)]).toEqual([...PNG_SIGNATURE]);
    const decoded = decodePng(png);
    expect(decoded.chunkTypes).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([...png.subarray(-12)]).toEqual([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  });

  it('decodes (zlib IDAT inflated by node:zlib) to the same size and pixels', async () => {
    const data = gradient();
    const decoded = decodePng(await encodePng({ width: 7, height: 3, data }));
    expect(decoded).toMatchObject({ width: 7, height: 3 });
    expect([...decoded.pixels]).toEqual([...data]);
    expect(new Set(decoded.pixels).size).toBeGreaterThan(2);
  });

  it('writes a zlib stream (header 0x78) that inflates to rows with filter byte 0', async () => {
    const png = await encodePng({ width: 2, height: 2, data: new Uint8Array(12).fill(200) });
    const idatLength = new DataView(png.buffer).getUint32(33);
    const idat = png.subarray(41, 41 + idatLength);
    expect(idat[0]).toBe(0x78);
    expect([...inflateSync(idat)]).toEqual([0, 200, 200, 200, 200, 200, 200, 0, 200, 200, 200, 200, 200, 200]);
  });

  it('refuses data that does not match the size', async () => {
    await expect(encodePng({ width: 2, height: 2, data: new Uint8Array(5) })).rejects.toThrow();
    await expect(encodePng({ width: 0, height: 2, data: new Uint8Array(0) })).rejects.toThrow();
  });

  it('encodes bytes as base64', () => {
    expect(bytesToBase64(Uint8Array.of(0x89, 0x50, 0x4e, 0x47))).toBe('iVBORw==');
  });
});
