import type { ManagedSession, ManagedSessionOutcome } from '@ufo-ts/sessions';
import type { CliIo } from '../cli-io.js';
import { exitCodeOf } from './exit-codes.js';
import type { ProgressReporter } from './progress.js';

/**
 * Runs a session under the command's signal: the first interrupt (Ctrl+C) cancels it after the step in flight,
 * so the logs and the checkpoint stay consistent (a second Ctrl+C ends the process at once; the checkpoint still
 * holds the last completed transition). Prints the outcome and resolves with the exit code.
 */
export async function runManagedSession(
  session: ManagedSession,
  io: CliIo,
  progress: ProgressReporter,
  json: boolean,
): Promise<{ outcome: ManagedSessionOutcome; code: number }> {
  const onAbort = () => {
    progress.print('interrupted: stopping after the current step (Ctrl+C again to quit at once)');
    session.cancel('interrupted by the user');
  };
  if (io.signal.aborted) onAbort();
  else io.signal.addEventListener('abort', onAbort, { once: true });
  let outcome: ManagedSessionOutcome;
  try {
    outcome = await session.run();
  } finally {
    io.signal.removeEventListener('abort', onAbort);
    progress.finish();
  }
  const code = exitCodeOf(outcome);
  if (json) io.stdout(`${JSON.stringify({ type: 'outcome', exitCode: code, ...outcome })}\n`);
  else io.stderr(summary(outcome));
  return { outcome, code };
}

/** The human-readable end of a run. */
export function summary(outcome: ManagedSessionOutcome): string {
  const lines = [
    `\n${outcome.status}: ${outcome.steps} steps, ${outcome.rounds.length} round(s), cost $${outcome.cost.toFixed(4)}${outcome.unpricedCalls ? ` (+${outcome.unpricedCalls} unpriced calls)` : ''}`,
  ];
  for (const [i, round] of outcome.rounds.entries()) {
    lines.push(
      `  round ${i}: ${round.finalState}${round.result !== undefined && round.result !== '' ? ` — ${typeof round.result === 'string' ? round.result : JSON.stringify(round.result)}` : ''}`,
    );
  }
  const cache = outcome.cache;
  if (cache)
    lines.push(
      `  action cache: ${cache.outcome}, ${cache.modelCalls} model call(s), ${cache.hits} cached step(s) ran, ${cache.healed} healed; ${cache.saved ? 'run recorded' : `not recorded (${cache.notSaved ?? 'no reason given'})`}`,
    );
  for (const e of outcome.evaluations)
    lines.push(`  evaluation (${e.level}${e.round !== undefined ? ` ${e.round}` : ''}): complete = ${e.complete} — ${e.reason}`);
  if (outcome.waitingFor?.kind === 'confirmation') {
    lines.push(
      `  waiting for approval: ${outcome.waitingFor.agent} wants to run ${outcome.waitingFor.actions.map((a) => `${a.function}(${JSON.stringify(a.arguments)})`).join(', ')}`,
    );
    lines.push(`  continue with: ufo resume ${outcome.logFolder} --approve   (or --reject)`);
  } else if (outcome.waitingFor?.kind === 'questions') {
    lines.push(`  waiting for answers: ${outcome.waitingFor.questions.join(' / ')}`);
    lines.push(`  continue with: ufo resume ${outcome.logFolder} --answer "..."`);
  } else if (outcome.status === 'cancelled' || outcome.status === 'failed') {
    lines.push(`  continue with: ufo resume ${outcome.logFolder}`);
  }
  if (outcome.failure) lines.push(`  error: ${outcome.failure.message}`);
  if (outcome.logFolder) lines.push(`  logs: ${outcome.logFolder}`);
  if (outcome.reports.html) lines.push(`  report: ${outcome.reports.html}`);
  return `${lines.join('\n')}\n`;
}
