import { describe, expect, it } from 'vitest';
import { APP_AGENT_TABLE, HOST_AGENT_TABLE, LINUX_AGENT_TABLE, row, StateMachine, transition, validateStateTable, type StateTable } from '../src/index.js';

describe('transition(table, state, input): one row at a time, no agents', () => {
  it('follows status targets, outcome maps and host/sub scopes', () => {
    expect(transition(HOST_AGENT_TABLE, 'CONTINUE', { status: 'ASSIGN', outcome: 'done' })).toEqual({ scope: 'self', state: 'ASSIGN' });
    expect(transition(HOST_AGENT_TABLE, 'ASSIGN', { status: 'ASSIGN', outcome: 'assigned' })).toEqual({ scope: 'sub', state: 'CONTINUE' });
    expect(transition(HOST_AGENT_TABLE, 'ASSIGN', { status: 'ASSIGN', outcome: 'failed' })).toEqual({ scope: 'self', state: 'ERROR' });
    expect(transition(APP_AGENT_TABLE, 'CONFIRM', { status: 'CONFIRM', outcome: 'rejected' })).toEqual({ scope: 'self', state: 'FINISH' });
    expect(transition(APP_AGENT_TABLE, 'FAIL', { status: 'FAIL', outcome: 'done' })).toEqual({ scope: 'host', state: 'CONTINUE' });
  });

  it('an unknown status goes to ERROR and says which status it was', () => {
    expect(transition(LINUX_AGENT_TABLE, 'CONTINUE', { status: 'SCREENSHOT', outcome: 'done' })).toEqual({
      scope: 'self',
      state: 'ERROR',
      unknownStatus: 'SCREENSHOT',
    });
  });

  it('an outcome the row does not map goes to ERROR', () => {
    expect(transition(APP_AGENT_TABLE, 'CONFIRM', { status: 'CONFIRM', outcome: 'assigned' })).toEqual({ scope: 'self', state: 'ERROR' });
  });
});

describe('a state table is checked when it is built', () => {
  const base: StateTable<string> = { CONTINUE: row('process', 'status'), ERROR: row('none', 'ERROR', 'self', { roundEnd: true }) };

  it('the built-in tables are valid', () => {
    expect(() => validateStateTable('HostAgent', HOST_AGENT_TABLE, { sub: APP_AGENT_TABLE })).not.toThrow();
    expect(() => validateStateTable('AppAgent', APP_AGENT_TABLE, { host: HOST_AGENT_TABLE })).not.toThrow();
    expect(() => validateStateTable('LinuxAgent', LINUX_AGENT_TABLE)).not.toThrow();
  });

  it('a typo in a target fails at construction, naming the machine, the state and the target', () => {
    const typo = { ...base, PENDING: row('ask', 'CONTINEU') };
    expect(() => new StateMachine('Custom', typo)).toThrow(
      expect.objectContaining({ code: 'STATE_TABLE_INVALID', message: expect.stringContaining('PENDING: target "CONTINEU" is not a state of Custom') }),
    );
  });

  it('host and sub targets are checked against the related table, and need the matching agent', () => {
    const handBack = { ...base, FINISH: row('archive', 'host:CONTINU', 'host') };
    expect(() => new StateMachine('Custom', handBack, { host: HOST_AGENT_TABLE })).toThrow(/FINISH: target "host:CONTINU" is not a state of the host table/);
    const wrongAgent = { ...base, FINISH: row('archive', 'host:CONTINUE', 'self') };
    expect(() => new StateMachine('Custom', wrongAgent)).toThrow(/needs agent "host"/);
    const badScope = { ...base, FINISH: row('none', 'boss:CONTINUE') };
    expect(() => new StateMachine('Custom', badScope)).toThrow(/unknown scope/);
  });

  it('CONTINUE and ERROR are required; outcome maps use known outcomes', () => {
    expect(() => new StateMachine('Custom', { CONTINUE: row('process', 'status') })).toThrow(/it needs the state ERROR/);
    expect(() => new StateMachine('Custom', { ...base, CONFIRM: row('confirm', { approvd: 'CONTINUE' } as never) })).toThrow(/unknown outcome "approvd"/);
  });
});
