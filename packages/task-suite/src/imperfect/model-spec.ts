import { TaskSuiteError } from '../errors.js';

/** The kinds of {@link ImperfectModel}, each a way real models go wrong. */
export const IMPERFECT_KINDS = ['stubborn', 'ping-pong', 'stale', 'wrong-target', 'explorer', 'premature', 'hasty'] as const;

/** One kind of imperfect model (see {@link IMPERFECT_KINDS}). */
export type ImperfectKind = (typeof IMPERFECT_KINDS)[number];

/** A parsed `imperfect:<kind>[:<seed>]` spec. */
export interface ImperfectModelSpec {
  kind: ImperfectKind;
  /** The seed of the model's choices (default 1). */
  seed: number;
}

/**
 * Parses `imperfect:<kind>[:<seed>]` (`imperfect:stale:7`); the seed defaults to 1.
 *
 * @throws TaskSuiteError `MODEL_SPEC_INVALID` naming the allowed kinds when the spec is not of that form.
 */
export function parseModelSpec(spec: string): ImperfectModelSpec {
  const usage = `expected imperfect:<kind>[:<seed>] with a kind among ${IMPERFECT_KINDS.join(', ')} and a seed from 0 to 4294967295`;
  const parts = spec.trim().split(':');
  if (parts[0] !== 'imperfect' || parts.length < 2 || parts.length > 3) {
    throw new TaskSuiteError('MODEL_SPEC_INVALID', `model spec ${JSON.stringify(spec)}: ${usage}`);
  }
  const kind = parts[1]!;
  if (!(IMPERFECT_KINDS as readonly string[]).includes(kind)) {
    throw new TaskSuiteError('MODEL_SPEC_INVALID', `model spec ${JSON.stringify(spec)}: unknown kind ${JSON.stringify(kind)}; ${usage}`);
  }
  const seedText = parts[2];
  const seed = seedText === undefined ? 1 : Number(seedText);
  if (seedText !== undefined && (!/^\d+$/.test(seedText) || seed > 0xffffffff)) {
    throw new TaskSuiteError(
      'MODEL_SPEC_INVALID',
      `model spec ${JSON.stringify(spec)}: the seed ${JSON.stringify(seedText)} is not an integer from 0 to 4294967295`,
    );
  }
  return { kind: kind as ImperfectKind, seed };
}
