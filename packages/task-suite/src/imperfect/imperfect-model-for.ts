import type { DesktopTask, TaskWorkspace } from '../task.js';
import { ImperfectModel } from './imperfect-model.js';
import type { ImperfectKind } from './model-spec.js';

/** Options of {@link imperfectModelFor}. */
export interface ImperfectModelForOptions {
  kind: ImperfectKind;
  /** Default 1. */
  seed?: number;
  /** Answer with native tool calls (for an agent in native tool mode). */
  nativeTools?: boolean;
}

/**
 * The imperfect model of a kind for one task: its reference solution (`task.solution(ctx)`), its trap's tempting
 * steps when it has one, labelled with the task id. Fits `runTask`/`runSuite`'s `model` option:
 * `model: (task, ctx) => imperfectModelFor(task, ctx, { kind: 'stale', seed: 3 })`.
 */
export function imperfectModelFor(task: DesktopTask, ctx: TaskWorkspace, options: ImperfectModelForOptions): ImperfectModel {
  return new ImperfectModel({
    kind: options.kind,
    seed: options.seed ?? 1,
    steps: task.solution(ctx),
    label: task.id,
    ...(task.trap ? { trap: task.trap.steps } : {}),
    ...(options.nativeTools ? { nativeTools: true } : {}),
  });
}
