import { z } from 'zod';

/** A rectangle in image pixels: top-left corner and size. */
export const TextBoxSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
});

/** A rectangle in image pixels (see {@link TextBoxSchema}). */
export type TextBox = z.infer<typeof TextBoxSchema>;

/**
 * One piece of text read from an image: a run of words that belong together on one line (a button's caption, a
 * menu title, a cell's content, a line of a document). Words far apart on the same line (two buttons side by side)
 * are separate regions.
 */
export const TextRegionSchema = z.object({
  /** The text as read, single spaces between words. */
  text: z.string().min(1),
  /** Where it is, in pixels of the image that was read (the tight box around its words). */
  box: TextBoxSchema,
  /** How sure the engine is, 0 to 1 (the lowest of its words' confidences). */
  confidence: z.number().min(0).max(1),
});

/** One piece of text read from an image (see {@link TextRegionSchema}). */
export type TextRegion = z.infer<typeof TextRegionSchema>;
