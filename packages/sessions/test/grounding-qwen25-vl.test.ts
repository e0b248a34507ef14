import { describe, expect, it } from 'vitest';
import { groundingReaskText, qwen25VlDialect } from '../src/index.js';

const SCREEN = { width: 1280, height: 800 };
/** 1280×800 fitted to 1280×800 and cut to multiples of 28: the size the dialect sends. */
const ALIGNED = { width: 1260, height: 784 };
const call = (args: Record<string, unknown>, before = '') => `${before}<tool_call>\n${JSON.stringify({ name: 'computer_use', arguments: args })}\n</tool_call>`;

/**
 * Replies written by hand in Qwen2.5-VL's computer-use format; `source` names where each shape is specified: the
 * `computer_use` function of the Qwen2.5-VL computer-use cookbook (its action enum and arguments), called in the
 * Hermes `<tool_call>` format of Qwen's function-calling prompt, with `coordinate` in pixels of the resized image.
 */
const CLEAN: Array<{ source: string; reply: string; actions: unknown[]; thought?: string; end?: unknown }> = [
  {
    source: 'computer_use left_click',
    reply: call({ action: 'left_click', coordinate: [630, 392] }, 'The OK button is in the middle.\n'),
    thought: 'The OK button is in the middle.',
    actions: [{ type: 'click', x: 640, y: 400, button: 'left' }],
  },
  {
    source: 'computer_use right_click',
    reply: call({ action: 'right_click', coordinate: [126, 78] }),
    actions: [{ type: 'click', x: 128, y: 80, button: 'right' }],
  },
  {
    source: 'computer_use middle_click',
    reply: call({ action: 'middle_click', coordinate: [126, 78] }),
    actions: [{ type: 'click', x: 128, y: 80, button: 'wheel' }],
  },
  { source: 'computer_use double_click', reply: call({ action: 'double_click', coordinate: [315, 196] }), actions: [{ type: 'double_click', x: 320, y: 200 }] },
  { source: 'computer_use triple_click', reply: call({ action: 'triple_click', coordinate: [315, 196] }), actions: [{ type: 'triple_click', x: 320, y: 200 }] },
  { source: 'computer_use mouse_move', reply: call({ action: 'mouse_move', coordinate: [315, 196] }), actions: [{ type: 'move', x: 320, y: 200 }] },
  { source: 'computer_use key with keys', reply: call({ action: 'key', keys: ['ctrl', 'c'] }), actions: [{ type: 'keypress', keys: ['ctrl', 'c'] }] },
  { source: 'computer_use type with text', reply: call({ action: 'type', text: '12*34=' }), actions: [{ type: 'type', text: '12*34=' }] },
  {
    source: 'computer_use scroll: negative pixels scroll down',
    reply: call({ action: 'scroll', coordinate: [630, 392], pixels: -300 }),
    actions: [{ type: 'scroll', x: 640, y: 400, scroll_x: 0, scroll_y: 300 }],
  },
  {
    source: 'computer_use hscroll: positive pixels scroll right',
    reply: call({ action: 'hscroll', coordinate: [630, 392], pixels: 200 }),
    actions: [{ type: 'scroll', x: 640, y: 400, scroll_x: 200, scroll_y: 0 }],
  },
  { source: 'computer_use wait with time', reply: call({ action: 'wait', time: 3 }), actions: [{ type: 'wait', seconds: 3 }] },
  {
    source: 'two <tool_call> blocks: mouse_move, then left_click_drag from the pointer',
    reply: `${call({ action: 'mouse_move', coordinate: [126, 78] })}\n${call({ action: 'left_click_drag', coordinate: [945, 588] })}`,
    actions: [
      { type: 'move', x: 128, y: 80 },
      {
        type: 'drag',
        path: [
          { x: 128, y: 80 },
          { x: 960, y: 600 },
        ],
      },
    ],
  },
  { source: 'computer_use terminate success', reply: call({ action: 'terminate', status: 'success' }), actions: [], end: { status: 'FINISH' } },
  { source: 'computer_use terminate failure', reply: call({ action: 'terminate', status: 'failure' }), actions: [], end: { status: 'FAIL' } },
  {
    source: 'computer_use answer (Qwen3-VL cookbook tool, also read here)',
    reply: call({ action: 'answer', text: '408' }),
    actions: [],
    end: { status: 'FINISH', result: '408' },
  },
];

