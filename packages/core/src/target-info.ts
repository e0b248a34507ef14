import { z } from 'zod';

/** A thing an agent can point at: an application window, a control, or a third-party agent offered as a target. */
export const TargetInfoSchema = z.object({
  kind: z.enum(['window', 'control', 'third_party_agent']),
  /** Id valid for the enumeration that produced it. */
  id: z.string(),
  name: z.string(),
  /** Control or window type (e.g. `push button`, `Button`, `frame`). */
  type: z.string().optional(),
  /** Bounding box `[left, top, right, bottom]` in screen pixels. */
  rect: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  /** Any other fields the tool reported (pid, root_name, ...). */
  extra: z.record(z.string(), z.unknown()).optional(),
});
/** A window or control as listed to the model (see {@link TargetInfoSchema}). */
export type TargetInfo = z.infer<typeof TargetInfoSchema>;

/** One archived subtask, as the AppAgent's FINISH/FAIL/ERROR states record it in `PREVIOUS_SUBTASKS`. */
export const SubtaskRecordSchema = z.object({
  subtask: z.string(),
  status: z.enum(['FINISH', 'FAIL', 'ERROR', 'REJECTED']),
  result: z.unknown().optional(),
  agent: z.string().optional(),
});
/** One archived subtask (see {@link SubtaskRecordSchema}). */
export type SubtaskRecord = z.infer<typeof SubtaskRecordSchema>;
