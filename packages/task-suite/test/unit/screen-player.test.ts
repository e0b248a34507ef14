import { describe, expect, it } from 'vitest';
import { ScreenReferencePlayer } from '../../src/grounded/screen-player.js';
import type { ScreenRect, ScreenSnapshot, ScreenWindow } from '../../src/grounded/screen-locate.js';
import { anthropicComputerMessage, lastImageSize, openAIComputerResponse } from '../../src/grounded/screen-wire.js';
import type { ReferenceStep } from '../../src/grounded/reference-steps.js';

const SCREEN = { width: 1600, height: 1000 };
const IMAGE = { width: 1280, height: 800 };

function window(id: string, name: string, focused: boolean): ScreenWindow {
  return { id, role: 'app', name, rest: '', states: [], line: `[${id}] app "${name}"`, focused };
}

/** A snapshot with these controls (`[id] role "name"` lines and where they are) and windows. */
function snapshot(controls: Array<[string, ScreenRect]>, windows: ScreenWindow[]): ScreenSnapshot {
  const rects = new Map<string, ScreenRect>();
  const items = controls.map(([line, rect]) => {
    const m = /^\[(\w+)\] ([^"]+) "([^"]*)"(.*)$/.exec(line)!;
    rects.set(m[1]!, rect);
    const states = /\[([^\]]*)\]$/.exec(m[4]!)?.[1]?.split(', ') ?? [];
    const shows = /shows "([^"]*)"/.exec(m[4]!)?.[1];
    return { id: m[1]!, role: m[2]!.trim(), name: m[3]!, rest: m[4]!.trim(), states, line, ...(shows !== undefined ? { shows } : {}) };
  });
  const focused = windows.find((w) => w.focused);
  return { listing: { controls: items, windows, text: '', lastActionFailed: false }, windows, ...(focused ? { focused } : {}), rects };
}

function player(steps: ReferenceStep[], screens: ScreenSnapshot[]) {
  let i = 0;
  return new ScreenReferencePlayer({ steps, screen: SCREEN, label: 't', patience: 2, locate: async () => screens[Math.min(i++, screens.length - 1)]! });
}

describe('ScreenReferencePlayer', () => {
  const editor = window('w1', 'notes.txt - Mousepad', true);

  it('clicks a control at its centre in the pixels of the screenshot sent, types into a field after clicking it, and finishes', async () => {
    const screen = snapshot(
      [
        ['[a1] menu "File"', [0, 0, 100, 40]],
        ['[a2] text "" [editable]', [200, 100, 1400, 900]],
      ],
      [editor],
    );
    const p = player([{ click: { role: 'menu', name: 'File' } }, { type: 'hello', into: { role: 'text' } }, { finish: true, result: 'done' }], [screen]);
    expect(await p.next(IMAGE)).toMatchObject({ actions: [{ kind: 'click', x: 40, y: 16, button: 'left' }] });
    expect(await p.next({ width: 800, height: 500 })).toMatchObject({
      actions: [
        { kind: 'click', x: 400, y: 250 },
        { kind: 'type', text: 'hello' },
      ],
    });
    expect(await p.next(IMAGE)).toEqual({ finish: 'done' });
  });

  it('replaces a field with click, ctrl+a and typing; splits key sequences into combinations', async () => {
    const screen = snapshot([['[a2] text "Name:"', [0, 0, 160, 100]]], [editor]);
    const p = player([{ setText: '/tmp/x.txt', into: { role: 'text', name: 'Name:' } }, { keys: 'Down Return' }], [screen]);
    expect(await p.next(IMAGE)).toMatchObject({
      actions: [
        { kind: 'click', x: 64, y: 40 },
        { kind: 'keys', keys: ['ctrl', 'a'] },
        { kind: 'type', text: '/tmp/x.txt' },
      ],
    });
    expect(await p.next(IMAGE)).toMatchObject({
      actions: [
        { kind: 'keys', keys: ['Down'] },
        { kind: 'keys', keys: ['Return'] },
      ],
    });
  });

  it('waits for a control that is not on screen yet or is disabled, then fails with REFERENCE_NOT_ON_SCREEN', async () => {
    const disabled = snapshot([['[a3] push button "Save" [disabled]', [0, 0, 10, 10]]], [editor]);
    const p = player([{ click: { role: 'push button', name: 'Save' } }], [disabled]);
    expect(await p.next(IMAGE)).toMatchObject({ actions: [{ kind: 'wait' }], thought: expect.stringContaining('disabled') });
    expect(await p.next(IMAGE)).toMatchObject({ actions: [{ kind: 'wait' }] });
    await expect(p.next(IMAGE)).rejects.toMatchObject({ code: 'REFERENCE_NOT_ON_SCREEN' });
    expect(p.failure?.code).toBe('REFERENCE_NOT_ON_SCREEN');
  });

  it("checks a step's `when` once: a window switch of the step itself may take the control out of sight", async () => {
    const calc = window('w2', 'galculator', true);
    const shows = snapshot([['[a6] text "" shows "540"', [0, 0, 20, 20]]], [{ ...editor, focused: false }, calc]);
    const switched = snapshot([['[b8] text "" [editable]', [0, 0, 20, 20]]], [editor, { ...calc, focused: false }]);
    const p = player([{ selectWindow: { titleContaining: 'notes' }, when: { role: 'text', shows: '540' } }, { type: '540' }], [shows, switched]);
    expect(await p.next(IMAGE)).toMatchObject({ actions: [{ kind: 'keys', keys: ['alt', 'Tab'] }] });
    // the display is out of sight now, the editor in front: the step needs nothing more and the next one plays
    expect(await p.next(IMAGE)).toMatchObject({ actions: [{ kind: 'type', text: '540' }] });
  });

  it('a window already in front needs no action (the next step plays); another is brought forward with the switch keys', async () => {
    const calc = window('w2', 'galculator', false);
    const front = snapshot([['[a1] toggle button "4"', [0, 0, 20, 20]]], [editor, calc]);
    const p = player(
      [{ selectWindow: { titleContaining: 'notes' } }, { selectWindow: { title: 'galculator' } }, { keys: 'ctrl+s' }],
      [
        front,
        front,
        front,
        snapshot(
          [],
          [
            { ...editor, focused: false },
            { ...calc, focused: true },
          ],
        ),
      ],
    );
    // step 1: in front already; step 2: not in front → switch keys
    expect(await p.next(IMAGE)).toMatchObject({ actions: [{ kind: 'keys', keys: ['alt', 'Tab'] }] });
    // still not in front: wait once rather than switch again
    expect(await p.next(IMAGE)).toMatchObject({ actions: [{ kind: 'wait' }] });
    // in front now: the step needs nothing, the next one plays
    expect(await p.next(IMAGE)).toMatchObject({ actions: [{ kind: 'keys', keys: ['ctrl', 's'] }] });
  });
});

describe('the wire formats of the played replies', () => {
  // a 1×1 PNG header with width 1280 and height 800 (IHDR), base64
  const png = (w: number, h: number) => {
    const b = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
    b.writeUInt32BE(13, 8);
    b.write('IHDR', 12, 'latin1');
    b.writeUInt32BE(w, 16);
    b.writeUInt32BE(h, 20);
    return b.toString('base64');
  };

  it('reads the size of the last screenshot of an OpenAI or an Anthropic request', () => {
    const openai = {
      input: [
        { role: 'user', content: [{ type: 'input_image', image_url: `data:image/png;base64,${png(1600, 1000)}` }] },
        { type: 'computer_call_output', output: { type: 'computer_screenshot', image_url: `data:image/png;base64,${png(1280, 800)}` } },
      ],
    };
    expect(lastImageSize(openai)).toEqual({ width: 1280, height: 800 });
    const anthropic = {
      messages: [
        {
          role: 'user',
          content: [{ type: 'tool_result', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png(1024, 640) } }] }],
        },
      ],
    };
    expect(lastImageSize(anthropic)).toEqual({ width: 1024, height: 640 });
    expect(lastImageSize({ messages: [] })).toBeUndefined();
  });

  it('OpenAI: one computer_call with the batch of actions and OpenAI key names; Anthropic: a computer tool_use per action, xdotool keys', () => {
    const reply = {
      thought: 't',
      actions: [
        { kind: 'click' as const, x: 1, y: 2, button: 'left' as const },
        { kind: 'keys' as const, keys: ['ctrl', 'Return'] },
        { kind: 'type' as const, text: 'x' },
        { kind: 'wait' as const, seconds: 1 },
      ],
    };
    const openai = openAIComputerResponse(reply, 3);
    expect((openai.output as unknown[]).at(-1)).toEqual({
      type: 'computer_call',
      id: 'cu_fixture_3',
      call_id: 'call_fixture_3',
      pending_safety_checks: [],
      status: 'completed',
      actions: [{ type: 'click', button: 'left', x: 1, y: 2 }, { type: 'keypress', keys: ['CTRL', 'ENTER'] }, { type: 'type', text: 'x' }, { type: 'wait' }],
    });
    const anthropic = anthropicComputerMessage(reply, 3);
    expect(anthropic.stop_reason).toBe('tool_use');
    expect((anthropic.content as Array<{ type: string; input?: unknown }>).filter((c) => c.type === 'tool_use').map((c) => c.input)).toEqual([
      { action: 'left_click', coordinate: [1, 2] },
      { action: 'key', text: 'ctrl+Return' },
      { action: 'type', text: 'x' },
      { action: 'wait', duration: 1 },
    ]);
    expect(anthropicComputerMessage({ finish: 'done' }, 4)).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: 'done' }] });
  });
});
