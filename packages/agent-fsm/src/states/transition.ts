import { AgentError } from '../errors.js';
import type { HandlerOutcome, NextTarget, StateRow, StateTable } from './state-table.js';

const OUTCOMES: readonly HandlerOutcome[] = ['done', 'approved', 'rejected', 'assigned', 'failed'];

/** Which machine a transition lands in: the agent's own, its host's, or its active sub-agent's. */
export type TransitionScope = 'self' | 'host' | 'sub';

/** Where a row sends the agent after its handler ran. */
export interface TransitionTarget {
  scope: TransitionScope;
  /** The state's name in that machine. */
  state: string;
  /** Set when the target was `status` and the status names no state of the table (the target is then ERROR). */
  unknownStatus?: string;
}

/** What {@link transition} reads besides the table: the agent's status and the handler's outcome. */
export interface TransitionInput {
  status: string;
  outcome: HandlerOutcome;
}

/**
 * The pure transition function of a state table: from `state`, with the agent's `status` and the handler's
 * `outcome`, where does the agent go? No agents are needed, so one row can be tested on its own. `status` targets
 * the state the status names (ERROR, with `unknownStatus`, when the table has none); an outcome map without the
 * outcome goes to ERROR.
 *
 * @example
 * transition(APP_AGENT_TABLE, 'CONFIRM', { status: 'CONFIRM', outcome: 'rejected' }); // { scope: 'self', state: 'FINISH' }
 */
export function transition(table: StateTable<string>, state: string, input: TransitionInput): TransitionTarget {
  const row = table[state];
  if (!row) throw new AgentError('STATE_UNKNOWN', `The table has no state ${state}`);
  const next = typeof row.next === 'string' ? row.next : (row.next[input.outcome] ?? 'ERROR');
  if (next === 'status') {
    return table[input.status] ? { scope: 'self', state: input.status } : { scope: 'self', state: 'ERROR', unknownStatus: input.status };
  }
  return parseTarget(next);
}

/** Splits a target (`NAME`, `host:NAME`, `sub:NAME`) into scope and state. */
export function parseTarget(target: NextTarget): TransitionTarget {
  const colon = target.indexOf(':');
  if (colon < 0) return { scope: 'self', state: target };
  return { scope: target.slice(0, colon) as TransitionScope, state: target.slice(colon + 1) };
}

/** The tables a table's `host:` and `sub:` targets point into, when known. */
export interface RelatedTables {
  host?: StateTable<string>;
  sub?: StateTable<string>;
}

/**
 * Checks a table when it is built, so a typo fails at construction instead of sending an agent to ERROR at run
 * time: CONTINUE and ERROR exist; every target is `status`, a state of the table, or `host:`/`sub:` and a state
 * of the related table (when given); outcome maps use known outcomes; a row with a `host:` target hands over to
 * the host, a `sub:` one to the sub-agent.
 *
 * @throws AgentError `STATE_TABLE_INVALID` naming the machine, the state and the target.
 */
export function validateStateTable(kind: string, table: StateTable<string>, related: RelatedTables = {}): void {
  const problems: string[] = [];
  for (const name of ['CONTINUE', 'ERROR']) if (!table[name]) problems.push(`it needs the state ${name}`);
  for (const [name, row] of Object.entries(table) as Array<[string, StateRow]>) {
    const targets = typeof row.next === 'string' ? [row.next] : Object.values(row.next);
    if (typeof row.next !== 'string') {
      for (const outcome of Object.keys(row.next)) if (!OUTCOMES.includes(outcome as HandlerOutcome)) problems.push(`${name}: unknown outcome "${outcome}"`);
    }
    for (const target of targets) {
      if (target === undefined || target === 'status') continue;
      const { scope, state } = parseTarget(target);
      if (scope === 'self') {
        if (!table[state]) problems.push(`${name}: target "${target}" is not a state of ${kind}`);
        continue;
      }
      if (scope !== 'host' && scope !== 'sub') {
        problems.push(`${name}: target "${target}" has an unknown scope (use host: or sub:)`);
        continue;
      }
      if (row.agent !== scope) problems.push(`${name}: target "${target}" needs agent "${scope}", the row says "${row.agent}"`);
      const other = related[scope];
      if (other && !other[state]) problems.push(`${name}: target "${target}" is not a state of the ${scope} table`);
    }
  }
  if (problems.length)
    throw new AgentError('STATE_TABLE_INVALID', `State table of ${kind} is invalid: ${problems.join('; ')}`, { details: { kind, problems } });
}
