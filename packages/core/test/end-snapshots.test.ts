import { describe, expect, it } from 'vitest';
import {
  EventBus,
  MemoryLogSink,
  ProgrammaticInteractor,
  Session,
  type Command,
  type CommandDispatcher,
  type Context,
  type ExecuteOptions,
  type Result,
  type RoundAgent,
  type RoundCaptures,
  type RoundState,
} from '../src/index.js';

const PNG = (n: number) => `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, n]).toString('base64')}`;
const TREE = { id: 'node_0', name: 'Calculator', control_type: 'Window', children: [{ id: 'node_1', name: '=', control_type: 'Button', children: [] }] };

type Answer = Omit<Result, 'call_id'> | Error;

/** Answers each tool from a table (a missing tool fails, an Error is thrown) and records every call. */
function fakeDispatcher(answers: Record<string, Answer>) {
  const calls: Array<{ tool: string; parameters: Record<string, unknown>; type: string; agent: string; root: string | undefined }> = [];
  const dispatcher: CommandDispatcher = {
    async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
      return commands.map((c) => {
        calls.push({ tool: c.tool_name, parameters: c.parameters, type: c.tool_type, agent: options.target.agent, root: options.target.root });
        const answer = answers[c.tool_name];
        if (answer instanceof Error) throw answer;
        return { call_id: c.call_id, ...(answer ?? { status: 'failure', error: `TOOL_NOT_FOUND: ${c.tool_name}` }) };
      });
    },
    listTools: async () => [],
    close: async () => {},
  };
  return { dispatcher, calls };
}

const WORKING: Record<string, Answer> = {
  capture_window_screenshot: { status: 'success', result: { image: PNG(1), width: 4, height: 3 } },
  capture_desktop_screenshot: { status: 'success', result: { image: PNG(2), width: 8, height: 6 } },
  get_ui_tree: { status: 'success', result: TREE },
};

/** SELECT picks a window (optionally) and ends a subtask in DONE, which also ends the round. */
function agent(selectWindow = true): RoundAgent {
  const done: RoundState = {
    name: 'FINISH',
    agentKind: 'AppAgent',
    handle: async () => {},
    nextState: () => done,
    nextAgent: (a) => a,
    isRoundEnd: () => true,
    isSubtaskEnd: () => true,
  };
  const select: RoundState = {
    name: 'SELECT',
    agentKind: 'AppAgent',
    handle: async (_a, ctx: Context) => {
      ctx.recordStep(0);
      if (selectWindow) ctx.set('APPLICATION_ROOT_NAME', 'calc');
    },
    nextState: () => done,
    nextAgent: (a) => a,
    isRoundEnd: () => false,
    isSubtaskEnd: () => false,
  };
  let state = select;
  const a: RoundAgent = {
    name: 'app',
    kind: 'AppAgent',
    status: 'OK',
    get state() {
      return state;
    },
    setState: (s) => {
      state = s;
    },
    handle: (ctx) => state.handle(a, ctx),
  };
  return a;
}

async function run(answers: Record<string, Answer>, captures?: RoundCaptures, selectWindow = true) {
  const { dispatcher, calls } = fakeDispatcher(answers);
  const logSink = new MemoryLogSink();
  const events = new EventBus();
  const warnings: string[] = [];
  events.subscribe((e) => {
    if (e.type === 'warning') warnings.push(e.message);
  });
  await new Session({
    task: 't',
    logSink,
    dispatcher,
    events,
    request: 'r',
    interactor: new ProgrammaticInteractor(),
    startAgent: () => agent(selectWindow),
    ...(captures ? { captures } : {}),
  }).run();
  const text = (name: string) => Buffer.from(logSink.artifacts.get(name) ?? []).toString('utf8');
  return { artifacts: [...logSink.artifacts.keys()], bytes: (name: string) => [...(logSink.artifacts.get(name) ?? [])], text, calls, warnings };
}

