import { crc32, deflate, deflateSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { RgbImage } from './rgb-image.js';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Options of {@link encodePng}. */
export interface PngOptions {
  /** zlib level 0–9. Default 1: screenshots of flat UI compress well even at the fastest level. */
  level?: number;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Scanlines with the PNG "Up" filter (good for UI: large flat areas repeat from row to row). */
function filteredScanlines(image: RgbImage): Buffer {
  const stride = image.width * 3;
  const out = Buffer.allocUnsafe((stride + 1) * image.height);
  const src = image.data;
  for (let y = 0; y < image.height; y += 1) {
    const o = y * (stride + 1);
    const s = y * stride;
    if (y === 0) {
      out[o] = 0;
      src.copy(out, o + 1, s, s + stride);
      continue;
    }
    out[o] = 2;
    const p = s - stride;
    for (let i = 0; i < stride; i += 1) out[o + 1 + i] = (src[s + i]! - src[p + i]!) & 0xff;
  }
  return out;
}

function assemble(image: RgbImage, compressed: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', compressed), chunk('IEND', Buffer.alloc(0))]);
}

/** Encodes an RGB image as PNG, compressing on the libuv thread pool (does not block the event loop). */
export async function encodePng(image: RgbImage, options: PngOptions = {}): Promise<Buffer> {
  const compressed = await deflateAsync(filteredScanlines(image), { level: options.level ?? 1 });
  return assemble(image, compressed);
}

/** Synchronous {@link encodePng}. */
export function encodePngSync(image: RgbImage, options: PngOptions = {}): Buffer {
  return assemble(image, deflateSync(filteredScanlines(image), { level: options.level ?? 1 }));
}

/** A `data:image/png;base64,…` URL of a PNG. */
export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
