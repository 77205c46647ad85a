import { inflateSync } from 'node:zlib';
import { crc32 } from '../../../worker/services/media/png';

/** A decoded 8-bit RGB PNG: its chunks (type, with their CRC checked) and the unfiltered pixels. */
export interface DecodedPng {
  width: number;
  height: number;
  chunkTypes: string[];
  pixels: Uint8Array;
}

/**
 * Test-side PNG reader for what worker/services/media/png.ts writes (RGB, 8 bits, filter 0): checks the signature
 * and every chunk's CRC-32, inflates IDAT with node:zlib (an independent zlib), strips the filter bytes.
 * Throws on anything unexpected.
 */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, i) => bytes[i] === byte)) throw new Error('not a PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkTypes: string[] = [];
  const idat: Uint8Array[] = [];
  let width = 0;
  let height = 0;
  let offset = 8;
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = view.getUint32(offset + 8 + length);
    if (crc !== crc32(bytes.subarray(offset + 4, offset + 8 + length))) throw new Error(`bad CRC in ${type}`);
    chunkTypes.push(type);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      if (data[8] !== 8 || data[9] !== 2) throw new Error('not 8-bit RGB');
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = new Uint8Array(inflateSync(Buffer.concat(idat)));
  const stride = width * 3;
  if (raw.length !== (stride + 1) * height) throw new Error('IDAT size does not match IHDR');
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    if (raw[y * (stride + 1)] !== 0) throw new Error('unexpected filter type');
    pixels.set(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride);
  }
  return { width, height, chunkTypes, pixels };
}
