import { OCR_ROLE } from '@ufo-ts/platform-linux';

/** What every perception task shares: its suite group. */
export const PERCEPTION = { group: 'perception' } as const;

/**
 * A piece of text read from the screen, as a model names it: the OCR entry (role `ocr text`: text an app draws
 * itself, such as a calculator's display or a sheet's cells, and every label and button of an app without
 * accessibility) showing exactly `text`. Such entries have ids and are clicked like controls.
 */
export function ocrText(text: string): { role: string; name: string } {
  return { role: OCR_ROLE, name: text };
}
