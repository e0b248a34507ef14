/** Width and height of a PNG (or PNG data URL), read from its IHDR chunk; undefined for anything else. */
export function pngSize(image: string | Uint8Array | null | undefined): { width: number; height: number } | undefined {
  if (!image) return undefined;
  let bytes: Uint8Array;
  if (typeof image === 'string') {
    const match = /^data:image\/png;base64,(.*)$/is.exec(image);
    if (!match) return undefined;
    bytes = Buffer.from(match[1]!.slice(0, 64), 'base64');
  } else bytes = image;
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
