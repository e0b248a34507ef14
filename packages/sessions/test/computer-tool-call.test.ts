import { describe, expect, it } from 'vitest';
import type { ToolCall } from '@ufo-ts/core';
import {
  computerDisplaySize,
  mapComputerAction,
  readComputerToolCall,
  scaleComputerAction,
  toScreenPoint,
  WINDOWS_OPERATOR_TOOLS,
  LINUX_OPERATOR_TOOLS,
} from '../src/index.js';

const call = (args: Record<string, unknown>): ToolCall => ({ id: 'c', type: 'computer', name: 'computer', arguments: args });
const linuxCall = (args: Record<string, unknown>) => {
  const read = readComputerToolCall(call(args));
  return read.kind === 'action' ? mapComputerAction(read.action, LINUX_OPERATOR_TOOLS, { width: 1280, height: 800 }) : read;
};

describe('display size and coordinate scaling', () => {
  it('fits the screen into the bound keeping its aspect, never enlarging', () => {
    expect(computerDisplaySize({ width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 });
    expect(computerDisplaySize({ width: 2560, height: 1600 })).toEqual({ width: 1280, height: 800 });
    expect(computerDisplaySize({ width: 1024, height: 768 })).toEqual({ width: 1024, height: 768 });
    expect(computerDisplaySize({ width: 1600, height: 1200 }, { width: 1024, height: 768 })).toEqual({ width: 1024, height: 768 });
  });

  it('scales display points to the screen per axis and keeps them on screen', () => {
    const display = { width: 1280, height: 720 };
    const screen = { width: 1920, height: 1080 };
    expect(toScreenPoint({ x: 0, y: 0 }, display, screen)).toEqual({ x: 0, y: 0 });
    expect(toScreenPoint({ x: 1279, y: 719 }, display, screen)).toEqual({ x: 1919, y: 1079 });
    expect(toScreenPoint({ x: 5000, y: -3 }, display, screen)).toEqual({ x: 1919, y: 0 });
    expect(
      scaleComputerAction(
        {
          type: 'drag',
          path: [
            { x: 10, y: 10 },
            { x: 20, y: 30 },
          ],
        },
        display,
        screen,
      ),
    ).toEqual({
      type: 'drag',
      path: [
        { x: 15, y: 15 },
        { x: 30, y: 45 },
      ],
    });
    expect(scaleComputerAction({ type: 'type', text: 'x' }, display, screen)).toEqual({ type: 'type', text: 'x' });
  });
});

describe("both providers' computer actions become the platform's tool calls", () => {
  it('Anthropic key names (xdotool style) and OpenAI key names map to the same keys', () => {
    expect(linuxCall({ action: 'key', text: 'ctrl+shift+Tab' })).toEqual({ function: 'keyboard_input', arguments: { keys: 'ctrl+shift+Tab' } });
    expect(linuxCall({ type: 'keypress', keys: ['CTRL', 'SHIFT', 'TAB'] })).toEqual({ function: 'keyboard_input', arguments: { keys: 'ctrl+shift+Tab' } });
    expect(linuxCall({ action: 'key', text: 'Escape' })).toEqual(linuxCall({ type: 'keypress', keys: ['ESC'] }));
    expect(linuxCall({ action: 'key', text: 'Page_Down' })).toEqual(linuxCall({ type: 'keypress', keys: ['PAGEDOWN'] }));
    expect(linuxCall({ type: 'keypress', keys: ['ARROWLEFT'] })).toEqual({ function: 'keyboard_input', arguments: { keys: 'Left' } });
    const windows = readComputerToolCall(call({ action: 'key', text: 'ctrl+s' }));
    expect(windows.kind === 'action' && mapComputerAction(windows.action, WINDOWS_OPERATOR_TOOLS, { width: 100, height: 100 })).toEqual({
      function: 'keyboard_input',
      arguments: { keys: '^s', id: '', name: '', control_focus: false },
    });
  });

  it('scrolls in every direction from both vocabularies', () => {
    expect(linuxCall({ action: 'scroll', coordinate: [5, 6], scroll_direction: 'up', scroll_amount: 4 })).toMatchObject({
      function: 'wheel_mouse_input',
      arguments: { wheel_dist: 4 },
    });
    expect(linuxCall({ action: 'scroll', coordinate: [5, 6], scroll_direction: 'right', scroll_amount: 2 })).toMatchObject({
      arguments: { wheel_dist: 2, horizontal: true },
    });
    expect(linuxCall({ type: 'scroll', x: 5, y: 6, scroll_x: -200, scroll_y: 0 })).toMatchObject({ arguments: { wheel_dist: -2, horizontal: true } });
    expect(linuxCall({ type: 'scroll', x: 5, y: 6, scroll_x: 0, scroll_y: 500 })).toMatchObject({ arguments: { wheel_dist: -5 } });
  });

  it('screenshot asks for nothing; unsupported actions and unreadable input say why', () => {
    expect(readComputerToolCall(call({ action: 'screenshot' }))).toEqual({ kind: 'screenshot' });
    expect(readComputerToolCall(call({ type: 'screenshot' }))).toEqual({ kind: 'screenshot' });
    expect(readComputerToolCall(call({ action: 'cursor_position' }))).toEqual({ kind: 'action', action: { type: 'cursor_position' } });
    expect(readComputerToolCall(call({ action: 'zoom', region: [0, 0, 10, 10] }))).toMatchObject({
      kind: 'unsupported',
      reason: expect.stringMatching(/zoom/),
    });
    expect(readComputerToolCall(call({ action: 'left_click' }))).toMatchObject({
      kind: 'unsupported',
      reason: expect.stringMatching(/^left_click could not be read: /),
    });
    expect(readComputerToolCall(call({ type: 'teleport' }))).toMatchObject({ kind: 'unsupported' });
    expect(readComputerToolCall(call({ action: 'wait', duration: 3 }))).toEqual({ kind: 'action', action: { type: 'wait', seconds: 3 } });
  });

  it('Windows takes fractions of the screen: the same display click lands at the same place', () => {
    const read = readComputerToolCall(call({ type: 'click', x: 640, y: 360, button: 'left' }));
    const screen = { width: 1920, height: 1080 };
    const scaled = read.kind === 'action' ? scaleComputerAction(read.action, computerDisplaySize(screen), screen) : undefined;
    expect(mapComputerAction(scaled!, WINDOWS_OPERATOR_TOOLS, screen)).toEqual({
      function: 'click_on_coordinates',
      arguments: { x: 0.5, y: 0.5, button: 'left' },
    });
  });
});
