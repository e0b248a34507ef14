import { describe, expect, it } from 'vitest';
import { groundingDialect, pixelJsonDialect } from '../src/index.js';

const SCREEN = { width: 1280, height: 800 };
const SENT = { width: 1092, height: 683 };

/** Replies written by hand in the pixel JSON dialect; `source` is the action of the dialect's own prompt each uses. */
const CLEAN: Array<{ source: string; reply: string; actions: unknown[]; thought?: string; end?: unknown }> = [
  {
    source: 'click (left by default)',
    reply: '{"thought": "The OK button.", "action": "click", "x": 546, "y": 341}',
    thought: 'The OK button.',
    actions: [{ type: 'click', x: 640, y: 399, button: 'left' }],
  },
  {
    source: 'click with button right, in a ```json fence',
    reply: 'Here it is:\n```json\n{"action": "click", "x": 0, "y": 683, "button": "right"}\n```',
    actions: [{ type: 'click', x: 0, y: 799, button: 'right' }],
  },
  {
    source: 'click with button middle',
    reply: '{"action": "click", "x": 100, "y": 100, "button": "middle"}',
    actions: [{ type: 'click', x: 117, y: 117, button: 'wheel' }],
  },
  { source: 'double_click', reply: '{"action": "double_click", "x": 273, "y": 171}', actions: [{ type: 'double_click', x: 320, y: 200 }] },
  { source: 'move', reply: '{"action": "move", "x": 273, "y": 171}', actions: [{ type: 'move', x: 320, y: 200 }] },
  {
    source: 'drag',
    reply: '{"action": "drag", "x": 0, "y": 0, "to_x": 1092, "to_y": 683}',
    actions: [
      {
        type: 'drag',
        path: [
          { x: 0, y: 0 },
          { x: 1279, y: 799 },
        ],
      },
    ],
  },
  {
    source: 'scroll by notches',
    reply: '{"action": "scroll", "x": 546, "y": 341, "direction": "down", "amount": 2}',
    actions: [{ type: 'scroll', x: 640, y: 399, scroll_x: 0, scroll_y: 200 }],
  },
  { source: 'type', reply: '{"action": "type", "text": "12*34="}', actions: [{ type: 'type', text: '12*34=' }] },
  { source: 'key with a list', reply: '{"action": "key", "keys": ["ctrl", "s"]}', actions: [{ type: 'keypress', keys: ['ctrl', 's'] }] },
  { source: 'key as ctrl+s', reply: '{"action": "key", "keys": "ctrl+s"}', actions: [{ type: 'keypress', keys: ['ctrl', 's'] }] },
  { source: 'wait', reply: '{"action": "wait", "seconds": 1}', actions: [{ type: 'wait', seconds: 1 }] },
  {
    source: 'an array: type, then key',
    reply: '[{"thought": "Type it", "action": "type", "text": "ab"}, {"action": "key", "keys": ["enter"]}]',
    thought: 'Type it',
    actions: [
      { type: 'type', text: 'ab' },
      { type: 'keypress', keys: ['enter'] },
    ],
  },
  {
    source: 'finish with a result',
    reply: '{"thought": "Done.", "action": "finish", "result": "408"}',
    thought: 'Done.',
    actions: [],
    end: { status: 'FINISH', result: '408' },
  },
  { source: 'fail with a reason', reply: '{"action": "fail", "reason": "no calculator"}', actions: [], end: { status: 'FAIL', result: 'no calculator' } },
  { source: 'ask a question', reply: '{"action": "ask", "question": "Which file?"}', actions: [], end: { status: 'PENDING', question: 'Which file?' } },
];

describe('pixel JSON dialect', () => {
  const dialect = pixelJsonDialect();
  it.each(CLEAN.map((f) => [f.source, f]))('%s', (_source, fixture) => {
    expect(dialect.parse(fixture.reply, SENT, SCREEN)).toEqual({
      ok: true,
      thought: fixture.thought ?? '',
      actions: fixture.actions,
      ...(fixture.end ? { end: fixture.end } : {}),
    });
  });

  it('names the image size in its prompt and scales per axis at two image sizes', () => {
    expect(dialect.systemPrompt({ image: SENT })).toContain('pixels of the 1092x683 screenshot');
    expect(dialect.parse('{"action": "click", "x": 640, "y": 400}', SCREEN, SCREEN)).toMatchObject({ actions: [{ x: 640, y: 400 }] });
    // a 1920×1200 screen sent as 1280×800: ×1.5 on both axes
    expect(dialect.parse('{"action": "click", "x": 640, "y": 400}', SCREEN, { width: 1920, height: 1200 })).toMatchObject({ actions: [{ x: 960, y: 600 }] });
    expect(dialect.imageSize({ width: 1920, height: 1200 }, SCREEN)).toEqual(SCREEN);
  });

  it.each([
    ['a null x', '{"action": "click", "x": null, "y": 5}', 'null_coordinate'],
    ['no y', '{"action": "click", "x": 5}', 'missing_coordinate'],
    ['beyond the image', '{"action": "click", "x": 1093, "y": 5}', 'out_of_range'],
    ['an unknown action', '{"action": "launch", "app": "calc"}', 'unknown_action'],
    ['no action field', '{"thought": "hmm"}', 'unknown_action'],
    ['not JSON', 'click the OK button', 'unreadable'],
    ['a bad scroll direction', '{"action": "scroll", "x": 1, "y": 1, "direction": "in"}', 'bad_argument'],
    ['an empty key list', '{"action": "key", "keys": []}', 'bad_argument'],
  ])('%s is a typed problem', (_what, reply, kind) => {
    expect(dialect.parse(reply, SENT, SCREEN)).toMatchObject({ ok: false, problems: [{ kind }] });
  });

  it('is found by name, with the other dialects; an unknown name is refused', () => {
    expect(['ui-tars', 'ui-tars-1.5', 'qwen2.5-vl', 'qwen3-vl', 'pixel-json'].map((n) => groundingDialect(n).name)).toEqual([
      'ui-tars',
      'ui-tars-1.5',
      'qwen2.5-vl',
      'qwen3-vl',
      'pixel-json',
    ]);
    expect(() => groundingDialect('llava')).toThrow(/Unknown grounding dialect "llava"/);
  });
});
