/** Reads width and height from a PNG data URL's IHDR chunk, checking the signature. */
export function decodeTinyPngSize(dataUrl: string): { width: number; height: number } {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) throw new Error(`not a PNG data URL: ${dataUrl.slice(0, 30)}`);
  const bytes = Buffer.from(dataUrl.slice(prefix.length), 'base64');
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('bad PNG signature');
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('first chunk is not IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
