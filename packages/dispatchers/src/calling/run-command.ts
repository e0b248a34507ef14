import { errorMessage, type CommandProgress, type Command, type DispatchTarget, type Result, type ToolType } from '@ufo-ts/core';
import type { DispatcherEventListener } from '../dispatcher-events.js';
import { DispatchError } from '../errors.js';
import { toToolInfo, type CatalogEntry, type TargetCatalogs, type ToolCatalog } from '../routing/tool-catalog.js';
import type { ArgumentValidator } from './argument-validator.js';
import { errorText, successValue, toolErrorCode } from './call-result.js';
import { parseCommand } from './parse-command.js';
import { invokeTool, type CallOutcome, type CallProgress } from './invoke-tool.js';

/** The name of the meta tool answered by the dispatcher itself (as in the original): lists the target's tools. */
export const LIST_TOOLS_META_TOOL = 'list_tools';

/** What {@link runCommand} needs from its dispatcher. */
export interface RunCommandContext {
  catalogs: TargetCatalogs;
  validator: ArgumentValidator;
  defaultTimeoutMs: number;
  /** A progress notification starts a call's timeout anew (up to `maxTotalTimeoutMs`). */
  resetTimeoutOnProgress: boolean;
  maxTotalTimeoutMs: number;
  emit: DispatcherEventListener;
  /** Whether anyone receives events (without a listener, none are built and calls carry no progress token). */
  listening: boolean;
}

