import { createCommand, MemoryLogSink, ProgrammaticInteractor } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { AgentError, AgentRegistry, AppAgent, type Agent } from '../src/index.js';
import { Context, hostWithApp, RecordingDispatcher, ScriptedProcessor, services } from './fixtures.js';

function assign(host: ReturnType<typeof hostWithApp>['host'], root = 'calc') {
  host.pendingAssignment = { kind: 'window', root, process: `${root}-window` };
  return host.runAssign(new Context());
}

describe('state handlers', () => {
  it('ASSIGN reuses the AppAgent of the same application, keeping its memory', async () => {
    const { host } = hostWithApp(new ScriptedProcessor([]));
    expect(await assign(host)).toBe('assigned');
    const first = host.activeSubAgent!;
    first.memory.add({ step: 0, agent: first.name, state: 'CONTINUE', status: 'CONTINUE', actions: [] });
    await assign(host, 'editor');
    expect(host.activeSubAgent).not.toBe(first);
    await assign(host);
    expect(host.activeSubAgent).toBe(first);
    expect(first.memory.length).toBe(1);
    expect(host.subAgentNames).toEqual(['AppAgent/calc', 'AppAgent/editor']);
  });

  it('ASSIGN of an unregistered third-party agent is a clear error and the host goes to ERROR', async () => {
    const logSink = new MemoryLogSink();
    const { host } = hostWithApp(new ScriptedProcessor([]), { logSink });
    host.pendingAssignment = { kind: 'third_party_agent', agentName: 'Nope' };
    const context = new Context();
    expect(await host.runAssign(context)).toBe('failed');
    expect(host.status).toBe('ERROR');
    expect((host.lastError as AgentError).code).toBe('AGENT_UNKNOWN');
    expect(host.state.name).toBe('CONTINUE');
    expect(host.machine.state('ASSIGN').nextState(host).name).toBe('ERROR');
    expect(logSink.lines.response[0]).toMatchObject({ state: 'ASSIGN', status: 'ERROR', error: { code: 'AGENT_UNKNOWN' } });
  });

  it('a registered third-party agent is created once and hands control back to the host', async () => {
    const registry = new AgentRegistry();
    const processor = new ScriptedProcessor([]);
    registry.register('HardwareAgent', {
      description: 'presses physical buttons',
      factory: (ctx) => new AppAgent({ ...ctx, processor, appRoot: 'hardware', processName: 'hardware', kind: ctx.name, host: ctx.host }),
    });
    const svc = services();
    const { HostAgent } = await import('../src/index.js');
    const host = new HostAgent({
      ...svc,
      name: 'HostAgent',
      processor,
      registry,
      createAppAgent: () => {
        throw new Error('unused');
      },
    });
    host.pendingAssignment = { kind: 'third_party_agent', agentName: 'HardwareAgent' };
    expect(await host.runAssign(new Context())).toBe('assigned');
    const agent = host.activeSubAgent as Agent;
    expect(agent.kind).toBe('HardwareAgent');
    expect(agent.machine.state('FINISH').nextAgent(agent)).toBe(host);
    expect(registry.list()).toEqual([{ name: 'HardwareAgent', description: 'presses physical buttons' }]);
  });

  it('a mis-configured registry entry is refused with AGENT_MISCONFIGURED', () => {
    const registry = new AgentRegistry();
    expect(() => registry.register('Broken', { description: 'x', factory: undefined as never })).toThrow(/without a factory/);
    registry.register('Throws', {
      description: 'x',
      factory: () => {
        throw new Error('no config');
      },
    });
    const { host, svc } = hostWithApp(new ScriptedProcessor([]));
    expect(() => registry.create('Throws', { ...svc, host, blackboard: host.blackboard })).toThrow(expect.objectContaining({ code: 'AGENT_MISCONFIGURED' }));
  });

  it('PENDING asks the questions through the Interactor and puts the answers on the blackboard', async () => {
    const interactor = new ProgrammaticInteractor({ answers: { 'Which file?': 'report.docx' } });
    const { host } = hostWithApp(new ScriptedProcessor([]), { interactor });
    host.pendingQuestions = ['Which file?'];
    const state = host.machine.state('PENDING');
    await state.handle(host, new Context());
    expect(interactor.asked).toEqual(['Which file?']);
    expect(host.blackboard.questions).toEqual([{ question: 'Which file?', answer: 'report.docx' }]);
    expect(JSON.stringify(host.blackboard.toPromptParts())).toContain('report.docx');
    expect(host.status).toBe('CONTINUE');
  });

  it.each([
    [true, 'approved', ['send_email'], 'success'],
    [false, 'rejected', [], 'skipped'],
  ])('CONFIRM approved=%s runs the held action only after approval', async (approve, outcome, executed, status) => {
    const interactor = new ProgrammaticInteractor({ confirm: approve });
    const dispatcher = new RecordingDispatcher();
    const logSink = new MemoryLogSink();
    const { host } = hostWithApp(new ScriptedProcessor([]), { interactor, dispatcher, logSink });
    await assign(host);
    const app = host.activeSubAgent!;
    const command = createCommand('send_email', { to: 'john' });
    app.memory.add({ step: 3, agent: app.name, state: 'CONTINUE', status: 'CONFIRM', actions: [] });
    app.pendingConfirmation = { actions: [{ function: 'send_email', arguments: { to: 'john' }, status: 'CONFIRM' }], commands: [command] };
    expect(dispatcher.executed).toEqual([]);
    const context = new Context();
    await app.machine.state('CONFIRM').handle(app, context);
    expect(app.lastOutcome).toBe(outcome);
    expect(dispatcher.executed).toEqual(executed);
    expect(app.memory.latest()?.actions[0]?.result?.status).toBe(status);
    expect(interactor.confirmations[0]?.action).toMatchObject({ function: 'send_email', arguments: { to: 'john' } });
    expect(logSink.lines.response.at(-1)).toMatchObject({ type: 'confirmation', approved: approve });
    if (!approve) {
      const finish = app.machine.state('CONFIRM').nextState(app);
      expect(finish.name).toBe('FINISH');
      app.setState(finish);
      await finish.handle(app, context);
      expect(context.get('PREVIOUS_SUBTASKS')).toEqual([expect.objectContaining({ status: 'REJECTED', result: expect.stringContaining('rejected') })]);
    }
  });

  it('a processor that throws ends the agent in ERROR with the cause logged', async () => {
    const logSink = new MemoryLogSink();
    const { host } = hostWithApp(new ScriptedProcessor([new Error('model exploded')]), { logSink });
    await assign(host);
    const app = host.activeSubAgent!;
    const context = new Context();
    context.set('SUBTASK', 'compute');
    await app.handle(context);
    expect(app.status).toBe('ERROR');
    const next = app.state.nextState(app);
    expect(`${next.agentKind}.${next.name}`).toBe('AppAgent.ERROR');
    expect(next.isRoundEnd()).toBe(true);
    expect(logSink.lines.response[0]).toMatchObject({ status: 'ERROR', error: { message: 'model exploded' } });
    expect(context.get('PREVIOUS_SUBTASKS')).toEqual([expect.objectContaining({ subtask: 'compute', status: 'ERROR' })]);
    expect(context.get('ROUND_RESULT')).toEqual({ error: 'model exploded' });
  });

  it('agent state serialises to JSON', async () => {
    const { host } = hostWithApp(new ScriptedProcessor([]));
    host.pendingQuestions = ['q'];
    const json = JSON.parse(JSON.stringify(host));
    expect(json).toMatchObject({ name: 'HostAgent', kind: 'HostAgent', state: 'CONTINUE', pendingQuestions: ['q'] });
  });
});
