import { randomUUID } from 'node:crypto';
import { canonicalJson } from '@ufo-ts/core/internal';
import {
  errorMessage,
  type Command,
  type CommandDispatcher,
  type DispatchTarget,
  type ExecuteOptions,
  type Interactor,
  type ListToolsOptions,
  type Result,
  type ToolInfo,
} from '@ufo-ts/core';
import type { JournalCursor, RecordedCommand } from './journal-cursor.js';
import { HumanInputRequiredError } from '../errors.js';
import { ActionOutcomeUnknownError, outcomeUnknownText, type UnknownOutcomePolicy } from './unknown-outcome.js';

/** Options of {@link JournalingDispatcher}. */
export interface JournalingDispatcherOptions {
  inner: CommandDispatcher;
  cursor: JournalCursor;
  /** What to do with an action whose outcome is unknown (default `tell-model`). */
  onUnknownOutcome?: UnknownOutcomePolicy;
  /** Asked under the `ask` policy. */
  interactor: Interactor;
  /**
   * Action tools that only set where later commands go and are safe to send again (default
   * `['select_application_window']`): they are not journaled, so a resumed step sends them again and the device is
   * where the step expects it (a resume re-selects the checkpoint's window first).
   */
  repeatable?: readonly string[];
}

/** The default {@link JournalingDispatcherOptions.repeatable} tools. */
export const REPEATABLE_TOOLS: readonly string[] = ['select_application_window'];

/**
 * A {@link CommandDispatcher} wrapper that gives a step's action commands at-most-once execution across a crash, a
 * kill or a forced cancel followed by resume. Inside a step, each action command is sent on its own: its intent
 * is journaled (durably) before it is sent and its result after it came back. When a resumed session runs the
 * step again, a command whose result is journaled is not sent: the recorded result is returned; a command with an
 * intent and no result has an unknown outcome and is handled by the {@link UnknownOutcomePolicy}. A result that
 * arrives after the step was aborted is not recorded (the command may have run): it stays unknown.
 * Data-collection commands, repeatable tools (window selection), and everything outside a step are forwarded as
 * they are.
 *
 * Each journaled command is sent under its own command id ({@link ExecuteOptions.commandId}, kept in the intent),
 * the id remote devices de-duplicate on: a command sent again after a resume (under the `ask` policy) or delivered
 * twice reuses it, so a device that already ran it answers from its cache. The journal is the one mechanism for
 * local, remote and cluster sessions.
 */
export class JournalingDispatcher implements CommandDispatcher {
  private readonly options: JournalingDispatcherOptions;

  constructor(options: JournalingDispatcherOptions) {
    this.options = options;
  }

  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    const { inner, cursor } = this.options;
    if (!cursor.active || !commands.some((c) => this.journaled(c))) return inner.execute(commands, options);
    const results: Result[] = [];
    let failed: Result | undefined;
    for (const command of commands) {
      if (failed && options.stopOnFailure) {
        results.push({
          status: 'skipped',
          call_id: command.call_id,
          error: `COMMAND_SKIPPED: skipped because an earlier command of the batch failed (call ${failed.call_id}: ${failed.error ?? 'failure'})`,
        });
        continue;
      }
      const result = this.journaled(command)
        ? await this.runAction(command, options).catch((error: unknown) => {
            // the commands before it ran (or were replayed): the error carries their results for the step's record
            throw error instanceof ActionOutcomeUnknownError ? new ActionOutcomeUnknownError(error.tool, error.args, [...results]) : error;
          })
        : (await inner.execute([command], options))[0]!;
      results.push(result);
      if (result.status !== 'success') failed ??= result;
    }
    return results;
  }

  listTools(options: ListToolsOptions): Promise<ToolInfo[]> {
    return this.options.inner.listTools(options);
  }

  close(): Promise<void> {
    return this.options.inner.close();
  }

  warmUp(targets: readonly DispatchTarget[]): Promise<void> {
    return this.options.inner.warmUp?.(targets) ?? Promise.resolve();
  }

  private journaled(command: Command): boolean {
    return command.tool_type === 'action' && !(this.options.repeatable ?? REPEATABLE_TOOLS).includes(command.tool_name);
  }

  private async runAction(command: Command, options: ExecuteOptions): Promise<Result> {
    const { seq, recorded } = this.options.cursor.nextCommand();
    if (recorded && sameCall(recorded, command)) {
      if (recorded.result) return { ...recorded.result.result, call_id: command.call_id };
      return this.unknownOutcome(command, seq, recorded, options);
    }
    return this.send(command, seq, randomUUID(), options);
  }

  /** Journals the intent, sends the command alone under `commandId` and journals its result. */
  private async send(command: Command, seq: number, commandId: string, options: ExecuteOptions): Promise<Result> {
    const { inner, cursor } = this.options;
    // cancelled before it left: nothing to journal, the resumed step sends it
    if (options.signal?.aborted) return { status: 'failure', call_id: command.call_id, error: `not sent: ${errorMessage(options.signal.reason)}` };
    await cursor.record({
      type: 'intent',
      seq,
      call_id: command.call_id,
      command_id: commandId,
      tool: command.tool_name,
      arguments: command.parameters,
      agent: options.target.agent,
    });
    const [result] = await inner.execute([command], { ...options, commandId });
    // aborted in flight: the tool may have run; leave the outcome unknown rather than record a failure
    if (options.signal?.aborted && result!.status !== 'success') return result!;
    await cursor.record({ type: 'result', seq, result: result! });
    return result!;
  }

  /**
   * Asks whether to send an action of unknown outcome again. With no one at hand (the interactor defers) the
   * session must wait for the answer, not end the step in error: the cursor keeps the deferral, and the session
   * ends waiting after the step even though the step's strategy caught the throw.
   */
  private async ask(command: Command, options: ExecuteOptions): Promise<boolean> {
    try {
      return await this.options.interactor.confirmAction({
        agent: options.target.agent,
        function: command.tool_name,
        arguments: command.parameters,
        reason: `${outcomeUnknownText(command.tool_name)} Approve to send it again.`,
        step: this.options.cursor.step ?? 0,
      });
    } catch (error) {
      if (error instanceof HumanInputRequiredError) this.options.cursor.failure ??= error;
      throw error;
    }
  }

  private async unknownOutcome(command: Command, seq: number, recorded: RecordedCommand, options: ExecuteOptions): Promise<Result> {
    const policy = this.options.onUnknownOutcome ?? 'tell-model';
    if (policy === 'fail') throw new ActionOutcomeUnknownError(command.tool_name, command.parameters);
    if (policy === 'ask') {
      const again = await this.ask(command, options);
      // the same command id: a device that ran it answers from its de-duplication cache instead of running it again
      if (again) return this.send(command, seq, recorded.intent.command_id ?? randomUUID(), options);
    }
    const result: Result = { status: 'failure', call_id: command.call_id, error: outcomeUnknownText(command.tool_name) };
    await this.options.cursor.record({ type: 'result', seq, result });
    return result;
  }
}

/** The journaled command is this one (same tool and arguments): the step is replaying the same reply. */
function sameCall(recorded: RecordedCommand, command: Command): boolean {
  return recorded.intent.tool === command.tool_name && canonicalJson(recorded.intent.arguments) === canonicalJson(command.parameters);
}