/** Runs one command and describes the outcome as a Result. Never throws. */
export async function runCommand(
  input: Command,
  target: DispatchTarget,
  signal: AbortSignal | undefined,
  context: RunCommandContext,
  /** The caller's progress listener (`ExecuteOptions.onProgress`). */
  onCallerProgress?: (progress: CommandProgress) => void,
): Promise<Result> {
  const startedAt = performance.now();
  const callId = typeof input?.call_id === 'string' ? input.call_id : '';
  const toolName = typeof input?.tool_name === 'string' ? input.tool_name : '';
  let namespace: string | null = null;
  const settle = (done: Result): Result => {
    if (context.listening)
      context.emit({
        type: 'command-end',
        call_id: callId,
        tool: toolName,
        namespace,
        status: done.status,
        error: done.error ?? null,
        duration_ms: done.duration_ms ?? 0,
      });
    return done;
  };
  const finish = (result: Omit<Result, 'call_id' | 'duration_ms' | 'namespace'>): Result =>
    settle({ ...result, namespace, call_id: callId, duration_ms: performance.now() - startedAt });
  // The hot path: the same object as `finish` makes, built without a spread.
  const succeed = (value: unknown): Result =>
    settle({ status: 'success', result: value, namespace, call_id: callId, duration_ms: performance.now() - startedAt });
  // `code` is the tool's own code when it reported one (`toolCode`), else the dispatcher's.
  const fail = (error: DispatchError, result?: unknown, toolCode?: string): Result =>
    finish({ status: 'failure', error: error.toResultText(), code: toolCode ?? error.code, ...(result === undefined ? {} : { result }) });

  if (context.listening) context.emit({ type: 'command-start', call_id: callId, tool: toolName, namespace: null });
  try {
    const parsed = parseCommand(input);
    if (!parsed.success) {
      return fail(
        new DispatchError(
          'COMMAND_INVALID',
          `the command is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
        ),
      );
    }
    const command = parsed.data;
    if (signal?.aborted) return fail(aborted(command, signal.reason));
    const catalog = await context.catalogs.get(target, signal);
    if (command.tool_name === LIST_TOOLS_META_TOOL) {
      return finish({ status: 'success', result: listToolsResult(catalog, command.parameters) });
    }
    const key = `${command.tool_type}::${command.tool_name}`;
    let entry = catalog.entries.get(key);
    if (!entry) return fail(unknownTool(command, catalog, target));
    namespace = entry.namespace;

    const check = context.validator.quickAccept(entry.tool, command.parameters) ?? (await context.validator.check(entry.tool, command.parameters));
    if (check.ok === false) {
      return fail(new DispatchError('TOOL_ARGUMENTS_INVALID', `tool "${command.tool_name}" rejected its arguments: ${check.problems.join('; ')}`));
    }
    const timeoutMs = command.timeout_ms ?? entry.timeoutMs ?? context.defaultTimeoutMs;
    const invokeOptions = {
      timeoutMs,
      signal,
      resetTimeoutOnProgress: context.resetTimeoutOnProgress,
      maxTotalTimeoutMs: Math.max(timeoutMs, context.maxTotalTimeoutMs),
      onProgress:
        context.listening || onCallerProgress
          ? (progress: CallProgress) => {
              if (context.listening) context.emit({ type: 'command-progress', call_id: callId, tool: toolName, namespace, ...progress });
              try {
                onCallerProgress?.({ call_id: callId, tool: toolName, ...progress });
              } catch {
                // a listener's bug must not change the call
              }
            }
          : context.resetTimeoutOnProgress
            ? () => undefined
            : undefined,
    };
    let outcome = await invokeTool(entry, command.parameters, invokeOptions);
    if (outcome.kind === 'session-lost') {
      // The HTTP server restarted and forgot our session; the call never ran, so reconnect and run it once.
      entry.connection.reportBroken(entry.live, `session lost: ${outcome.reason}`);
      const retryEntry = (await context.catalogs.get(target, signal)).entries.get(key);
      if (!retryEntry) return fail(unknownTool(command, catalog, target));
      entry = retryEntry;
      outcome = await invokeTool(entry, command.parameters, invokeOptions);
    }
    return describeOutcome(outcome, command, entry, timeoutMs, succeed, fail);
  } catch (error) {
    if (signal?.aborted) return fail(aborted(input, signal.reason));
    if (error instanceof DispatchError) return fail(error);
    return fail(new DispatchError('DISPATCH_FAILED', `unexpected error: ${errorMessage(error)}`, { cause: error }));
  }
}

function describeOutcome(
  outcome: CallOutcome,
  command: Command,
  entry: CatalogEntry,
  timeoutMs: number,
  succeed: (value: unknown) => Result,
  fail: (error: DispatchError, result?: unknown, toolCode?: string) => Result,
): Result {
  const tool = `"${command.tool_name}" on server "${entry.namespace}"`;
  switch (outcome.kind) {
    case 'returned': {
      const { result } = outcome;
      if (result.isError) {
        return fail(new DispatchError('TOOL_FAILED', errorText(result)), result.structuredContent, toolErrorCode(result));
      }
      return succeed(successValue(result, entry.tool));
    }
    case 'timeout':
      return fail(new DispatchError('TOOL_TIMEOUT', `tool ${tool} did not answer within ${timeoutMs} ms`));
    case 'aborted':
      return fail(new DispatchError('COMMAND_ABORTED', `the call to tool ${tool} was aborted (${outcome.reason})`));
    case 'crashed':
    case 'session-lost': {
      entry.connection.reportBroken(entry.live, outcome.reason);
      const stderr = entry.connection.stderrTail(entry.live);
      return fail(
        new DispatchError(
          'SERVER_CRASHED',
          `server "${entry.namespace}" stopped during the call to "${command.tool_name}" (${outcome.reason}); it will be restarted on next use${stderr ? `\nserver stderr:\n${stderr}` : ''}`,
        ),
      );
    }
    case 'failed':
      return fail(new DispatchError('TOOL_FAILED', `tool ${tool} failed: ${outcome.reason}`));
  }
}

function aborted(command: { tool_name?: unknown }, reason: unknown): DispatchError {
  return new DispatchError('COMMAND_ABORTED', `the command "${String(command.tool_name)}" was aborted before it ran (${errorMessage(reason ?? 'aborted')})`);
}

function unknownTool(command: Command, catalog: ToolCatalog, target: DispatchTarget): DispatchError {
  const where = `agent "${target.agent}"${target.root ? `, root "${target.root}"` : ''}`;
  const other: ToolType = command.tool_type === 'action' ? 'data_collection' : 'action';
  const known = catalog.ordered.filter((e) => e.toolType === command.tool_type).map((e) => e.tool.name);
  const knownText = `Known ${command.tool_type} tools: ${known.length ? known.join(', ') : '(none)'}.`;
  if (catalog.failures.length > 0) {
    const failures = catalog.failures.map((f) => f.error.message).join('\n');
    return new DispatchError(
      'SERVER_START_FAILED',
      `no running server of ${where} offers ${command.tool_type} tool "${command.tool_name}", and ${catalog.failures.length} server(s) could not start:\n${failures}\n${knownText}`,
    );
  }
  const uncallable = catalog.uncallable.get(command.tool_name);
  const hint = catalog.entries.has(`${other}::${command.tool_name}`)
    ? ` "${command.tool_name}" is a ${other} tool; send it with tool_type "${other}".`
    : uncallable !== undefined
      ? ` The ${uncallable}.`
      : '';
  return new DispatchError('TOOL_UNKNOWN', `no ${command.tool_type} tool named "${command.tool_name}" for ${where}.${hint} ${knownText}`);
}

function listToolsResult(catalog: ToolCatalog, parameters: Record<string, unknown>): unknown {
  const toolType = parameters['tool_type'];
  const namespace = parameters['namespace'];
  return catalog.ordered
    .filter((e) => (toolType === 'action' || toolType === 'data_collection' ? e.toolType === toolType : true))
    .filter((e) => (typeof namespace === 'string' ? e.namespace === namespace : true))
    .map(toToolInfo);
}