describe('Qwen2.5-VL dialect: every computer_use action (pixels of the image sent)', () => {
  const dialect = qwen25VlDialect();
  it.each(CLEAN.map((f) => [f.source, f]))('%s', (_source, fixture) => {
    expect(dialect.parse(fixture.reply, ALIGNED, SCREEN)).toEqual({
      ok: true,
      thought: fixture.thought ?? '',
      actions: fixture.actions,
      ...(fixture.end ? { end: fixture.end } : {}),
    });
  });

  it('sends the screenshot at a size the processor keeps, and declares that size as the screen', () => {
    expect(dialect.imageSize(SCREEN, SCREEN)).toEqual(ALIGNED);
    expect(dialect.imageSize({ width: 1920, height: 1080 }, SCREEN)).toEqual({ width: 1260, height: 700 });
    const prompt = dialect.systemPrompt({ image: ALIGNED });
    expect(prompt).toContain("The screen's resolution is 1260x784.");
    expect(prompt).toContain('"name":"computer_use"');
    expect(prompt).toContain('<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>');
  });

  it('scales each axis from the image sent to the screen, at two image sizes and two screens', () => {
    const click = call({ action: 'left_click', coordinate: [546, 341] });
    // 1280×800 sent as 1092×683 (not the dialect's size, but what was sent is what counts)
    expect(dialect.parse(click, { width: 1092, height: 683 }, SCREEN)).toMatchObject({ actions: [{ x: 640, y: 399 }] });
    // 1920×1080 sent as 1260×700
    expect(dialect.parse(call({ action: 'left_click', coordinate: [630, 350] }), { width: 1260, height: 700 }, { width: 1920, height: 1080 })).toMatchObject({
      actions: [{ x: 960, y: 540 }],
    });
    expect(dialect.parse(call({ action: 'left_click', coordinate: [1259, 699] }), { width: 1260, height: 700 }, { width: 1920, height: 1080 })).toMatchObject({
      actions: [{ x: 1918, y: 1078 }],
    });
  });

  it('a drag with no known pointer starts at the pointer given by the context', () => {
    expect(dialect.parse(call({ action: 'left_click_drag', coordinate: [630, 392] }), ALIGNED, SCREEN, { pointer: { x: 5, y: 6 } })).toMatchObject({
      ok: true,
      actions: [
        {
          type: 'drag',
          path: [
            { x: 5, y: 6 },
            { x: 640, y: 400 },
          ],
        },
      ],
    });
  });
});

describe('Qwen2.5-VL dialect: typed problems', () => {
  const dialect = qwen25VlDialect();
  const problems = (reply: string) => {
    const result = dialect.parse(reply, ALIGNED, SCREEN);
    return result.ok ? 'read as ok' : result.problems.map((p) => ({ kind: p.kind, action: p.action }));
  };
  it.each([
    ['a null coordinate', call({ action: 'left_click', coordinate: null }), [{ kind: 'null_coordinate', action: 'left_click' }]],
    ['a null inside the pair', call({ action: 'double_click', coordinate: [100, null] }), [{ kind: 'null_coordinate', action: 'double_click' }]],
    ['no coordinate', call({ action: 'left_click' }), [{ kind: 'missing_coordinate', action: 'left_click' }]],
    ['beyond the 1260-pixel-wide image', call({ action: 'left_click', coordinate: [1300, 100] }), [{ kind: 'out_of_range', action: 'left_click' }]],
    ['a negative coordinate', call({ action: 'right_click', coordinate: [-4, 100] }), [{ kind: 'out_of_range', action: 'right_click' }]],
    ['a drag from an unknown pointer', call({ action: 'left_click_drag', coordinate: [10, 10] }), [{ kind: 'missing_coordinate', action: 'left_click_drag' }]],
    ['an action the tool does not have', call({ action: 'zoom', coordinate: [10, 10] }), [{ kind: 'unknown_action', action: 'zoom' }]],
    ['another function', '<tool_call>{"name": "click_element", "arguments": {"id": 3}}</tool_call>', [{ kind: 'unknown_action', action: 'click_element' }]],
    ['a block that is not JSON', "<tool_call>{'name': 'computer_use'}</tool_call>", [{ kind: 'unreadable', action: undefined }]],
    ['no <tool_call> block', 'I would click the OK button at (630, 392).', [{ kind: 'no_action', action: undefined }]],
    ['a wait beyond a minute', call({ action: 'wait', time: 120 }), [{ kind: 'bad_argument', action: 'wait' }]],
    ['a key without keys', call({ action: 'key' }), [{ kind: 'bad_argument', action: 'key' }]],
  ])('%s', (_what, reply, expected) => {
    expect(problems(reply as string)).toEqual(expected);
  });

  it('the re-ask quotes the reason', () => {
    const result = dialect.parse(call({ action: 'left_click', coordinate: [1300, 100] }), ALIGNED, SCREEN);
    expect(groundingReaskText(result.ok ? [] : result.problems, dialect)).toContain(
      '"left_click point (1300, 100) is outside the 1260×784 screenshot: x must be 0–1260 and y 0–784"',
    );
  });
});
