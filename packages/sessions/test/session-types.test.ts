import { readFileSync } from 'node:fs';
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { FileLogSink } from '@ufo-ts/core';
import { FollowerSession, LinuxSession, OperatorSession, readCheckpoint, SessionFactory } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { app, click, CrashingModel, host, reply, selectCalc, stepLines, perTestCleanup } from './helpers.js';

const { dirs, defer, fakeDesktop } = perTestCleanup();

describe('LinuxSession', () => {
  it('one LinuxAgent lists the windows, selects one and acts until FINISH, over two rounds', async () => {
    const { desktop, dispatcher } = fakeDesktop();
    const model = new ScriptedModel({
      replies: [
        app({ function: 'select_application_window', arguments: { id: '0x3a00004', name: 'Calculator' } }),
        app([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
        app([], { status: 'FINISH', result: 'still 408' }),
      ],
    });
    const outcome = await new LinuxSession({
      task: 'linux',
      logRoot: dirs.make(),
      models: { LINUX_AGENT: model },
      dispatcher,
      maxRounds: 2,
      interactor: new ProgrammaticInteractor({ requests: ['compute 12*34', 'check it'] }),
    }).run();
    expect(outcome).toMatchObject({
      status: 'completed',
      kind: 'linux',
      steps: 3,
      rounds: [
        { result: '408', finalState: 'FINISH' },
        { result: 'still 408', finalState: 'FINISH' },
      ],
    });
    expect(desktop.state.display).toBe('408');
    // before a window is selected the agent sees the windows and the desktop screenshot
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('Inbox - Mail');
    expect(stepLines(outcome.logFolder!).map((l) => l.agent_kind)).toEqual(['LinuxAgent', 'LinuxAgent', 'LinuxAgent']);
  });
});

describe('FollowerSession', () => {
  const plan = { task: 'compute', object: 'Calculator', steps: ['type 12', 'multiply by 34 and press ='] };
  const script = () => [
    selectCalc('check the calculator is ready'),
    app([], { status: 'FINISH' }),
    app([click('1'), click('2', 'FINISH')]),
    app([click('5'), click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
  ];

  it('the HostAgent opens the target, then each plan step is one AppAgent subtask', async () => {
    const { desktop, dispatcher } = fakeDesktop();
    const model = new ScriptedModel({ replies: script() });
    const session = new FollowerSession({
      task: 'follow',
      logRoot: dirs.make(),
      models: { HOST_AGENT: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      plan,
    });
    const outcome = await session.run();
    expect(outcome.status).toBe('completed');
    expect(outcome.rounds.map((r) => r.finalState)).toEqual(['FINISH', 'FINISH', 'FINISH']);
    expect(outcome.rounds.slice(1).map((r) => r.request)).toEqual(plan.steps);
    expect(desktop.state.display).toBe('408');
    const lines = stepLines(outcome.logFolder!);
    expect(lines.map((l) => [l.agent, l.round_num])).toEqual([
      ['HostAgent', 0],
      ['AppAgent/calc', 0],
      ['AppAgent/calc', 1],
      ['AppAgent/calc', 2],
    ]);
    expect(lines.slice(2).map((l) => l.subtask)).toEqual(plan.steps);
    expect(session.context.get('PREVIOUS_SUBTASKS').map((s) => s.subtask)).toEqual(['check the calculator is ready', ...plan.steps]);
  });

  it('resumes a plan after a crash in a later step, through the factory (the plan is in the checkpoint)', async () => {
    const { desktop, dispatcher } = fakeDesktop();
    const crashing = new CrashingModel(new ScriptedModel({ replies: script() }), 3);
    const sink = new FileLogSink({ logRoot: dirs.make(), task: 'follow' });
    void new FollowerSession({
      task: 'follow',
      logSink: sink,
      models: { HOST_AGENT: crashing },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      plan,
    }).run();
    await crashing.hung;
    await sink.close();
    const factory = new SessionFactory({
      models: { HOST_AGENT: new ScriptedModel({ replies: script().slice(3) }) },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
    });
    const resumed = await factory.resume(sink.folder);
    expect(resumed).toBeInstanceOf(FollowerSession);
    const outcome = await resumed.run();
    expect(outcome.rounds.map((r) => r.request)).toEqual([expect.any(String), ...plan.steps]);
    expect(desktop.state.display).toBe('408');
    expect(readCheckpoint(sink.folder).status).toBe('completed');
  });
});

describe('OperatorSession', () => {
  it('runs a scripted computer-use sequence through the platform coordinate tools, with a confirmed sensitive action', async () => {
    const screen = new FakeScreen();
    const dispatcher = screen.dispatcher();
    defer(() => dispatcher.close());
    const op = (action: unknown, extra: Record<string, unknown> = {}) => reply({ observation: 'screen', thought: 'next', action, ...extra });
    const model = new ScriptedModel({
      replies: [
        op({ type: 'click', x: 100, y: 50 }),
        op({ type: 'type', text: 'hello' }),
        op({ type: 'keypress', keys: ['CTRL', 'S'] }),
        op({ action: 'scroll', coordinate: [10, 20], scroll_direction: 'down', scroll_amount: 3 }),
        op({
          type: 'drag',
          path: [
            { x: 1, y: 2 },
            { x: 15, y: 15 },
            { x: 30, y: 40 },
          ],
        }),
        op({ type: 'move', x: 5, y: 5 }),
        op({ type: 'double_click', x: 7, y: 8 }, { sensitive: true }),
        op(null, { status: 'FINISH', result: 'saved' }),
      ],
    });
    const interactor = new ProgrammaticInteractor({ confirm: true });
    const outcome = await new OperatorSession({
      task: 'op',
      logRoot: dirs.make(),
      request: 'save the file',
      models: { OPERATOR: model },
      dispatcher,
      interactor,
      platform: 'linux',
    }).run();
    expect(outcome).toMatchObject({ status: 'completed', kind: 'operator', steps: 8, rounds: [{ finalState: 'FINISH', result: 'saved' }] });
    expect(screen.calls).toEqual([
      { tool: 'click_on_coordinates', args: { x: 100, y: 50, coordinate_type: 'absolute', button: 'left', double: false } },
      { tool: 'type_text', args: { text: 'hello' } },
      { tool: 'keyboard_input', args: { keys: 'ctrl+s' } },
      { tool: 'wheel_mouse_input', args: { x: 10, y: 20, coordinate_type: 'absolute', wheel_dist: -3, horizontal: false } },
      { tool: 'drag_on_coordinates', args: { start_x: 1, start_y: 2, end_x: 30, end_y: 40, coordinate_type: 'absolute' } },
      { tool: 'move_pointer', args: { x: 5, y: 5, coordinate_type: 'absolute' } },
      { tool: 'click_on_coordinates', args: { x: 7, y: 8, coordinate_type: 'absolute', button: 'left', double: true } },
    ]);
    expect(interactor.confirmations.map((c) => c.action.function)).toEqual(['click_on_coordinates']);
    const lines = stepLines(outcome.logFolder!);
    expect(lines.map((l) => l.status)).toEqual(['CONTINUE', 'CONTINUE', 'CONTINUE', 'CONTINUE', 'CONTINUE', 'CONTINUE', 'CONFIRM', 'FINISH']);
    expect(lines[5]!.actions[0]).toMatchObject({ function: 'move_pointer', result: { status: 'success' } });
    // the model saw the screen size and the screenshot
    expect(JSON.stringify(model.calls[0]!.messages)).toContain('320×200 pixels');
    expect(readFileSync(outcome.reports.html!, 'utf8')).toContain('data-steps="8"');
  });

  it('the factory picks the session type by platform and mode', async () => {
    const { dispatcher } = fakeDesktop();
    const factory = new SessionFactory({
      models: { HOST_AGENT: new ScriptedModel({ replies: [] }) },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      logRoot: dirs.make(),
    });
    expect((await factory.create({ task: 'a', platform: 'windows' })).constructor.name).toBe('HostSession');
    expect((await factory.create({ task: 'b', platform: 'linux' })).constructor.name).toBe('LinuxSession');
    expect((await factory.create({ task: 'c', platform: 'linux', mode: 'operator' })).constructor.name).toBe('OperatorSession');
    expect((await factory.create({ task: 'd', mode: 'follower', plan: { object: 'x', steps: ['y'] } })).constructor.name).toBe('FollowerSession');
    await expect(factory.create({ task: 'e', mode: 'service' })).rejects.toMatchObject({ code: 'SESSION_MODE_UNSUPPORTED' });
    await expect(factory.create({ task: 'f', mode: 'follower' })).rejects.toMatchObject({ code: 'SESSION_OPTIONS_INVALID' });
  });
});
