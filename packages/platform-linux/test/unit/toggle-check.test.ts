import { describe, expect, it } from 'vitest';
import { isToggleRole, judgeToggle, stateChangeSummary, togglePoint } from '../../src/desktop/toggle-check.js';
import { effectsBeyondStates } from '../../src/desktop/toggle-click.js';

describe('judging a click on a toggle', () => {
  it('a check box that only took the focus did not flip', () => {
    expect(judgeToggle('check box', ['focusable', 'sensitive'], ['focusable', 'focused', 'sensitive'])).toBe('unchanged');
    expect(stateChangeSummary(['focusable', 'sensitive'], ['focusable', 'focused', 'sensitive'])).toBe('+focused only');
  });

  it('checked or unchecked, pressed or released, is a flip', () => {
    expect(judgeToggle('check box', ['focusable'], ['checked', 'focusable'])).toBe('flipped');
    expect(judgeToggle('switch', ['checked'], [])).toBe('flipped');
    expect(judgeToggle('toggle button', [], ['pressed'])).toBe('flipped');
  });

  it('a radio button that was already checked stays checked: not a failure', () => {
    expect(judgeToggle('radio button', ['checked'], ['checked', 'focused'])).toBe('already-checked');
    expect(judgeToggle('radio menu item', ['checked'], ['checked'])).toBe('already-checked');
    // a check box that stays checked did not do what a click on it is for
    expect(judgeToggle('check box', ['checked'], ['checked', 'focused'])).toBe('unchanged');
  });

  it('knows the toggle roles', () => {
    for (const role of ['check box', 'radio button', 'switch', 'check menu item', 'radio menu item']) expect(isToggleRole(role), role).toBe(true);
    // calculators' keypads are toggle buttons that never latch: no flip is expected of them
    expect(isToggleRole('toggle button')).toBe(false);
    expect(isToggleRole('push button')).toBe(false);
  });

  it('summarises several changes, or none', () => {
    expect(stateChangeSummary(['selected'], ['focused'])).toBe('+focused -selected');
    expect(stateChangeSummary(['focused'], ['focused'])).toBe('no state changed');
  });
});

describe('where the second click goes', () => {
  it('a check box or radio button: its indicator at the start of the row, not the middle of its label', () => {
    expect(togglePoint('check box', { x: 474, y: 228, width: 337, height: 22 })).toEqual({ x: 485, y: 239 });
    expect(togglePoint('radio button', { x: 10, y: 10, width: 300, height: 40 })).toEqual({ x: 22, y: 30 });
  });

  it('a switch or toggle button: the centre of its own extents', () => {
    expect(togglePoint('switch', { x: 519, y: 515, width: 44, height: 22 })).toEqual({ x: 541, y: 526 });
    expect(togglePoint('toggle button', { x: 0, y: 0, width: 100, height: 30 })).toEqual({ x: 50, y: 15 });
  });
});

describe('a click that did more than change states', () => {
  it("counts windows, popups and controls' content, not focus or states", () => {
    const effect = {
      changed: true,
      changes: [
        'a34 (toggle button "7") states: +focused',
        'focus moved to window "galculator" (2097155)',
        'a6 (text "") text: "0" → "7"',
        'a9 (push button "x") states: -focused',
        '1 popup closed',
      ],
    };
    expect(effectsBeyondStates(effect)).toEqual(['a6 (text "") text: "0" → "7"']);
    expect(effectsBeyondStates({ changed: true, changes: ['window opened: "Confirm" (123)'] })).toEqual(['window opened: "Confirm" (123)']);
    expect(effectsBeyondStates({ changed: true, changes: ['a1 (toggle button "Show") name: "Show" → "Hide"'] })).toHaveLength(1);
    expect(effectsBeyondStates({ changed: true, changes: ['a1 (check box "x") states: +focused', 'a2 (spin button "y") states: -disabled'] })).toEqual([]);
  });
});
