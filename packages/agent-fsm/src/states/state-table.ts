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

/**
 * Where a row goes: `status` (the state the agent's status names), a state of the same machine, `host:STATE`
 * (the host's machine) or `sub:STATE` (the active sub-agent's machine).
 */
export type NextTarget = 'status' | string;

/**
 * One state of an agent's machine: what it does and where it goes.
 * @example
 * ```ts
 * const finish: StateRow = { handle: 'archive', next: 'host:CONTINUE', agent: 'host', roundEnd: false, subtaskEnd: true };
 * ```
 */
export interface StateRow {
  /** What the state does when the agent is in it (`process`, `assign`, `ask`, `confirm`, `archive`, `none`). */
  handle: StateHandler;
  /** The next state, or a map from the handler's outcome to it. */
  next: NextTarget | Partial<Record<HandlerOutcome, NextTarget>>;
  /** Which agent handles the next step: this one, its host, or its active sub-agent. */
  agent: 'self' | 'host' | 'sub';
  /** The round ends in this state. */
  roundEnd: boolean;
  /** The current subtask ends in this state (the session settles and takes a snapshot). */
  subtaskEnd: boolean;
}

/** An agent's machine: one row per state (`HOST_TABLE`, `APP_TABLE`, `LINUX_TABLE`); checked by `validateStateTable`. */
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
