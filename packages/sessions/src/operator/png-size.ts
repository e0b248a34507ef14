import { pngSize as pngHeaderSize } from '@ufo-ts/imaging';

/**
 * Width and height of a PNG (or PNG data URL), read from its header only (a data URL's first bytes are decoded,
 * never the whole image); undefined for anything else.
 */
export function pngSize(image: string | Uint8Array | null | undefined): { width: number; height: number } | undefined {
  if (!image) return undefined;
  let bytes: Buffer;
  if (typeof image === 'string') {
    const match = /^data:image\/png;base64,(.*)$/is.exec(image);
    if (!match) return undefined;
    bytes = Buffer.from(match[1]!.slice(0, 64), 'base64');
  } else bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  try {
    return pngHeaderSize(bytes);
  } catch {
    return undefined;
  }
}
