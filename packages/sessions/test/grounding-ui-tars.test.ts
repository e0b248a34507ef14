import { describe, expect, it } from 'vitest';
import { groundingReaskText, uiTarsDialect, type GroundingParse } from '../src/index.js';

const SCREEN = { width: 1280, height: 800 };
const SENT = { width: 1092, height: 683 };
const FULL = { width: 1280, height: 800 };

/**
 * Replies written by hand in the UI-TARS format; `source` names where each shape is specified: the computer-use
 * action space the UI-TARS models are prompted with, and the point and box spellings the UI-TARS-desktop action
 * parser accepts.
 */
const CLEAN: Array<{ source: string; reply: string; thought: string; actions: unknown[] }> = [
  {
    source: 'UI-TARS computer-use action space: click with a <|box_start|> point',
    reply: "Thought: The 1 key is in the bottom row on the left.\nAction: click(start_box='<|box_start|>(227,750)<|box_end|>')",
    thought: 'The 1 key is in the bottom row on the left.',
    actions: [{ type: 'click', x: 291, y: 600, button: 'left' }],
  },
  {
    source: 'UI-TARS-desktop parser: bare (x,y) point',
    reply: "Thought: Click the middle.\nAction: click(start_box='(500,500)')",
    thought: 'Click the middle.',
    actions: [{ type: 'click', x: 640, y: 400, button: 'left' }],
  },
  {
    source: 'UI-TARS-1.5 point spelling: point=<point>x y</point>',
    reply: "Thought: Open the search box.\nAction: click(point='<point>510 150</point>')",
    thought: 'Open the search box.',
    actions: [{ type: 'click', x: 653, y: 120, button: 'left' }],
  },
  {
    source: 'UI-TARS box spelling [x1, y1, x2, y2]: the centre is clicked',
    reply: "Thought: The OK button.\nAction: click(start_box='[100, 200, 300, 400]')",
    thought: 'The OK button.',
    actions: [{ type: 'click', x: 256, y: 240, button: 'left' }],
  },
  {
    source: 'UI-TARS action space: left_double',
    reply: "Thought: Open the file.\nAction: left_double(start_box='<|box_start|>(250,250)<|box_end|>')",
    thought: 'Open the file.',
    actions: [{ type: 'double_click', x: 320, y: 200 }],
  },
  {
    source: 'UI-TARS action space: right_single',
    reply: "Thought: Context menu.\nAction: right_single(start_box='<|box_start|>(100,200)<|box_end|>')",
    thought: 'Context menu.',
    actions: [{ type: 'click', x: 128, y: 160, button: 'right' }],
  },
  {
    source: 'UI-TARS action space: drag with start_box and end_box',
    reply: "Thought: Move the slider to the end.\nAction: drag(start_box='<|box_start|>(100,100)<|box_end|>', end_box='<|box_start|>(900,900)<|box_end|>')",
    thought: 'Move the slider to the end.',
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
  {
    source: "UI-TARS action space: hotkey(key='ctrl c'), keys split by spaces",
    reply: "Thought: Copy the selection.\nAction: hotkey(key='ctrl c')",
    thought: 'Copy the selection.',
    actions: [{ type: 'keypress', keys: ['ctrl', 'c'] }],
  },
  {
    source: 'UI-TARS action space: type(content=...) with an escaped \\n at the end, which submits',
    reply: "Thought: Search for it.\nAction: type(content='hello world\\n')",
    thought: 'Search for it.',
    actions: [
      { type: 'type', text: 'hello world' },
      { type: 'keypress', keys: ['enter'] },
    ],
  },
  {
    source: "UI-TARS action space: type content with escaped quotes (\\')",
    reply: "Thought: Type the name.\nAction: type(content='it\\'s \"fine\"')",
    thought: 'Type the name.',
    actions: [{ type: 'type', text: 'it\'s "fine"' }],
  },
  {
    source: 'UI-TARS action space: scroll with start_box and direction',
    reply: "Thought: See more below.\nAction: scroll(start_box='<|box_start|>(500,500)<|box_end|>', direction='down')",
    thought: 'See more below.',
    actions: [{ type: 'scroll', x: 640, y: 400, scroll_x: 0, scroll_y: 500 }],
  },
  {
    source: 'UI-TARS action space: wait() sleeps 5 s',
    reply: 'Thought: The window is still opening.\nAction: wait()',
    thought: 'The window is still opening.',
    actions: [{ type: 'wait', seconds: 5 }],
  },
  {
    source: 'UI-TARS-desktop parser: several calls in one Action block, separated by a blank line',
    reply: "Thought: Focus the field, then type.\nAction: click(start_box='(500,100)')\n\ntype(content='abc')",
    thought: 'Focus the field, then type.',
    actions: [
      { type: 'click', x: 640, y: 80, button: 'left' },
      { type: 'type', text: 'abc' },
    ],
  },
  {
    source: 'UI-TARS-1.5 with a <think> section and a full-width colon after Action',
    reply: "<think>\nThe = key ends the sum.\n</think>\nThought: Press equals.\nAction：click(start_box='(900,750)')",
    thought: 'Press equals.',
    actions: [{ type: 'click', x: 1152, y: 600, button: 'left' }],
  },
];

describe('UI-TARS dialect: every action form (0–1000 grid)', () => {
  const dialect = uiTarsDialect();
  it.each(CLEAN.map((f) => [f.source, f]))('%s', (_source, fixture) => {
    expect(dialect.parse(fixture.reply, SENT, SCREEN)).toEqual({ ok: true, thought: fixture.thought, actions: fixture.actions });
  });

  it('finished(content=...) ends the task with the content as the answer; call_user() asks the user with the thought', () => {
    expect(dialect.parse("Thought: The display shows 408.\nAction: finished(content='408')", SENT, SCREEN)).toEqual({
      ok: true,
      thought: 'The display shows 408.',
      actions: [],
      end: { status: 'FINISH', result: '408' },
    });
    expect(dialect.parse('Thought: I need the password to continue.\nAction: call_user()', SENT, SCREEN)).toEqual({
      ok: true,
      thought: 'I need the password to continue.',
      actions: [],
      end: { status: 'PENDING', question: 'I need the password to continue.' },
    });
  });

  it('a grid point lands on the same screen pixel whatever size the screenshot was sent at', () => {
    const reply = "Thought: t\nAction: click(start_box='(333,667)')";
    const small = dialect.parse(reply, SENT, SCREEN);
    expect(small).toEqual(dialect.parse(reply, FULL, SCREEN));
    expect(small).toMatchObject({ actions: [{ x: 426, y: 534 }] });
    // a 1920×1080 screen sent as 1280×720: the grid scales per axis to the screen
    expect(dialect.parse(reply, { width: 1280, height: 720 }, { width: 1920, height: 1080 })).toMatchObject({ actions: [{ x: 639, y: 720 }] });
  });

  it('scroll without a point scrolls at the pointer when it is known, and is a problem when it is not', () => {
    const reply = "Thought: t\nAction: scroll(direction='up')";
    expect(dialect.parse(reply, SENT, SCREEN, { pointer: { x: 10, y: 20 } })).toMatchObject({
      ok: true,
      actions: [{ type: 'scroll', x: 10, y: 20, scroll_y: -500 }],
    });
    expect(dialect.parse(reply, SENT, SCREEN)).toMatchObject({ ok: false, problems: [{ kind: 'missing_coordinate', action: 'scroll' }] });
  });
});

describe('UI-TARS-1.5 dialect: pixels of the image sent', () => {
  const dialect = uiTarsDialect({ coordinates: 'image-pixels' });
  it('scales each axis from the image sent to the screen, at two image sizes', () => {
    const at = (reply: string, image: { width: number; height: number }) => dialect.parse(reply, image, SCREEN);
    // 1280×800 sent as 1092×683: x × 1280/1092, y × 800/683
    expect(at("Thought: t\nAction: click(start_box='(546,341)')", SENT)).toMatchObject({ actions: [{ x: 640, y: 399 }] });
    // the same screen sent as 1260×784 (sides multiples of 28, what the model's processor keeps)
    expect(at("Thought: t\nAction: click(start_box='(630,392)')", { width: 1260, height: 784 })).toMatchObject({ actions: [{ x: 640, y: 400 }] });
    expect(dialect.imageSize(SCREEN, { width: 1280, height: 800 })).toEqual({ width: 1260, height: 784 });
  });

  it('a point beyond the image is out of range, not clamped', () => {
    const result = dialect.parse("Thought: t\nAction: click(start_box='(1100,300)')", SENT, SCREEN);
    expect(result).toEqual({
      ok: false,
      thought: 't',
      problems: [
        { kind: 'out_of_range', action: 'click', reason: 'click start_box point (1100, 300) is outside the 1092×683 screenshot: x must be 0–1092 and y 0–683' },
      ],
    });
  });
});

describe('UI-TARS dialect: replies that cannot be carried out are typed problems', () => {
  const dialect = uiTarsDialect();
  const problems = (reply: string, pointer?: { x: number; y: number }) => {
    const result: GroundingParse = dialect.parse(reply, SENT, SCREEN, pointer ? { pointer } : {});
    expect(result.ok).toBe(false);
    return result.ok ? [] : result.problems.map((p) => ({ kind: p.kind, action: p.action }));
  };

  it.each([
    ['out of the 0–1000 grid', "Thought: t\nAction: click(start_box='(1204,300)')", [{ kind: 'out_of_range', action: 'click' }]],
    ['a None point', "Thought: t\nAction: click(start_box='None')", [{ kind: 'null_coordinate', action: 'click' }]],
    ['one None coordinate', "Thought: t\nAction: left_double(start_box='(100,None)')", [{ kind: 'null_coordinate', action: 'left_double' }]],
    ['no point at all', 'Thought: t\nAction: click()', [{ kind: 'missing_coordinate', action: 'click' }]],
    ['a drag without its end', "Thought: t\nAction: drag(start_box='(1,2)')", [{ kind: 'missing_coordinate', action: 'drag' }]],
    ['an action outside the action space', "Thought: t\nAction: open_app(app_name='calculator')", [{ kind: 'unknown_action', action: 'open_app' }]],
    ['holding a key', "Thought: t\nAction: press(key='shift')", [{ kind: 'unknown_action', action: 'press' }]],
    ['no Action line', 'I think the 7 key is on the left.', [{ kind: 'no_action', action: undefined }]],
    ['a call that is not closed', "Thought: t\nAction: click(start_box='(1,2)'", [{ kind: 'unreadable', action: undefined }]],
    ['a scroll direction that is not one', "Thought: t\nAction: scroll(start_box='(1,2)', direction='sideways')", [{ kind: 'bad_argument', action: 'scroll' }]],
    ['a hotkey without keys', "Thought: t\nAction: hotkey(key='')", [{ kind: 'bad_argument', action: 'hotkey' }]],
  ])('%s', (_what, reply, expected) => {
    expect(problems(reply as string)).toEqual(expected);
  });

  it('one bad call rejects the whole reply: the good click before it does not run', () => {
    const result = dialect.parse("Thought: t\nAction: click(start_box='(500,500)')\n\nopen_app(app_name='x')", SENT, SCREEN);
    expect(result).toMatchObject({ ok: false, problems: [{ kind: 'unknown_action', action: 'open_app' }] });
    expect(result).not.toHaveProperty('actions');
  });

  it('the re-ask text quotes each reason and reminds the format', () => {
    const result = dialect.parse("Thought: t\nAction: click(start_box='(1204,300)')", SENT, SCREEN);
    const text = groundingReaskText(result.ok ? [] : result.problems, dialect);
    expect(text).toContain('"click start_box point (1204, 300) is outside the 0–1000 grid over the screenshot: x must be 0–1000 and y 0–1000"');
    expect(text).toContain('Action: ...');
  });
});
