/** What a {@link WebSocketCommandDispatcher} reports besides its Results (for logs and metrics). */
export type RemoteDispatcherEvent =
  | {
      type: 'results-ignored';
      /** `duplicate`: the batch was already answered; `late`: it already timed out, was aborted or its device left; `unknown`: never sent by this dispatcher. */
      reason: 'duplicate' | 'late' | 'unknown';
      sessionId: string;
      responseId: string;
    }
  | { type: 'command-timeout'; sessionId: string; responseId: string; waitedMs: number; commands: number }
  | { type: 'results-mismatch'; sessionId: string; responseId: string; missing: string[]; unexpected: string[] }
  | { type: 'send-failed'; sessionId: string; responseId: string; error: string };

/** Receives each {@link RemoteDispatcherEvent} synchronously; an error it throws is swallowed and never changes dispatching. */
export type RemoteDispatcherEventListener = (event: RemoteDispatcherEvent) => void;
