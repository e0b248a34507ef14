import type { ResultStatus } from '@ufo-ts/core';

/** Transport of a tool server. */
export type ServerTransportKind = 'stdio' | 'http' | 'in-process';

/**
 * What a {@link LocalCommandDispatcher} reports through `onEvent`: server lifecycle, per-command outcomes and
 * warnings. Nothing in the dispatcher prints; listeners decide.
 */
export type DispatcherEvent =
  | { type: 'server-starting'; namespace: string; transport: ServerTransportKind; instance: string }
  | {
      type: 'server-started';
      namespace: string;
      transport: ServerTransportKind;
      instance: string;
      /** Child process id (stdio only). */
      pid: number | undefined;
      tools: number;
      duration_ms: number;
    }
  | { type: 'server-start-failed'; namespace: string; transport: ServerTransportKind; instance: string; error: string }
  | {
      type: 'server-stopped';
      namespace: string;
      transport: ServerTransportKind;
      instance: string;
      /** `true` when the dispatcher closed it, `false` when it exited or disconnected on its own. */
      expected: boolean;
      reason: string;
    }
  | { type: 'server-stderr'; namespace: string; instance: string; text: string }
  /** A transport-level error the MCP client reported (e.g. a dropped HTTP event stream); calls still decide. */
  | { type: 'server-error'; namespace: string; instance: string; error: string }
  | { type: 'command-start'; call_id: string; tool: string; namespace: string | null }
  /** A `notifications/progress` of a running call (calls carry a progress token while a listener is set). */
  | {
      type: 'command-progress';
      call_id: string;
      tool: string;
      namespace: string | null;
      progress: number;
      /** The total the server announced, if any. */
      total: number | undefined;
      message: string | undefined;
    }
  | {
      type: 'command-end';
      call_id: string;
      tool: string;
      namespace: string | null;
      status: ResultStatus;
      error: string | null;
      duration_ms: number;
    }
  | { type: 'warning'; message: string; details?: Record<string, unknown> };

/** Receives {@link DispatcherEvent}s. Exceptions thrown by a listener are swallowed. */
export type DispatcherEventListener = (event: DispatcherEvent) => void;

/** Wraps a listener so that it can never throw into the dispatcher. */
export function safeEmitter(listener: DispatcherEventListener | undefined): DispatcherEventListener {
  if (!listener) return () => undefined;
  return (event) => {
    try {
      listener(event);
    } catch {
      // an observer's bug must not change what the dispatcher does
    }
  };
}
