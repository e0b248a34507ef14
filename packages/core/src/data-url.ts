/** Decodes `data:<type>;base64,<data>` (or bare base64) into bytes; returns undefined when it is not an image. */
export function decodeImageDataUrl(value: unknown): { bytes: Uint8Array; mediaType: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is.exec(value);
  if (!match) return undefined;
  const bytes = Buffer.from(match[2]!, 'base64');
  return bytes.length > 0 ? { bytes, mediaType: match[1]!.toLowerCase() } : undefined;
}

/** Finds an image data URL in a tool result: the value itself, or its `image`/`screenshot` field. */
export function findImageDataUrl(result: unknown): string | undefined {
  if (typeof result === 'string') return result.startsWith('data:image/') ? result : undefined;
  if (result && typeof result === 'object') {
    for (const field of ['image', 'screenshot', 'clean_image', 'value']) {
      const v = (result as Record<string, unknown>)[field];
      if (typeof v === 'string' && v.startsWith('data:image/')) return v;
    }
  }
  return undefined;
}
