import type { Agent } from '@ufo-ts/agent-fsm';
import { errorMessage } from '@ufo-ts/core';
import { z } from 'zod';
import { STEP_KEYS } from '../framework/step-keys.js';
import { defineStrategy, type Strategy } from '../framework/strategy.js';

/** What a {@link FinishCheck} is asked about: the FINISH a model just replied. */
export interface FinishCheckInput {
  /** The agent that said FINISH. */
  agent: string;
  /** The user's request of the round. */
  request: string;
  /** The reply's `result`. */
  result: unknown;
  /** The session step of the FINISH. */
  step: number;
  /** Aborted when the session is cancelled hard. */
  signal?: AbortSignal;
}

/** A {@link FinishCheck}'s verdict: passed or not, and in words why. */
export const FinishVerdictSchema = z.object({ passed: z.boolean(), reason: z.string() });
/** See {@link FinishVerdictSchema}. */
export type FinishVerdict = z.infer<typeof FinishVerdictSchema>;

/**
 * A session's verification hook: asked when a model replies FINISH, it reads the real state (a task's checker, an
 * evaluation agent) and says whether the work is done. A FINISH whose check fails goes back to the model once.
 *
 * @example
 * ```ts
 * const finishCheck: FinishCheck = async () =>
 *   (await readFile(path, 'utf8')).includes('hello') ? { passed: true, reason: 'saved' } : { passed: false, reason: 'the file does not hold "hello"' };
 * ```
 */
export type FinishCheck = (input: FinishCheckInput) => Promise<FinishVerdict>;

/** What a step's `response.log` line and memory keep of a finish check. */
export interface FinishCheckRecord {
  passed: boolean;
  reason: string;
  /** Whether the FINISH stood: a passed check, or a second failed one in the round (the model was already told once). */
  accepted: boolean;
  round: number;
}

function checkRecordOf(value: unknown): FinishCheckRecord | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const r = value as Partial<FinishCheckRecord>;
  return typeof r.passed === 'boolean' && typeof r.accepted === 'boolean' && typeof r.reason === 'string' ? (r as FinishCheckRecord) : undefined;
}

/** The finish check of the agent's latest step, when it had one. */
export function latestFinishCheck(agent: Agent): FinishCheckRecord | undefined {
  return checkRecordOf(agent.memory.latest()?.['finish_check']);
}

/**
 * Checks a FINISH with the session's {@link FinishCheck}. A failed check turns the step into CONTINUE and the next
 * prompt tells the model why (`<Finish check:>`), once per round; a second FINISH in the round stands whatever its
 * check says, and both verdicts are in `response.log` (`finish_check`) and `finish-check` events. A check that
 * throws counts as failed with its message. Provides `finish_check`.
 */
export function finishCheckStrategy(check: FinishCheck): Strategy {
  return defineStrategy({
    name: 'FinishCheck',
    phase: 'ACTION_EXECUTION',
    dependsOn: [STEP_KEYS.status],
    provides: [],
    failFast: false,
    async execute(agent: Agent, step) {
      if (step.get(STEP_KEYS.status) !== 'FINISH') return {};
      const round = Number(step.get(STEP_KEYS.roundNum) ?? 0);
      const sessionStep = Number(step.get(STEP_KEYS.sessionStep) ?? 0);
      const response = step.get(STEP_KEYS.response);
      let verdict: FinishVerdict;
      try {
        verdict = FinishVerdictSchema.parse(
          await check({
            agent: agent.name,
            request: String(step.get(STEP_KEYS.request) ?? ''),
            result: response?.result,
            step: sessionStep,
            ...(step.signal ? { signal: step.signal } : {}),
          }),
        );
      } catch (error) {
        verdict = { passed: false, reason: `the check could not run: ${errorMessage(error)}` };
      }
      const toldBefore = agent.memory.all().some((item) => {
        const r = checkRecordOf(item['finish_check']);
        return r !== undefined && !r.accepted && r.round === round;
      });
      const accepted = verdict.passed || toldBefore;
      const record: FinishCheckRecord = { ...verdict, accepted, round };
      agent.services.events.emit({ type: 'finish-check', agent: agent.name, step: sessionStep, passed: verdict.passed, accepted, reason: verdict.reason });
      return accepted ? { finish_check: record } : { finish_check: record, status: 'CONTINUE' };
    },
  });
}
