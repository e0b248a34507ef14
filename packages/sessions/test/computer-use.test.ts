import { ProgrammaticInteractor, type ChatMessage, type ContentPart, type ToolCall } from '@ufo-ts/core';
import { ScriptedModel, type ScriptedReply } from '@ufo-ts/core/testing';
import { fromPngDataUrl, pngSize } from '@ufo-ts/imaging';
import { describe, expect, it } from 'vitest';
import { OperatorSession } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { perTestCleanup, reply, stepLines } from './helpers.js';

const { dirs, defer } = perTestCleanup();

const computer = (id: string, args: Record<string, unknown>): ToolCall => ({ id, type: 'computer', name: 'computer', arguments: args });
const calls = (...toolCalls: ToolCall[]): ScriptedReply => ({ content: '', toolCalls });

async function runComputerUse(options: {
  screen: { width: number; height: number };
  provider: 'anthropic' | 'openai';
  replies: ScriptedReply[];
  maxDisplay?: { width: number; height: number };
  maxSteps?: number;
}) {
  const screen = new FakeScreen(options.screen);
  const dispatcher = screen.dispatcher();
  defer(() => dispatcher.close());
  const model = new ScriptedModel({
    replies: options.replies,
    features: { toolCalls: true, parallelToolCalls: true, strictSchema: false, computerTool: options.provider },
  });
  const outcome = await new OperatorSession({
    task: 'computer-use',
    logRoot: dirs.make(),
    request: 'save the file',
    models: { OPERATOR: model },
    dispatcher,
    interactor: new ProgrammaticInteractor(),
    platform: 'linux',
    ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
    ...(options.maxDisplay ? { operator: { maxDisplay: options.maxDisplay } } : {}),
  }).run();
  return { outcome, screen, model };
}

function imageSize(part: ContentPart | undefined): { width: number; height: number } | undefined {
  return part?.type === 'image' ? pngSize(fromPngDataUrl(part.image)) : undefined;
}

/** The tool messages of a transcript: which call each answers, whether it is an error, its text and image size. */
function toolResults(messages: ChatMessage[]) {
  return messages
    .filter((m) => m.role === 'tool')
    .map((m) => {
      const parts = m.content as ContentPart[];
      return {
        id: m.toolCallId,
        isError: m.isError ?? false,
        text: parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text),
        image: imageSize(parts.find((p) => p.type === 'image')),
      };
    });
}

