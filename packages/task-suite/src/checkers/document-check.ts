import { basename } from 'node:path';
import type { z } from 'zod';
import type { CheckResult } from '../task.js';
import type { DocumentCheckerSchema, ParagraphSpecSchema } from './checker-schema.js';
import { textProblems } from './file-checks.js';
import { readDocument, type DocumentModel, type DocumentParagraph } from './office/document-model.js';
import { styleKey } from './office/odf-styles.js';
import { CHECK_RETRY_MS } from './file-checks.js';
import { judgeFile, quote } from './office-read.js';

type ParagraphSpec = z.infer<typeof ParagraphSpecSchema>;
type Flag = 'bold' | 'italic' | 'underline';

/** Whether every text run (whitespace-only runs aside) has a flag (`all`), none has (`none`), or some have (`mixed`). */
export function runsFlag(paragraph: DocumentParagraph, flag: Flag): 'all' | 'none' | 'mixed' | 'empty' {
  const runs = paragraph.runs.filter((r) => r.text.trim() !== '');
  if (runs.length === 0) return 'empty';
  const set = runs.filter((r) => r[flag]).length;
  return set === runs.length ? 'all' : set === 0 ? 'none' : 'mixed';
}

/** The font sizes of a paragraph's text runs (whitespace-only runs aside), distinct, in points. */
function sizes(paragraph: DocumentParagraph): number[] {
  return [...new Set(paragraph.runs.filter((r) => r.text.trim() !== '').map((r) => r.size))];
}

/** The fields of a spec a paragraph fails, in words (empty when it matches). */
export function paragraphMismatches(paragraph: DocumentParagraph, spec: ParagraphSpec): string[] {
  const out: string[] = [];
  const text = paragraph.text.trim();
  if (spec.text !== undefined && text !== spec.text.trim()) out.push('text');
  if (spec.textContains !== undefined && !paragraph.text.includes(spec.textContains)) out.push('textContains');
  for (const flag of ['bold', 'italic', 'underline'] as const) {
    const wanted = spec[flag];
    if (wanted === undefined) continue;
    const state = runsFlag(paragraph, flag);
    if (state !== (wanted ? 'all' : 'none')) out.push(flag);
  }
  if (spec.fontSize !== undefined) {
    const got = sizes(paragraph);
    if (got.length === 0 || got.some((s) => Math.abs(s - spec.fontSize!) > 0.05)) out.push('fontSize');
  }
  if (spec.alignment !== undefined && paragraph.alignment !== spec.alignment) out.push('alignment');
  if (spec.style !== undefined && (paragraph.style === undefined || styleKey(paragraph.style) !== styleKey(spec.style))) out.push('style');
  return out;
}

/** A paragraph as read, with the fields a spec asks about: `paragraph 1 "Quarterly report" bold=true`. */
export function describeParagraph(paragraph: DocumentParagraph, position: number, spec: ParagraphSpec): string {
  const parts = [`paragraph ${position} ${quote(paragraph.text.trim())}`];
  const flagText = (state: ReturnType<typeof runsFlag>) => (state === 'all' ? 'true' : state === 'none' ? 'false' : state);
  for (const flag of ['bold', 'italic', 'underline'] as const) if (spec[flag] !== undefined) parts.push(`${flag}=${flagText(runsFlag(paragraph, flag))}`);
  if (spec.fontSize !== undefined) parts.push(`fontSize=${sizes(paragraph).join('/') || '-'}`);
  if (spec.alignment !== undefined) parts.push(`alignment=${paragraph.alignment}`);
  if (spec.style !== undefined) parts.push(`style=${quote(paragraph.style ?? '(none)')}`);
  return parts.join(' ');
}

function describeSpec(spec: ParagraphSpec): string {
  return Object.entries(spec)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');
}

/** Judges one paragraph spec: some paragraph (or the one at `index`) matches every given field. */
export function judgeParagraph(model: DocumentModel, spec: ParagraphSpec): CheckResult {
  const { paragraphs } = model;
  if (spec.index !== undefined) {
    const paragraph = paragraphs[spec.index - 1];
    if (!paragraph) return { passed: false, detail: `no paragraph ${spec.index} (the document has ${paragraphs.length})` };
    const misses = paragraphMismatches(paragraph, spec);
    return {
      passed: misses.length === 0,
      detail: `${describeParagraph(paragraph, spec.index, spec)}${misses.length ? ` (wanted ${describeSpec(spec)})` : ''}`,
    };
  }
  const at = paragraphs.findIndex((p) => paragraphMismatches(p, spec).length === 0);
  if (at >= 0) return { passed: true, detail: describeParagraph(paragraphs[at]!, at + 1, spec) };
  // The nearest paragraph: the one with the wanted text if any, else the one failing the fewest fields.
  const ranked = paragraphs
    .map((p, i) => ({ p, i, misses: paragraphMismatches(p, spec) }))
    .sort(
      (a, b) =>
        Number(a.misses.includes('text') || a.misses.includes('textContains')) - Number(b.misses.includes('text') || b.misses.includes('textContains')) ||
        a.misses.length - b.misses.length,
    );
  const nearest = ranked[0];
  return {
    passed: false,
    detail: `no paragraph has ${describeSpec(spec)}${nearest ? `; nearest: ${describeParagraph(nearest.p, nearest.i + 1, spec)}` : ' (the document has no paragraph)'}`,
  };
}

/** Judges a read document against a `document` checker. */
export function judgeDocument(model: DocumentModel, spec: z.infer<typeof DocumentCheckerSchema>): CheckResult {
  const results: CheckResult[] = [];
  const problems = textProblems(model.text, spec.contains, spec.notContains);
  if (spec.contains || spec.notContains)
    results.push({ passed: problems.length === 0, detail: problems.length ? `text ${problems.join(', ')}` : `text ${quote(model.text, 80)}` });
  for (const p of spec.paragraphs ?? []) results.push(judgeParagraph(model, p));
  if (spec.paragraphCount !== undefined) {
    const count = model.paragraphs.filter((p) => p.text.trim() !== '').length;
    results.push({
      passed: count === spec.paragraphCount,
      detail: `${count} non-empty paragraphs${count === spec.paragraphCount ? '' : `, expected ${spec.paragraphCount}`}`,
    });
  }
  if (spec.tables !== undefined)
    results.push({ passed: model.tables === spec.tables, detail: `${model.tables} tables${model.tables === spec.tables ? '' : `, expected ${spec.tables}`}` });
  if (results.length === 0) results.push({ passed: true, detail: `${model.paragraphs.length} paragraphs, ${model.tables} tables` });
  return { passed: results.every((r) => r.passed), detail: `${basename(spec.path)}: ${results.map((r) => r.detail).join('; ')}` };
}

/** The `document` checker: a text document's text, paragraphs with their formatting, and tables. */
export async function checkDocument(spec: z.infer<typeof DocumentCheckerSchema>, retryMs = CHECK_RETRY_MS): Promise<CheckResult> {
  return judgeFile(spec.path, readDocument, (model) => judgeDocument(model, spec), retryMs);
}
