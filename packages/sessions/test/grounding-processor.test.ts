import { ProgrammaticInteractor, type ChatMessage, type ContentPart } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { fromPngDataUrl, pngSize } from '@ufo-ts/imaging';
import { describe, expect, it } from 'vitest';
import { createGroundingProcessor, OperatorSession, qwen25VlDialect, uiTarsDialect, type GroundingProcessorOptions } from '../src/index.js';
import { FakeScreen } from './fake-screen.js';
import { perTestCleanup, stepLines } from './helpers.js';

const { dirs, defer } = perTestCleanup();

const qwen = (...calls: Array<Record<string, unknown>>) =>
  calls.map((args) => `<tool_call>\n${JSON.stringify({ name: 'computer_use', arguments: args })}\n</tool_call>`).join('\n');
const textOf = (m: ChatMessage | undefined) =>
  m === undefined
    ? ''
    : typeof m.content === 'string'
      ? m.content
      : m.content
          .filter((p) => p.type === 'text')
          .map((p) => (p as { text: string }).text)
          .join('\n');
const images = (messages: ChatMessage[]) =>
  messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.filter((p): p is Extract<ContentPart, { type: 'image' }> => p.type === 'image')));

async function run(replies: string[], processor: GroundingProcessorOptions, interactor = new ProgrammaticInteractor()) {
  const screen = new FakeScreen({ width: 1280, height: 800 });
  const dispatcher = screen.dispatcher();
  defer(() => dispatcher.close());
  const model = new ScriptedModel({ replies: replies.map((content) => ({ content })) });
  const outcome = await new OperatorSession({
    task: 'grounding',
    logRoot: dirs.make(),
    request: 'Save the report.',
    models: { OPERATOR: model },
    dispatcher,
    interactor,
    platform: 'linux',
    processor: createGroundingProcessor(processor),
  }).run();
  return { outcome, screen, model, lines: stepLines(outcome.logFolder!) };
}

describe('the grounding processor', () => {
  it('Qwen2.5-VL: the screenshot sent at 1260×784, pixel replies scaled to the screen, the pointer carried to the next drag and scroll', async () => {
    const { outcome, screen, model, lines } = await run(
      [
        qwen({ action: 'left_click', coordinate: [630, 392] }),
        qwen({ action: 'left_click_drag', coordinate: [945, 588] }),
        qwen({ action: 'type', text: 'report' }, { action: 'key', keys: ['ctrl', 's'] }),
        qwen({ action: 'scroll', pixels: -200 }),
        qwen({ action: 'answer', text: 'saved' }),
      ],
      { dialect: qwen25VlDialect() },
    );
    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: 'saved' }]);
    expect(screen.calls).toEqual([
      { tool: 'click_on_coordinates', args: { x: 640, y: 400, coordinate_type: 'absolute', button: 'left', double: false } },
      { tool: 'drag_on_coordinates', args: { start_x: 640, start_y: 400, end_x: 960, end_y: 600, coordinate_type: 'absolute' } },
      { tool: 'type_text', args: { text: 'report' } },
      { tool: 'keyboard_input', args: { keys: 'ctrl+s' } },
      { tool: 'wheel_mouse_input', args: { x: 960, y: 600, coordinate_type: 'absolute', wheel_dist: -2, horizontal: false } },
    ]);
    expect(lines.map((l) => l.status)).toEqual(['CONTINUE', 'CONTINUE', 'CONTINUE', 'CONTINUE', 'FINISH']);
    const first = model.calls[0]!.messages;
    expect(textOf(first[0])).toContain("The screen's resolution is 1260x784.");
    expect(images(first).map((p) => pngSize(fromPngDataUrl(p.image)))).toEqual([{ width: 1260, height: 784 }]);
    // the default sends one screenshot per request; older turns say theirs was not sent
    const last = model.calls[4]!.messages;
    expect(images(last)).toHaveLength(1);
    expect(last.filter((m) => textOf(m).includes('(older screenshot not sent)'))).toHaveLength(4);
    // each turn tells the model what its actions did
    expect(textOf(model.calls[3]!.messages.at(-1))).toContain('keyboard_input');
    expect(model.calls.every((c) => c.schema === undefined && c.tools === undefined)).toBe(true);
  });

  it('a reply still wrong after the re-asks runs nothing; the next step starts with the quoted reasons', async () => {
    const bad = "Thought: Click the field.\nAction: click(start_box='(1500,20)')";
    const { outcome, screen, model, lines } = await run(
      [
        bad,
        "Thought: Again.\nAction: click(start_box='None')",
        "Thought: The field is at the top.\nAction: click(start_box='(500,25)')",
        "Thought: Done.\nAction: finished(content='ok')",
      ],
      { dialect: uiTarsDialect(), reasks: 1 },
    );
    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: 'ok' }]);
    expect(screen.calls).toEqual([{ tool: 'click_on_coordinates', args: { x: 640, y: 20, coordinate_type: 'absolute', button: 'left', double: false } }]);
    expect(lines.map((l) => l.status)).toEqual(['CONTINUE', 'CONTINUE', 'FINISH']);
    expect(lines[0]!.actions).toMatchObject([
      { function: 'grounding_reply', result: { status: 'skipped', error: expect.stringContaining('has a null point') } },
    ]);
    // the re-ask within the first step quotes the out-of-grid reason
    expect(textOf(model.calls[1]!.messages.at(-1))).toContain(
      '"click start_box point (1500, 20) is outside the 0–1000 grid over the screenshot: x must be 0–1000 and y 0–1000"',
    );
    // the second step opens with the reason of the last failed reply
    expect(textOf(model.calls[2]!.messages.at(-1))).toContain('"click start_box has a null point; give the point as two numbers"');
  });

  it('call_user() asks the user; the answer opens the next turn', async () => {
    const interactor = new ProgrammaticInteractor({ answers: ['report-final.txt'] });
    const { outcome, model, lines } = await run(
      ['Thought: Which file name should I use?\nAction: call_user()', "Thought: Use it.\nAction: finished(content='named')"],
      { dialect: uiTarsDialect() },
      interactor,
    );
    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: 'named' }]);
    expect(lines.map((l) => l.status)).toEqual(['PENDING', 'FINISH']);
    expect(interactor.asked).toEqual(['Which file name should I use?']);
    expect(textOf(model.calls[1]!.messages.at(-1))).toContain('The user answered:\n- Which file name should I use? → report-final.txt');
  });
});
