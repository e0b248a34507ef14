import { describe, expect, it } from 'vitest';
import { AppAgent, HOST_AGENT_TABLE, APP_AGENT_TABLE, LINUX_AGENT_TABLE, type HandlerOutcome } from '../src/index.js';
import { Context, hostWithApp, linuxAgent, ScriptedProcessor } from './fixtures.js';

/**
 * Every row of every table: [machine, state, outcome or status] → [next state, next agent, roundEnd, subtaskEnd].
 * `status:X` means the agent's status is X after handling; `outcome:Y` sets the handler outcome.
 */
type Case = [string, string, string, string, 'host' | 'app' | 'self', boolean, boolean];
const cases: Case[] = [
  // HostAgent
  ['HostAgent', 'CONTINUE', 'status:ASSIGN', 'HostAgent.ASSIGN', 'self', false, false],
  ['HostAgent', 'CONTINUE', 'status:FINISH', 'HostAgent.FINISH', 'self', false, false],
  ['HostAgent', 'CONTINUE', 'status:PENDING', 'HostAgent.PENDING', 'self', false, false],
  ['HostAgent', 'CONTINUE', 'status:NONSENSE', 'HostAgent.ERROR', 'self', false, false],
  ['HostAgent', 'ASSIGN', 'outcome:assigned', 'AppAgent.CONTINUE', 'app', false, false],
  ['HostAgent', 'ASSIGN', 'outcome:failed', 'HostAgent.ERROR', 'self', false, false],
  ['HostAgent', 'PENDING', 'outcome:done', 'HostAgent.CONTINUE', 'self', false, false],
  ['HostAgent', 'CONFIRM', 'outcome:approved', 'HostAgent.CONTINUE', 'self', false, false],
  ['HostAgent', 'CONFIRM', 'outcome:rejected', 'HostAgent.CONTINUE', 'self', false, false],
  ['HostAgent', 'FINISH', 'outcome:done', 'HostAgent.FINISH', 'self', true, false],
  ['HostAgent', 'FAIL', 'outcome:done', 'HostAgent.FINISH', 'self', true, false],
  ['HostAgent', 'ERROR', 'outcome:done', 'HostAgent.FINISH', 'self', true, false],
  // AppAgent
  ['AppAgent', 'CONTINUE', 'status:SCREENSHOT', 'AppAgent.SCREENSHOT', 'self', false, false],
  ['AppAgent', 'CONTINUE', 'status:CONFIRM', 'AppAgent.CONFIRM', 'self', false, false],
  ['AppAgent', 'SCREENSHOT', 'status:CONTINUE', 'AppAgent.CONTINUE', 'self', false, false],
  ['AppAgent', 'SCREENSHOT', 'status:bogus', 'AppAgent.ERROR', 'self', false, false],
  ['AppAgent', 'PENDING', 'outcome:done', 'AppAgent.CONTINUE', 'self', false, false],
  ['AppAgent', 'CONFIRM', 'outcome:approved', 'AppAgent.CONTINUE', 'self', false, false],
  ['AppAgent', 'CONFIRM', 'outcome:rejected', 'AppAgent.FINISH', 'self', false, false],
  ['AppAgent', 'FINISH', 'outcome:done', 'HostAgent.CONTINUE', 'host', false, true],
  ['AppAgent', 'FAIL', 'outcome:done', 'HostAgent.CONTINUE', 'host', false, true],
  ['AppAgent', 'ERROR', 'outcome:done', 'HostAgent.ERROR', 'host', true, true],
  // LinuxAgent
  ['LinuxAgent', 'CONTINUE', 'status:FINISH', 'LinuxAgent.FINISH', 'self', false, false],
  ['LinuxAgent', 'CONTINUE', 'status:ASSIGN', 'LinuxAgent.ERROR', 'self', false, false],
  ['LinuxAgent', 'PENDING', 'outcome:done', 'LinuxAgent.CONTINUE', 'self', false, false],
  ['LinuxAgent', 'CONFIRM', 'outcome:rejected', 'LinuxAgent.CONTINUE', 'self', false, false],
  ['LinuxAgent', 'FINISH', 'outcome:done', 'LinuxAgent.FINISH', 'self', true, true],
  ['LinuxAgent', 'FAIL', 'outcome:done', 'LinuxAgent.FINISH', 'self', true, true],
  ['LinuxAgent', 'ERROR', 'outcome:done', 'LinuxAgent.FINISH', 'self', true, true],
];

describe('state tables', () => {
  it('every row of every table is covered by a case', () => {
    const covered = new Set(cases.map(([m, s]) => `${m}.${s}`));
    const rows = [
      ...Object.keys(HOST_AGENT_TABLE).map((s) => `HostAgent.${s}`),
      ...Object.keys(APP_AGENT_TABLE).map((s) => `AppAgent.${s}`),
      ...Object.keys(LINUX_AGENT_TABLE).map((s) => `LinuxAgent.${s}`),
    ];
    expect(rows.filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(cases)('%s.%s with %s → %s', async (machine, stateName, input, expected, nextAgent, roundEnd, subtaskEnd) => {
    const { host } = hostWithApp(new ScriptedProcessor([]));
    host.pendingAssignment = { kind: 'window', root: 'calc', process: 'Calculator' };
    await host.runAssign(new Context());
    const app = host.activeSubAgent as AppAgent;
    const agent = machine === 'HostAgent' ? host : machine === 'AppAgent' ? app : linuxAgent(new ScriptedProcessor([]));
    if (machine !== 'HostAgent') host.lastOutcome = 'done';
    const state = agent.machine.state(stateName);
    agent.setState(state);
    const [kind, value] = input.split(':') as [string, string];
    if (kind === 'status') agent.setStatus(value);
    else agent.lastOutcome = value as HandlerOutcome;
    if (machine === 'HostAgent' && stateName === 'ASSIGN') host.lastOutcome = value as HandlerOutcome;

    const next = state.nextState(agent);
    expect(`${next.agentKind}.${next.name}`).toBe(expected);
    const expectedAgent = nextAgent === 'self' ? agent : nextAgent === 'host' ? host : app;
    expect(state.nextAgent(agent)).toBe(expectedAgent);
    expect(state.isRoundEnd()).toBe(roundEnd);
    expect(state.isSubtaskEnd()).toBe(subtaskEnd);
  });
});
