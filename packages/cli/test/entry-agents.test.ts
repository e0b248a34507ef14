import { describe, expect, it } from 'vitest';
import type { UfoConfig } from '@ufo-ts/config';
import { entryAgents } from '../src/session-commands/entry-agents.js';

const config = { operator: { agentKind: 'ComputerUser' } } as UfoConfig;

describe('entryAgents: whose tool servers a session command starts before loading the session code', () => {
  it('new sessions: HostAgent on Windows and for plans, LinuxAgent on Linux, the configured operator kind', () => {
    expect(entryAgents({ platform: 'windows', mode: 'normal' }, config)).toEqual(['HostAgent']);
    expect(entryAgents({ platform: 'linux', mode: 'normal' }, config)).toEqual(['LinuxAgent']);
    expect(entryAgents({ platform: 'linux', mode: 'batch' }, config)).toEqual(['LinuxAgent']);
    expect(entryAgents({ platform: 'linux', mode: 'follower' }, config)).toEqual(['HostAgent']);
    expect(entryAgents({ platform: 'windows', mode: 'operator' }, config)).toEqual(['ComputerUser']);
  });

  it('resumed sessions: the agent they stopped in first, then the session kind’s entry agent', () => {
    expect(entryAgents({ checkpointKind: 'host', agent: 'AppAgent' }, config)).toEqual(['AppAgent', 'HostAgent']);
    expect(entryAgents({ checkpointKind: 'host', agent: 'HostAgent' }, config)).toEqual(['HostAgent']);
    expect(entryAgents({ checkpointKind: 'linux' }, config)).toEqual(['LinuxAgent']);
    expect(entryAgents({ checkpointKind: 'operator', agent: undefined }, config)).toEqual(['ComputerUser']);
    expect(entryAgents({ checkpointKind: 'follower' }, config)).toEqual(['HostAgent']);
  });
});
