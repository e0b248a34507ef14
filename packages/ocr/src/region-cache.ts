import { createHash } from 'node:crypto';
import type { RgbImage } from '@ufo-ts/imaging';
import type { ReadWord } from './line-regions.js';
import type { TextBox } from './text-region.js';

/**
 * Remembers the words read in crops of screenshots, by a hash of the crop's pixels, so a part of the screen that
 * did not change since the previous step is not read again (wherever it moved). Least recently used entries go
 * first once `capacity` is reached.
 */
export class RegionCache {
  private readonly entries = new Map<string, ReadWord[]>();

  constructor(private readonly capacity: number) {}

  /** The key of a crop: its size, its enlargement and a hash of its pixels. */
  keyOf(image: RgbImage, crop: TextBox, scale: number): string {
    const hash = createHash('sha1');
    const rowBytes = crop.width * 3;
    for (let y = crop.y; y < crop.y + crop.height; y += 1) {
      const start = (y * image.width + crop.x) * 3;
      hash.update(image.data.subarray(start, start + rowBytes));
    }
    return `${crop.width}x${crop.height}@${scale}:${hash.digest('base64')}`;
  }

  /** The words of a crop read before, relative to the crop's top-left corner. */
  get(key: string): ReadWord[] | undefined {
    const words = this.entries.get(key);
    if (words) {
      this.entries.delete(key);
      this.entries.set(key, words);
    }
    return words;
  }

  set(key: string, words: ReadWord[]): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, words);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
