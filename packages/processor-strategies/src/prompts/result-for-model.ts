import type { ImagePart } from '@ufo-ts/core';

/** Limits of {@link resultForModel}. */
export interface ResultForModelLimits {
  /** Longest text of one result, after images and binary payloads were taken out. Default 1 200. */
  maxChars: number;
  /** Longest single string inside the result before it is shortened. Default 400. */
  maxStringChars: number;
}

/** A tool result as the model sees it: short JSON text, and the images it held as image parts. */
export interface ResultForModel {
  text: string;
  images: ImagePart[];
}

const DEFAULT_LIMITS: ResultForModelLimits = { maxChars: 1_200, maxStringChars: 400 };
const IMAGE_DATA_URL = /^data:(image\/[A-Za-z0-9.+-]+);base64,[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL = /^data:([^;,]*)(;[^,]*)?,/;
const BASE64_RUN = /^[A-Za-z0-9+/\r\n]{200,}={0,2}$/;

/**
 * Prepares a tool result for the next prompt. The rule, in order:
 *
 * 1. Images become image parts: MCP `image` content blocks (`{type: "image", data, mimeType}`) and strings that
 *    are image data URLs are replaced in the text by `"(image N)"`, N counting the images of this prompt from
 *    `firstImage`.
 * 2. Other binary payloads never reach the text: other data URLs, a resource's `blob`, audio `data` and any long
 *    base64-looking string become `"(base64 payload, N characters)"`.
 * 3. Strings longer than `maxStringChars` keep their start and say how much was cut: `"…(N more characters)"`.
 * 4. The JSON text of the whole result keeps its first `maxChars` characters, then `…(N more characters)`.
 *
 * Since payloads are out before anything is cut, a cut never falls inside base64, and the text after an image
 * is kept.
 */
export function resultForModel(value: unknown, firstImage = 1, limits: Partial<ResultForModelLimits> = {}): ResultForModel {
  const { maxChars, maxStringChars } = { ...DEFAULT_LIMITS, ...limits };
  const images: ImagePart[] = [];
  const visit = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === 'string') return shortenString(node, key, images, firstImage, maxStringChars);
    if (Array.isArray(node)) return node.map((item) => visit(item, undefined));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    if (record['type'] === 'image' && typeof record['data'] === 'string') {
      images.push({ type: 'image', image: record['data'], mediaType: typeof record['mimeType'] === 'string' ? record['mimeType'] : 'image/png' });
      return `(image ${firstImage + images.length - 1})`;
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, visit(v, k)]));
  };
  const shown = JSON.stringify(visit(value ?? null, undefined)) ?? 'null';
  const text = shown.length > maxChars ? `${shown.slice(0, maxChars)}…(${shown.length - maxChars} more characters)` : shown;
  return { text, images };
}

function shortenString(text: string, key: string | undefined, images: ImagePart[], firstImage: number, max: number): string {
  const image = IMAGE_DATA_URL.exec(text);
  if (image) {
    images.push({ type: 'image', image: text, mediaType: image[1]! });
    return `(image ${firstImage + images.length - 1})`;
  }
  if ((DATA_URL.test(text) && text.length > 100) || key === 'blob' || (key === 'data' && text.length > 100) || BASE64_RUN.test(text)) {
    return `(base64 payload, ${text.length} characters)`;
  }
  return text.length > max ? `${text.slice(0, max)}…(${text.length - max} more characters)` : text;
}
