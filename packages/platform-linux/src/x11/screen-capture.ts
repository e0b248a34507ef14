import { clipRect, type RgbImage } from '@ufo-ts/imaging';
import type { XywhRect } from '../atspi/accessible-node.js';
import { X11Error } from '../errors.js';
import { xRequest, type XDisplay } from './x-display.js';

const Z_PIXMAP = 2;

/**
 * Captures a rectangle of the screen (default: all of it) with a core `GetImage` request and converts it to RGB.
 * Expects the usual TrueColor 24/32-bit little-endian layout (B, G, R, pad) of Xvfb and Xorg.
 */
export async function captureScreen(xd: XDisplay, rect?: XywhRect): Promise<RgbImage> {
  const r = clipRect(rect ?? { x: 0, y: 0, width: xd.width, height: xd.height }, xd.width, xd.height);
  if (!r) throw new X11Error(`capture rectangle ${JSON.stringify(rect)} is outside the ${xd.width}x${xd.height} screen`);
  const reply = await xRequest<{ depth: number; data: Buffer }>((cb) =>
    xd.client.GetImage(Z_PIXMAP, xd.root, r.x, r.y, r.width, r.height, 0xffffffff, cb),
  ).catch((error: unknown) => {
    throw new X11Error(`GetImage failed: ${(error as Error).message}`, { cause: error });
  });
  const src = reply.data;
  const bytesPerLine = Math.floor(src.length / r.height);
  if (bytesPerLine < r.width * 4) throw new X11Error(`unsupported pixel format (depth ${reply.depth}, ${bytesPerLine} bytes per line)`);
  const out = Buffer.allocUnsafe(r.width * r.height * 3);
  let d = 0;
  for (let y = 0; y < r.height; y += 1) {
    let s = y * bytesPerLine;
    for (let x = 0; x < r.width; x += 1, s += 4, d += 3) {
      out[d] = src[s + 2]!;
      out[d + 1] = src[s + 1]!;
      out[d + 2] = src[s]!;
    }
  }
  return { width: r.width, height: r.height, data: out };
}
