import { describe, expect, it } from 'vitest';
import { qwen3VlDialect } from '../src/index.js';

const SCREEN = { width: 1280, height: 800 };
const SENT = { width: 1092, height: 683 };
const call = (args: Record<string, unknown>) => `<tool_call>\n${JSON.stringify({ name: 'computer_use', arguments: args })}\n</tool_call>`;

/**
 * Replies written by hand in Qwen3-VL's computer-use format; `source` names where each shape is specified: the
 * Qwen3-VL computer-use cookbook, which declares the `computer_use` tool with a 1000x1000 screen and reads
 * `coordinate` relative on 0–1000 over the resized image; the call format is Qwen's `<tool_call>` JSON.
 */
const CLEAN: Array<{ source: string; reply: string; actions: unknown[]; thought?: string; end?: unknown }> = [
  {
    source: 'left_click at the grid centre',
    reply: call({ action: 'left_click', coordinate: [500, 500] }),
    actions: [{ type: 'click', x: 640, y: 400, button: 'left' }],
  },
  { source: 'double_click', reply: call({ action: 'double_click', coordinate: [250, 750] }), actions: [{ type: 'double_click', x: 320, y: 600 }] },
  { source: 'triple_click', reply: call({ action: 'triple_click', coordinate: [250, 750] }), actions: [{ type: 'triple_click', x: 320, y: 600 }] },
  { source: 'right_click', reply: call({ action: 'right_click', coordinate: [0, 1000] }), actions: [{ type: 'click', x: 0, y: 799, button: 'right' }] },
  { source: 'mouse_move', reply: call({ action: 'mouse_move', coordinate: [100, 100] }), actions: [{ type: 'move', x: 128, y: 80 }] },
  {
    source: 'left_click_drag with a start_coordinate',
    reply: call({ action: 'left_click_drag', start_coordinate: [100, 100], coordinate: [900, 900] }),
    actions: [
      {
        type: 'drag',
        path: [
          { x: 128, y: 80 },
          { x: 1152, y: 720 },
        ],
      },
    ],
  },
  { source: 'key', reply: call({ action: 'key', keys: ['alt', 'f4'] }), actions: [{ type: 'keypress', keys: ['alt', 'f4'] }] },
  { source: 'type', reply: call({ action: 'type', text: 'hello' }), actions: [{ type: 'type', text: 'hello' }] },
  {
    source: 'scroll: positive pixels scroll up',
    reply: call({ action: 'scroll', coordinate: [500, 500], pixels: 500 }),
    actions: [{ type: 'scroll', x: 640, y: 400, scroll_x: 0, scroll_y: -500 }],
  },
  { source: 'wait', reply: call({ action: 'wait', time: 1 }), actions: [{ type: 'wait', seconds: 1 }] },
  {
    source: 'answer, then terminate',
    reply: `${call({ action: 'answer', text: '408' })}\n${call({ action: 'terminate', status: 'success' })}`,
    actions: [],
    end: { status: 'FINISH', result: '408' },
  },
  {
    source: 'a <think> section before the call',
    reply: `<think>The 7 key.</think>Press 7.\n${call({ action: 'left_click', coordinate: [500, 500] })}`,
    thought: 'Press 7.',
    actions: [{ type: 'click', x: 640, y: 400, button: 'left' }],
  },
];

describe('Qwen3-VL dialect: every computer_use action (0–1000 grid)', () => {
  const dialect = qwen3VlDialect();
  it.each(CLEAN.map((f) => [f.source, f]))('%s', (_source, fixture) => {
    expect(dialect.parse(fixture.reply, SENT, SCREEN)).toEqual({
      ok: true,
      thought: fixture.thought ?? '',
      actions: fixture.actions,
      ...(fixture.end ? { end: fixture.end } : {}),
    });
  });

  it('declares a 1000x1000 screen whatever the image, and the image size does not move the point', () => {
    expect(dialect.systemPrompt({ image: SENT })).toContain("The screen's resolution is 1000x1000.");
    const reply = call({ action: 'left_click', coordinate: [333, 667] });
    expect(dialect.parse(reply, SENT, SCREEN)).toEqual(dialect.parse(reply, SCREEN, SCREEN));
    expect(dialect.parse(reply, SENT, SCREEN)).toMatchObject({ actions: [{ x: 426, y: 534 }] });
    expect(dialect.parse(reply, { width: 1280, height: 720 }, { width: 1920, height: 1080 })).toMatchObject({ actions: [{ x: 639, y: 720 }] });
    expect(dialect.imageSize({ width: 1920, height: 1080 }, { width: 1092, height: 683 })).toEqual({ width: 1092, height: 614 });
  });

  it.each([
    ['beyond the grid', call({ action: 'left_click', coordinate: [1001, 10] }), 'out_of_range'],
    ['pixels of a large screen instead of the grid', call({ action: 'left_click', coordinate: [1500, 900] }), 'out_of_range'],
    ['a null coordinate', call({ action: 'left_click', coordinate: null }), 'null_coordinate'],
    ['a coordinate with three numbers', call({ action: 'left_click', coordinate: [1, 2, 3] }), 'bad_argument'],
    ['a coordinate as text', call({ action: 'left_click', coordinate: ['left', 'top'] }), 'bad_argument'],
    ['an unknown action', call({ action: 'open_app', text: 'calc' }), 'unknown_action'],
  ])('%s is a typed problem', (_what, reply, kind) => {
    expect(dialect.parse(reply, SENT, SCREEN)).toMatchObject({ ok: false, problems: [{ kind }] });
  });
});
