import type { EngineEvent } from '@ufo-ts/core';
import type { ServerEvent } from '../server-events.js';
import type { StreamEvent } from './stream-event-schema.js';

/**
 * The stream event of a server event at `time` (ISO 8601), or undefined for those the stream does not carry
 * (connection refusals, protocol errors and other operator-only reports stay in the server's own log).
 *
 * @example
 * ```ts
 * const registered: ServerEvent = { type: 'client-registered', clientId: 'pc-1', platform: 'linux', remote: '10.0.0.7' };
 * const event = streamEventOfServerEvent(registered, new Date(clock.now()).toISOString());
 * ```
 */
export function streamEventOfServerEvent(event: ServerEvent, time: string): StreamEvent | undefined {
  switch (event.type) {
    case 'task-queued':
      return { type: 'task-queued', time, task_name: event.taskName, session_id: event.sessionId, client_id: event.clientId, owner: event.owner };
    case 'task-started':
      return { type: 'task-started', time, task_name: event.taskName, session_id: event.sessionId, client_id: event.clientId, owner: event.owner };
    case 'task-ended':
      return {
        type: 'task-finished',
        time,
        task_name: event.taskName,
        session_id: event.sessionId,
        client_id: event.clientId,
        status: event.status,
        ...(event.error !== undefined ? { error: event.error } : {}),
      };
    case 'client-registered':
      return { type: 'device-connected', time, client_id: event.clientId, platform: event.platform };
    case 'client-disconnected':
      return event.clientId === undefined
        ? undefined
        : { type: 'device-disconnected', time, client_id: event.clientId, code: event.code, reason: event.reason };
    case 'engine':
      return streamEventOfEngineEvent(event.taskName, event.event, time);
    case 'task-waiting':
      return {
        type: 'task-waiting',
        time,
        task_name: event.taskName,
        session_id: event.sessionId,
        client_id: event.clientId,
        pending_id: event.pendingId,
        kind: event.kind,
      };
    case 'task-resumed':
      return {
        type: 'task-resumed',
        time,
        task_name: event.taskName,
        session_id: event.sessionId,
        client_id: event.clientId,
        pending_id: event.pendingId,
        decision: event.decision,
      };
    default:
      return undefined;
  }
}

/**
 * The stream event of an engine event of a task at `time` (ISO 8601). `step-end` keeps its summary; the step's full
 * record arrives as a `step` event from the task's log (see {@link StreamingLogSink}).
 */
export function streamEventOfEngineEvent(taskName: string, event: EngineEvent, time: string): StreamEvent | undefined {
  const task = { time, task_name: taskName };
  switch (event.type) {
    case 'session-start':
      return { type: 'session-started', ...task, session_id: event.sessionId };
    case 'session-end':
      return {
        type: 'session-ended',
        ...task,
        session_id: event.sessionId,
        rounds: event.rounds,
        cost: event.cost,
        ...(event.error !== undefined ? { error: event.error } : {}),
      };
    case 'round-start':
      return { type: 'round-started', ...task, round: event.round, request: event.request };
    case 'round-end':
      return { type: 'round-ended', ...task, round: event.round, state: event.state, result: jsonSafe(event.result) };
    case 'step-start':
      return { type: 'step-started', ...task, agent: event.agent, state: event.state, step: event.step, round: event.round };
    case 'step-end':
      return {
        type: 'step-ended',
        ...task,
        agent: event.agent,
        state: event.state,
        step: event.step,
        round: event.round,
        status: event.status,
        cost: event.cost,
        ...(event.error ? { error: event.error } : {}),
      };
    case 'transition':
      return {
        type: 'transition',
        ...task,
        agent: event.agent,
        next_agent: event.nextAgent,
        from: event.from,
        to: event.to,
        status: event.status,
        round: event.round,
      };
    case 'command':
      return { type: 'tool-call', ...task, agent: event.agent, tool: event.tool, status: event.status, ...(event.error ? { error: event.error } : {}) };
    case 'command-progress':
      return {
        type: 'tool-progress',
        ...task,
        agent: event.agent,
        tool: event.tool,
        progress: event.progress,
        ...(event.total !== undefined ? { total: event.total } : {}),
        ...(event.message !== undefined ? { message: event.message } : {}),
      };
    case 'question':
      return { type: 'question', ...task, agent: event.agent, questions: event.questions };
    case 'confirmation':
      return { type: 'confirmation', ...task, agent: event.agent, function: event.function, approved: event.approved };
    case 'no-progress':
      return {
        type: 'no-progress',
        ...task,
        agent: event.agent,
        step: event.step,
        detection: event.detection,
        cause: event.cause,
        level: event.level,
        stalled_steps: event.stalledSteps,
        message: event.message,
      };
    case 'finish-check':
      return { type: 'finish-check', ...task, agent: event.agent, step: event.step, passed: event.passed, accepted: event.accepted, reason: event.reason };
    case 'warning':
      return { type: 'warning', ...task, message: event.message, ...(event.details ? { details: jsonSafe(event.details) as Record<string, unknown> } : {}) };
    default:
      // an engine event this server version does not know: not streamed
      return undefined;
  }
}

/** A value as JSON would carry it (undefined when it cannot be serialised). */
function jsonSafe(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
