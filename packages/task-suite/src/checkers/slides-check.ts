import { basename } from 'node:path';
import type { z } from 'zod';
import type { CheckResult } from '../task.js';
import type { SlidesCheckerSchema, SlideSpecSchema } from './checker-schema.js';
import { textProblems } from './file-checks.js';
import { readSlides, type Slide } from './office/slides-model.js';
import { CHECK_RETRY_MS } from './file-checks.js';
import { judgeFile, quote } from './office-read.js';

type SlideSpec = z.infer<typeof SlideSpecSchema>;

/** Judges one slide spec against the slides read. */
export function judgeSlide(slides: Slide[], spec: SlideSpec): CheckResult {
  const slide = slides[spec.index - 1];
  if (!slide) return { passed: false, detail: `no slide ${spec.index} (the presentation has ${slides.length})` };
  const problems: string[] = [];
  const title = slide.title?.trim();
  if (spec.title !== undefined && title !== spec.title.trim()) problems.push(`title should be ${quote(spec.title)}`);
  if (spec.titleContains !== undefined && !(title ?? '').includes(spec.titleContains)) problems.push(`title should contain ${quote(spec.titleContains)}`);
  problems.push(...textProblems(slide.text, spec.contains, spec.notContains));
  if (spec.layout !== undefined && slide.layout !== spec.layout) problems.push(`layout should be ${spec.layout}`);
  if (spec.notes !== undefined && !slide.notes.includes(spec.notes)) problems.push(`notes should contain ${quote(spec.notes)}`);
  const read = [`slide ${spec.index} title ${title === undefined ? '(none)' : quote(title)}`];
  if (spec.layout !== undefined) read.push(`layout ${slide.layout}`);
  if (spec.contains || spec.notContains) read.push(`text ${quote(slide.text.replace(/\n/g, ' | '), 100)}`);
  if (spec.notes !== undefined) read.push(`notes ${quote(slide.notes)}`);
  return { passed: problems.length === 0, detail: `${read.join(', ')}${problems.length ? `: ${problems.join(', ')}` : ''}` };
}

/** Judges the slides read against a `slides` checker. */
export function judgeSlides(slides: Slide[], spec: z.infer<typeof SlidesCheckerSchema>): CheckResult {
  const results: CheckResult[] = [];
  if (spec.count !== undefined)
    results.push({ passed: slides.length === spec.count, detail: `${slides.length} slides${slides.length === spec.count ? '' : `, expected ${spec.count}`}` });
  for (const s of spec.slides ?? []) results.push(judgeSlide(slides, s));
  if (spec.contains) {
    const all = slides.map((s) => s.text).join('\n');
    const problems = textProblems(all, spec.contains);
    results.push({
      passed: problems.length === 0,
      detail: problems.length ? `the slides' text ${problems.join(', ')}` : `the slides' text has ${spec.contains.map((c) => quote(c)).join(', ')}`,
    });
  }
  if (results.length === 0) results.push({ passed: true, detail: `${slides.length} slides` });
  return { passed: results.every((r) => r.passed), detail: `${basename(spec.path)}: ${results.map((r) => r.detail).join('; ')}` };
}

/** The `slides` checker: slide count, titles, texts, layouts and speaker notes of a presentation. */
export async function checkSlides(spec: z.infer<typeof SlidesCheckerSchema>, retryMs = CHECK_RETRY_MS): Promise<CheckResult> {
  return judgeFile(spec.path, readSlides, (slides) => judgeSlides(slides, spec), retryMs);
}
