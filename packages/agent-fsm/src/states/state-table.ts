/**
 * State machines as data. Each row says what a state does when it handles (`handle`), where it goes next
 * (`next`), which agent handles the next state (`agent`), and whether entering it ends the round or the subtask.
 *
 * `next` targets: `status` (the state named by the agent's status; an unknown status goes to ERROR), a state of
 * the same machine (`CONTINUE`), a state of the host's machine (`host:CONTINUE`) or of the active sub-agent's
 * machine (`sub:CONTINUE`). When the handler has an outcome, `next` may map outcomes to targets.
 */
export type StateHandler = 'process' | 'assign' | 'ask' | 'confirm' | 'archive' | 'none';

/** Outcomes a handler can report; `next` may branch on them. */
export type HandlerOutcome = 'done' | 'approved' | 'rejected' | 'assigned' | 'failed';

export type NextTarget = 'status' | string;

export interface StateRow {
  handle: StateHandler;
  next: NextTarget | Partial<Record<HandlerOutcome, NextTarget>>;
  agent: 'self' | 'host' | 'sub';
  roundEnd: boolean;
  subtaskEnd: boolean;
}

export type StateTable<S extends string> = Readonly<Record<S, StateRow>>;

/** Helper that keeps row literals short in the tables. */
export function row(
  handle: StateHandler,
  next: StateRow['next'],
  agent: StateRow['agent'] = 'self',
  flags: { roundEnd?: boolean; subtaskEnd?: boolean } = {},
): StateRow {
  return { handle, next, agent, roundEnd: flags.roundEnd ?? false, subtaskEnd: flags.subtaskEnd ?? false };
}
