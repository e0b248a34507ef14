import { createHash } from 'node:crypto';
import type { Command, DispatchTarget } from '@ufo-ts/core';

/**
 * Deterministic command ids for a session: the same session step sending the same commands gets the same id,
 * whichever worker runs it. A session resumed on another node re-runs its interrupted step and sends ids the device
 * has already seen, so the device answers from its de-duplication memory instead of acting twice. A different
 * decision (other tools or arguments) is a different command with a different id.
 */
export class CommandIds {
  private step = -1;
  private inStep = 0;

  /** @param stepOf the session's current step counter (`SESSION_STEP`). */
  constructor(private readonly sessionId: string, private readonly stepOf: () => number) {}

  /** The id of the next batch. */
  next(commands: readonly Command[], target: DispatchTarget): string {
    const step = this.stepOf();
    if (step !== this.step) {
      this.step = step;
      this.inStep = 0;
    }
    const index = this.inStep++;
    const what = JSON.stringify([target.agent, target.root ?? null, target.process ?? null, commands.map((c) => [c.tool_type, c.tool_name, c.parameters])]);
    const digest = createHash('sha256').update(`${this.sessionId}\n${step}\n${index}\n${what}`).digest('base64url').slice(0, 22);
    return `s${step}.${index}.${digest}`;
  }
}
