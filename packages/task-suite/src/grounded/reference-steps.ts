import { z } from 'zod';

/**
 * A control as a model would name it from what it sees: its role, its name, the label beside it or the text it
 * shows. Every given field must match; `nth` picks among several matches in listing order (1 = first).
 */
export const ControlRefSchema = z
  .object({
    role: z
      .union([z.string(), z.array(z.string()).min(1)])
      .optional()
      .describe('Role as listed (`push button`); several accepted roles as a list.'),
    name: z.string().optional().describe('The listed name (`...` and `…` are the same; case and spacing are ignored).'),
    label: z.string().optional().describe('The visible label of an unnamed field: its listed name, or a `label "…"` note on its line.'),
    afterLabel: z.string().optional().describe('The first such control listed after the label item of that name (a field read from the listing order).'),
    shows: z.string().optional().describe('The text the control shows, exactly.'),
    showsContaining: z.string().optional().describe('A part of the text the control shows.'),
    state: z.string().optional().describe('A state the control must be listed with (`checked`, `focused`).'),
    notState: z.string().optional().describe('A state the control must not be listed with.'),
    value: z.number().optional().describe('The current value the listing gives a slider, spin button or progress bar.'),
    column: z.string().optional().describe("A table cell's column, by the header the listing gives it (`Price`)."),
    nth: z.number().int().min(1).default(1),
  })
  .strict();
/** A control named the way a model sees it (see {@link ControlRefSchema}). */
export type ControlRef = z.input<typeof ControlRefSchema>;

/** A top-level window by its title (as listed), whole or a part of it. */
export const WindowRefSchema = z.object({ title: z.string().optional(), titleContaining: z.string().optional() }).strict();
/** A top-level window by its title (see {@link WindowRefSchema}). */
export type WindowRef = z.input<typeof WindowRefSchema>;

const button = z.enum(['left', 'right', 'middle']);

const actionShapes = {
  click: { click: ControlRefSchema, button: button.optional(), double: z.boolean().optional(), method: z.enum(['auto', 'action', 'pointer']).optional() },
  /** Types keystrokes (into a control, focused first). */
  type: { type: z.string(), into: ControlRefSchema.optional() },
  /** Replaces a field's text. */
  setText: { setText: z.string(), into: ControlRefSchema },
  /** Key combinations in the tool's key syntax. */
  keys: { keys: z.string(), into: ControlRefSchema.optional() },
  selectWindow: { selectWindow: WindowRefSchema },
  wait: { wait: z.number().positive().max(10) },
} as const;

const actions = Object.values(actionShapes).map((shape) => z.object(shape).strict());

/** One action of a reference solution, written in terms of what a model sees. */
export const ReferenceActionSchema: z.ZodType<ReferenceAction> = z.union(actions as unknown as [z.ZodType<ReferenceAction>, z.ZodType<ReferenceAction>]);

/** One action of a reference solution (see {@link ReferenceActionSchema}). */
export type ReferenceAction =
  | { click: ControlRef; button?: 'left' | 'right' | 'middle'; double?: boolean; method?: 'auto' | 'action' | 'pointer' }
  | { type: string; into?: ControlRef }
  | { setText: string; into: ControlRef }
  | { keys: string; into?: ControlRef }
  | { selectWindow: WindowRef }
  | { wait: number };

const when = { when: ControlRefSchema.optional() };

/**
 * One reply of a reference solution: one action, several run in order (`all`, resolved against the same
 * prompt), or the end of the task. `when` holds the step back until the prompt contains that control (a model
 * waits for a dialog to appear before using it).
 */
export const ReferenceStepSchema: z.ZodType<ReferenceStep> = z.union([
  ...Object.values(actionShapes).map((shape) => z.object({ ...shape, ...when }).strict()),
  z.object({ all: z.array(ReferenceActionSchema).min(1), ...when }).strict(),
  z.object({ finish: z.literal(true), result: z.string().optional(), ...when }).strict(),
] as unknown as [z.ZodType<ReferenceStep>, z.ZodType<ReferenceStep>]);

/** One reply of a reference solution (see {@link ReferenceStepSchema}). */
export type ReferenceStep =
  (ReferenceAction & { when?: ControlRef }) | { all: ReferenceAction[]; when?: ControlRef } | { finish: true; result?: string; when?: ControlRef };