describe('captures at subtask and round ends', () => {
  it('by default only the window screenshots are taken: no UI tree, no desktop, no extra tool calls', async () => {
    const out = await run(WORKING);
    expect(out.artifacts).toEqual(['action_round_0_sub_round_0_final.png', 'action_round_0_final.png']);
    expect(out.calls.map((c) => c.tool)).toEqual(['capture_window_screenshot', 'capture_window_screenshot']);
    expect(out.warnings).toEqual([]);
  });

  it('with both on, saves the UI tree as JSON and the desktop screenshot at each subtask end and at the round end', async () => {
    const out = await run(WORKING, { uiTree: true, desktopScreenshot: true });
    expect(out.artifacts).toEqual([
      'action_round_0_sub_round_0_final.png',
      'ui_tree_round_0_sub_round_0_final.json',
      'desktop_round_0_sub_round_0_final.png',
      'action_round_0_final.png',
      'ui_tree_round_0_final.json',
      'desktop_round_0_final.png',
    ]);
    expect(JSON.parse(out.text('ui_tree_round_0_sub_round_0_final.json'))).toEqual(TREE);
    expect(JSON.parse(out.text('ui_tree_round_0_final.json'))).toEqual(TREE);
    expect(out.bytes('desktop_round_0_final.png')).toEqual([0x89, 0x50, 0x4e, 0x47, 2]);
    expect(out.bytes('action_round_0_final.png')).toEqual([0x89, 0x50, 0x4e, 0x47, 1]);
    // data-collection calls to the selected application's servers, the desktop over all screens
    expect(out.calls.slice(0, 3)).toEqual([
      { tool: 'capture_window_screenshot', parameters: {}, type: 'data_collection', agent: 'AppAgent', root: 'calc' },
      { tool: 'get_ui_tree', parameters: {}, type: 'data_collection', agent: 'AppAgent', root: 'calc' },
      { tool: 'capture_desktop_screenshot', parameters: { all_screens: true }, type: 'data_collection', agent: 'AppAgent', root: 'calc' },
    ]);
    expect(out.warnings).toEqual([]);
  });

  it('the tools can be replaced (the Linux server lists its control tree with get_controls)', async () => {
    const listing = { window: { title: 'Calculator' }, controls: [{ id: '1', role: 'push button', name: '=' }] };
    const out = await run(
      { ...WORKING, get_controls: { status: 'success', result: listing } },
      { uiTree: true, tools: { uiTree: { name: 'get_controls', arguments: { details: true } } } },
    );
    expect(out.calls.filter((c) => c.tool === 'get_controls').map((c) => c.parameters)).toEqual([{ details: true }, { details: true }]);
    expect(JSON.parse(out.text('ui_tree_round_0_final.json'))).toEqual(listing);
  });

  it('each capture is independent: a failing one is a warning and the others are still saved', async () => {
    const out = await run(
      {
        ...WORKING,
        get_ui_tree: { status: 'failure', error: 'WINDOW_GONE: the window was closed' },
        capture_desktop_screenshot: new Error('connection reset'),
      },
      { uiTree: true, desktopScreenshot: true },
    );
    expect(out.artifacts).toEqual(['action_round_0_sub_round_0_final.png', 'action_round_0_final.png']);
    expect(out.warnings).toEqual([
      'UI tree ui_tree_round_0_sub_round_0_final.json not captured: WINDOW_GONE: the window was closed',
      'snapshot desktop_round_0_sub_round_0_final.png not captured: connection reset',
      'UI tree ui_tree_round_0_final.json not captured: WINDOW_GONE: the window was closed',
      'snapshot desktop_round_0_final.png not captured: connection reset',
    ]);
  });

  it('a failing window screenshot does not stop the UI tree and the desktop screenshot', async () => {
    const out = await run({ ...WORKING, capture_window_screenshot: { status: 'failure', error: 'no window' } }, { uiTree: true, desktopScreenshot: true });
    expect(out.artifacts).toContain('ui_tree_round_0_final.json');
    expect(out.artifacts).toContain('desktop_round_0_final.png');
    expect(out.warnings).toContain('snapshot action_round_0_final.png not captured: no window');
  });

  it('a UI tree that is not a JSON object or array is not saved', async () => {
    const out = await run({ ...WORKING, get_ui_tree: { status: 'success', result: 'no tree here' } }, { uiTree: true });
    expect(out.artifacts).not.toContain('ui_tree_round_0_final.json');
    expect(out.warnings).toContain('UI tree ui_tree_round_0_final.json not captured: get_ui_tree did not return a JSON object or array');
  });

  it('a UI tree given as JSON text is saved as that JSON', async () => {
    const out = await run({ ...WORKING, get_ui_tree: { status: 'success', result: JSON.stringify(TREE) } }, { uiTree: true });
    expect(JSON.parse(out.text('ui_tree_round_0_final.json'))).toEqual(TREE);
  });

  it('when the device keeps the selection, captures run without one in the context', async () => {
    const out = await run(WORKING, { uiTree: true, deviceKeepsSelection: true }, false);
    expect(out.artifacts).toEqual([
      'action_round_0_sub_round_0_final.png',
      'ui_tree_round_0_sub_round_0_final.json',
      'action_round_0_final.png',
      'ui_tree_round_0_final.json',
    ]);
    expect(out.calls[0]).toMatchObject({ tool: 'capture_window_screenshot', root: 'default' });
  });

  it('a device that says no window is selected gets no further calls and gives no warning', async () => {
    const noWindow: Answer = { status: 'failure', error: 'NO_WINDOW_SELECTED: select a window first', code: 'NO_WINDOW_SELECTED' };
    const out = await run({ ...WORKING, capture_window_screenshot: noWindow }, { uiTree: true, desktopScreenshot: true, deviceKeepsSelection: true }, false);
    expect(out.artifacts).toEqual([]);
    expect(out.calls.map((c) => c.tool)).toEqual(['capture_window_screenshot', 'capture_window_screenshot']);
    expect(out.warnings).toEqual([]);
  });

  it('nothing is captured when no window was selected', async () => {
    const out = await run(WORKING, { uiTree: true, desktopScreenshot: true }, false);
    expect(out.artifacts).toEqual([]);
    expect(out.calls).toEqual([]);
  });
});
