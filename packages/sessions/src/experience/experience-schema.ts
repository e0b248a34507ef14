import { z } from 'zod';

/** One example step as it is shown in prompts: what was seen, thought and done. */
export const ExperienceExampleSchema = z.object({
  observation: z.string().default('').describe('What the screen showed when the subtask started.'),
  thought: z.string().default('').describe('The reasoning that led to the actions.'),
  actions: z
    .array(z.object({ function: z.string(), arguments: z.record(z.string(), z.unknown()).default({}) }))
    .default([])
    .describe('The actions that worked, in order, with their arguments.'),
  plan: z.array(z.string()).default([]).describe('The plan that worked.'),
  status: z.string().default('FINISH'),
  comment: z.string().default(''),
});
/** The data {@link ExperienceExampleSchema} validates. */
export type ExperienceExample = z.infer<typeof ExperienceExampleSchema>;

/** What the summarising model returns for one subtask. */
export const ExperienceSummarySchema = z.object({
  tips: z.string().min(1).describe('Reusable advice for the next time this kind of subtask comes up: what worked, what to avoid.'),
  example: ExperienceExampleSchema.describe('The subtask condensed into one example step.'),
});
/** The data {@link ExperienceSummarySchema} validates. */
export type ExperienceSummary = z.infer<typeof ExperienceSummarySchema>;

/**
 * A reusable example: an experience learnt from a successful session (one per subtask), or a demonstration a
 * person wrote. Stored as JSON, retrieved by keywords or embeddings into prompts.
 */
export const ExperienceRecordSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['experience', 'demonstration']).default('experience'),
  request: z.string(),
  subtask: z.string().default(''),
  application: z.string().default(''),
  agent: z.string().default(''),
  tips: z.string().default(''),
  example: ExperienceExampleSchema.default({ observation: '', thought: '', actions: [], plan: [], status: 'FINISH', comment: '' }),
  createdAt: z.string().default(() => new Date(0).toISOString()),
  /** The log folder it was learnt from. */
  source: z.string().optional(),
  /** Cached embedding of {@link experienceText}, with the model that made it. */
  embedding: z.object({ model: z.string(), vector: z.array(z.number()) }).optional(),
});
/** The data {@link ExperienceRecordSchema} validates. */
export type ExperienceRecord = z.infer<typeof ExperienceRecordSchema>;
/** What {@link ExperienceRecordSchema} accepts, before its defaults are applied (use this type for hand-written input). */
export type ExperienceRecordInput = z.input<typeof ExperienceRecordSchema>;

/** The text a record is searched and embedded by. */
export function experienceText(record: Pick<ExperienceRecord, 'request' | 'subtask' | 'application' | 'tips'>): string {
  return [record.request, record.subtask, record.application, record.tips].filter(Boolean).join('\n');
}

/** The examples section of a prompt. */
export function renderExamples(records: readonly ExperienceRecord[]): string {
  if (records.length === 0) return '';
  const blocks = records.map((r, i) => {
    const head = `Example ${i + 1} (${r.kind}): request "${r.request}"${r.subtask ? `, subtask "${r.subtask}"` : ''}${r.application ? ` in ${r.application}` : ''}`;
    return `${head}\nTips: ${r.tips || '(none)'}\n${JSON.stringify(r.example)}`;
  });
  return `## Examples from similar tasks (use them as guidance; the current screen and ids decide)\n${blocks.join('\n\n')}`;
}