describe('OperatorSession with a native computer tool', () => {
  it('Anthropic computer_20250124 actions: screenshots scaled to the display, coordinates scaled back, a tool result per call', async () => {
    const { outcome, screen, model } = await runComputerUse({
      screen: { width: 1600, height: 1000 },
      provider: 'anthropic',
      replies: [
        calls(computer('toolu_01', { action: 'screenshot' })),
        calls(computer('toolu_02', { action: 'left_click', coordinate: [640, 400] }), computer('toolu_03', { action: 'type', text: 'report.txt' })),
        calls(computer('toolu_04', { action: 'key', text: 'ctrl+s' })),
        calls(computer('toolu_05', { action: 'scroll', coordinate: [100, 80], scroll_direction: 'down', scroll_amount: 2 })),
        calls(computer('toolu_06', { action: 'left_click_drag', start_coordinate: [0, 0], coordinate: [1279, 799] })),
        calls(computer('toolu_07', { action: 'double_click', coordinate: [8, 8] }), computer('toolu_08', { action: 'right_click', coordinate: [1, 799] })),
        calls(computer('toolu_09', { action: 'triple_click', coordinate: [5, 5] })),
        calls(computer('toolu_10', { action: 'key', text: 'Return' }), computer('toolu_11', { action: 'wait', duration: 1 })),
        { content: 'The file is saved as report.txt.' },
      ],
    });
    expect(outcome).toMatchObject({
      status: 'completed',
      kind: 'operator',
      steps: 9,
      rounds: [{ finalState: 'FINISH', result: 'The file is saved as report.txt.' }],
    });
    expect(screen.calls).toEqual([
      { tool: 'click_on_coordinates', args: { x: 800, y: 500, coordinate_type: 'absolute', button: 'left', double: false } },
      { tool: 'type_text', args: { text: 'report.txt' } },
      { tool: 'keyboard_input', args: { keys: 'ctrl+s' } },
      { tool: 'wheel_mouse_input', args: { x: 125, y: 100, coordinate_type: 'absolute', wheel_dist: -2, horizontal: false } },
      { tool: 'drag_on_coordinates', args: { start_x: 0, start_y: 0, end_x: 1599, end_y: 999, coordinate_type: 'absolute' } },
      { tool: 'click_on_coordinates', args: { x: 10, y: 10, coordinate_type: 'absolute', button: 'left', double: true } },
      { tool: 'click_on_coordinates', args: { x: 1, y: 999, coordinate_type: 'absolute', button: 'right', double: false } },
      { tool: 'click_on_coordinates', args: { x: 6, y: 6, coordinate_type: 'absolute', button: 'left', double: false, clicks: 3 } },
      { tool: 'keyboard_input', args: { keys: 'Return' } },
      { tool: 'wait', args: { seconds: 1 } },
    ]);

    // every request declares the computer tool at the display size (1600×1000 fitted into 1280×800)
    for (const call of model.calls) expect(call.tools).toEqual([{ type: 'computer', displayWidth: 1280, displayHeight: 800, environment: 'linux' }]);
    const last = model.calls[model.calls.length - 1]!.messages;
    expect(last[0]!.role).toBe('system');
    expect(last[1]).toMatchObject({
      role: 'user',
      content: [
        { type: 'text', text: 'save the file' },
        { type: 'image', mediaType: 'image/png' },
      ],
    });
    expect(imageSize((last[1]!.content as ContentPart[])[1])).toEqual({ width: 1280, height: 800 });
    // the transcript: each assistant turn's calls, then one tool message per call, in order, ids matching
    expect(last.slice(2).map((m) => (m.role === 'assistant' ? `assistant:${m.toolCalls!.map((c) => c.id).join(',')}` : `tool:${m.toolCallId}`))).toEqual([
      'assistant:toolu_01',
      'tool:toolu_01',
      'assistant:toolu_02,toolu_03',
      'tool:toolu_02',
      'tool:toolu_03',
      'assistant:toolu_04',
      'tool:toolu_04',
      'assistant:toolu_05',
      'tool:toolu_05',
      'assistant:toolu_06',
      'tool:toolu_06',
      'assistant:toolu_07,toolu_08',
      'tool:toolu_07',
      'tool:toolu_08',
      'assistant:toolu_09',
      'tool:toolu_09',
      'assistant:toolu_10,toolu_11',
      'tool:toolu_10',
      'tool:toolu_11',
    ]);
    const results = toolResults(last);
    expect(results.every((r) => r.image?.width === 1280 && r.image.height === 800)).toBe(true);
    // every action of the tool has a tool here now (triple_click included)
    expect(results.filter((r) => r.isError)).toEqual([]);
    // the assistant messages are the model's own calls, unchanged
    expect(last[4]).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [computer('toolu_02', { action: 'left_click', coordinate: [640, 400] }), computer('toolu_03', { action: 'type', text: 'report.txt' })],
    });
    // one screenshot for the first step, one after each call
    expect(screen.screenshots).toBe(1 + 11);
    expect(stepLines(outcome.logFolder!).map((l) => l.status)).toEqual([...Array(8).fill('CONTINUE'), 'FINISH']);
  });

  it('OpenAI computer_use_preview actions, a smaller display bound, failures answered with isError, and the step cap', async () => {
    const { outcome, screen, model } = await runComputerUse({
      screen: { width: 1920, height: 1080 },
      provider: 'openai',
      maxDisplay: { width: 1024, height: 768 },
      replies: [
        calls(computer('cu_1', { type: 'click', x: 512, y: 288, button: 'right' })),
        calls(computer('cu_2', { type: 'keypress', keys: ['CTRL', 'SHIFT', 'T'] })),
        calls(computer('cu_3', { type: 'scroll', x: 100, y: 100, scroll_x: 0, scroll_y: -300 })),
        calls(
          computer('cu_4', {
            type: 'drag',
            path: [
              { x: 10, y: 20 },
              { x: 50, y: 60 },
              { x: 1023, y: 575 },
            ],
          }),
        ),
        calls(computer('cu_5', { type: 'double_click', x: 0, y: 575 })),
        calls(computer('cu_6', { type: 'move', x: 3, y: 3 }), computer('cu_7', { type: 'click', x: 1, y: 1, button: 'back' })),
        calls(computer('cu_8', { type: 'wait' }), { id: 'fn_1', type: 'function', name: 'open_browser', arguments: {} }),
        calls(computer('cu_9', { type: 'screenshot' })),
        calls(computer('cu_10', { type: 'type', text: 'never runs: the step cap stops the round first' })),
      ],
      maxSteps: 8,
    });
    // 1920×1080 fitted into 1024×768 is 1024×576; a display pixel is 1.875 screen pixels (575 → 1078.1 → 1078)
    expect(model.calls[0]!.tools).toEqual([{ type: 'computer', displayWidth: 1024, displayHeight: 576, environment: 'linux' }]);
    expect(screen.calls).toEqual([
      { tool: 'click_on_coordinates', args: { x: 960, y: 540, coordinate_type: 'absolute', button: 'right', double: false } },
      { tool: 'keyboard_input', args: { keys: 'ctrl+shift+t' } },
      { tool: 'wheel_mouse_input', args: { x: 188, y: 188, coordinate_type: 'absolute', wheel_dist: 3, horizontal: false } },
      { tool: 'drag_on_coordinates', args: { start_x: 19, start_y: 38, end_x: 1918, end_y: 1078, coordinate_type: 'absolute' } },
      { tool: 'click_on_coordinates', args: { x: 0, y: 1078, coordinate_type: 'absolute', button: 'left', double: true } },
      { tool: 'move_pointer', args: { x: 6, y: 6, coordinate_type: 'absolute' } },
      { tool: 'wait', args: { seconds: 2 } },
    ]);
    expect(outcome.status).toBe('incomplete');
    expect(model.calls).toHaveLength(8);
    const results = toolResults(model.calls[7]!.messages);
    expect(results.map((r) => r.id)).toEqual(['cu_1', 'cu_2', 'cu_3', 'cu_4', 'cu_5', 'cu_6', 'cu_7', 'cu_8', 'fn_1']);
    expect(results.every((r) => r.image?.width === 1024 && r.image.height === 576)).toBe(true);
    const errors = results.filter((r) => r.isError);
    // the fake screen has no side buttons: the back click fails, and says so
    expect(errors.map((r) => r.id)).toEqual(['cu_7', 'fn_1']);
    expect(errors[0]!.text[0]).toMatch(/^click_on_coordinates failed: /);
    expect(errors[1]!.text).toEqual(['open_browser is not a tool here; only the computer tool is.']);
  });

  it("OpenAI's GA computer tool: several actions in one call run in order, and a failed one stops the rest, said in the call's answer", async () => {
    const { screen, model } = await runComputerUse({
      screen: { width: 1280, height: 800 },
      provider: 'openai',
      replies: [
        // a computer_call with `actions` (GA computer tool), decoded by the provider adapter to { actions: [...] }
        calls(
          computer('cu_1', {
            actions: [
              { type: 'click', x: 10, y: 20, button: 'left' },
              { type: 'type', text: 'abc' },
              { type: 'keypress', keys: ['ENTER'] },
            ],
          }),
        ),
        calls(computer('cu_2', { actions: [{ type: 'keypress', keys: ['CTRL', 'A'] }, { type: 'teleport' }, { type: 'type', text: 'never typed' }] })),
        { content: 'done' },
      ],
    });
    expect(screen.calls).toEqual([
      { tool: 'click_on_coordinates', args: { x: 10, y: 20, coordinate_type: 'absolute', button: 'left', double: false } },
      { tool: 'type_text', args: { text: 'abc' } },
      { tool: 'keyboard_input', args: { keys: 'Return' } },
      { tool: 'keyboard_input', args: { keys: 'ctrl+a' } },
    ]);
    const results = toolResults(model.calls[2]!.messages);
    expect(results.map((r) => [r.id, r.isError])).toEqual([
      ['cu_1', false],
      ['cu_2', true],
    ]);
    expect(results[1]!.text[0]).toMatch(/^action 2 of 3: teleport could not be read: .*; the 1 after it did not run$/);
  });

  it('keeps JSON text replies for a model without a computer tool, and the native tool when forced', async () => {
    const screen = new FakeScreen();
    const dispatcher = screen.dispatcher();
    defer(() => dispatcher.close());
    const textModel = new ScriptedModel({
      replies: [
        reply({ observation: 's', thought: 't', action: { type: 'click', x: 4, y: 5 } }),
        reply({ observation: 's', thought: 't', action: null, status: 'FINISH', result: 'ok' }),
      ],
    });
    const text = await new OperatorSession({
      task: 't',
      logRoot: dirs.make(),
      request: 'r',
      models: { OPERATOR: textModel },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
    }).run();
    expect(text.rounds).toMatchObject([{ finalState: 'FINISH', result: 'ok' }]);
    expect(textModel.calls[0]!.tools).toBeUndefined();
    expect(textModel.calls[0]!.schema).toBeDefined();

    const forced = new ScriptedModel({ replies: [calls(computer('c1', { action: 'left_click', coordinate: [4, 5] })), { content: 'done' }] });
    const native = await new OperatorSession({
      task: 'n',
      logRoot: dirs.make(),
      request: 'r',
      models: { OPERATOR: forced },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
      operator: { computerTool: 'native' },
    }).run();
    expect(native.rounds).toMatchObject([{ finalState: 'FINISH', result: 'done' }]);
    expect(forced.calls[0]!.tools).toEqual([{ type: 'computer', displayWidth: 320, displayHeight: 200, environment: 'linux' }]);
    expect(screen.calls.slice(-1)).toEqual([
      { tool: 'click_on_coordinates', args: { x: 4, y: 5, coordinate_type: 'absolute', button: 'left', double: false } },
    ]);
  });

  it('without a screenshot there is no display size to declare: the round ends in ERROR before the model is asked', async () => {
    const screen = new FakeScreen();
    const dispatcher = screen.dispatcher();
    defer(() => dispatcher.close());
    const model = new ScriptedModel({
      replies: [{ content: 'never asked' }],
      features: { toolCalls: true, parallelToolCalls: false, strictSchema: false, computerTool: 'anthropic' },
    });
    const outcome = await new OperatorSession({
      task: 'blind',
      logRoot: dirs.make(),
      request: 'r',
      models: { OPERATOR: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
      operator: { screenshotTool: 'capture_nothing' },
    }).run();
    expect(outcome.rounds).toMatchObject([{ finalState: 'ERROR', result: { error: expect.stringContaining('no screenshot of the screen could be taken') } }]);
    expect(model.calls).toHaveLength(0);
  });
});
