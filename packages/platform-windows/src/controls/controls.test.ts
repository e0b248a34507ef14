import { describe, expect, it } from 'vitest';
import type { ElementRecord } from '../bridge/protocol.js';
import { UnknownTargetIdError } from '../errors.js';
import { controlInfo, controlTargetInfo } from './control-fields.js';
import { filterControls } from './control-filter.js';
import { DEFAULT_CONTROL_LIST } from './control-list.js';
import { ControlRegistry, nameMismatchWarning, pythonList } from './control-registry.js';
import { findMatchingElement } from './element-matching.js';

let counter = 0;
function el(partial: Partial<ElementRecord> & { name: string }): ElementRecord {
  counter += 1;
  return {
    ref: `s1.${counter}`,
    rootHwnd: 100,
    controlType: 'Button',
    automationId: '',
    className: '',
    frameworkId: 'Win32',
    rect: { left: 10 * counter, top: 10, right: 10 * counter + 8, bottom: 18 },
    isEnabled: true,
    isOffscreen: false,
    runtimeId: [42, counter],
    patterns: ['invoke'],
    selected: null,
    ...partial,
  };
}

describe('filterControls', () => {
  it('keeps UFO CONTROL_LIST types that are enabled, on screen and have an area, in order', () => {
    const input = [
      el({ name: 'OK' }),
      el({ name: 'pane', controlType: 'Pane' }),
      el({ name: 'off', isOffscreen: true }),
      el({ name: 'disabled', isEnabled: false }),
      el({ name: 'empty', rect: { left: 5, top: 5, right: 5, bottom: 9 } }),
      el({ name: 'Text editor', controlType: 'Document' }),
    ];
    const { controls, truncated } = filterControls(input, { controlTypes: DEFAULT_CONTROL_LIST });
    expect(controls.map((c) => c.name)).toEqual(['OK', 'Text editor']);
    expect(truncated).toBe(false);
  });

  it('drops an element reached twice (same RuntimeId) and caps the list', () => {
    const a = el({ name: 'a' });
    const many = [a, { ...a, ref: 'dup' }, ...Array.from({ length: 10 }, (_, i) => el({ name: `b${i}` }))];
    const { controls, truncated } = filterControls(many, { maxControls: 5 });
    expect(controls.map((c) => c.name)).toEqual(['a', 'b0', 'b1', 'b2', 'b3']);
    expect(truncated).toBe(true);
  });

  it('can keep disabled and off-screen controls when asked', () => {
    const { controls } = filterControls([el({ name: 'x', isEnabled: false, isOffscreen: true })], {
      onlyEnabled: false,
      onlyOnscreen: false,
    });
    expect(controls).toHaveLength(1);
  });
});

describe('ControlRegistry', () => {
  it('labels "1".."N" per enumeration and rejects ids from outside it with UFO\'s message', () => {
    const registry = new ControlRegistry();
    expect(() => registry.get('1')).toThrow(/no controls were enumerated yet/);
    registry.replace([el({ name: 'One' }), el({ name: 'Two' })], 1);
    expect(registry.get('2').name).toBe('Two');
    registry.replace([el({ name: 'Only' })], 1);
    expect(registry.enumeration).toBe(2);
    let thrown: unknown;
    try {
      registry.get('2');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnknownTargetIdError);
    expect((thrown as Error).message).toBe("Control with id '2' not found. Available control ids: ['1']");
  });

  it('gives the same ids to the same UI enumerated twice', () => {
    const ui = [el({ name: 'File' }), el({ name: 'Edit' }), el({ name: 'View' })];
    const first = new ControlRegistry().replace(ui, 1).map((e) => [e.id, e.name]);
    const again = new ControlRegistry()
      .replace(
        ui.map((e) => ({ ...e, ref: `s2.${e.ref}` })),
        1,
      )
      .map((e) => [e.id, e.name]);
    expect(again).toEqual(first);
  });

  it('adds grounded controls after the highest numeric id', () => {
    const registry = new ControlRegistry();
    registry.replace([el({ name: 'a' }), el({ name: 'b' })], 1);
    const added = registry.addGrounded(
      [{ rect: [0, 0, 10, 10], name: 'icon', type: 'Button', source: 'omniparser' }, { id: '9', rect: [5, 5, 9, 9] }, { rect: [1, 1, 2, 2] }],
      1,
    );
    expect(added).toEqual(['3', '9', '10']);
    expect(registry.get('3')).toMatchObject({ ref: undefined, source: 'omniparser', rect: { left: 0, top: 0, right: 10, bottom: 10 } });
  });

  it('rebinds labels to a fresher snapshot and reports controls that are gone', () => {
    const registry = new ControlRegistry();
    const ok = el({ name: 'OK', automationId: '1' });
    const cancel = el({ name: 'Cancel', automationId: '2' });
    registry.replace([ok, cancel], 1);
    // After a bridge restart: new refs and new RuntimeIds, Cancel is gone.
    const fresh = [{ ...ok, ref: 'n1', runtimeId: [7, 7] }];
    expect(registry.rebind(fresh, 2)).toEqual({ rebound: ['1'], vanished: ['2'] });
    expect(registry.get('1')).toMatchObject({ ref: 'n1', generation: 2 });
  });

  it('formats lists and warnings like UFO', () => {
    expect(pythonList(['1', "it's"])).toBe("['1', 'it\\'s']");
    expect(nameMismatchWarning('3', 'Save', 'Open')).toBe(
      'Warning: The name of your chosen control id 3 is Save, but the name argument is Open. The action is performed on control 3:Save.',
    );
  });
});

describe('findMatchingElement', () => {
  const base = el({ name: 'Save', automationId: 'save', rect: { left: 100, top: 100, right: 150, bottom: 120 } });
  it('prefers the RuntimeId when the type agrees', () => {
    const moved = { ...base, ref: 'x', rect: { left: 500, top: 500, right: 550, bottom: 520 } };
    expect(findMatchingElement(base, [el({ name: 'Other' }), moved])?.ref).toBe('x');
    expect(findMatchingElement(base, [{ ...moved, controlType: 'Edit', automationId: '', name: 'z' }])).toBeUndefined();
  });
  it('falls back to AutomationId, then to the nearest same-named control that overlaps', () => {
    const byAid = { ...base, ref: 'aid', runtimeId: [1] };
    expect(findMatchingElement(base, [byAid])?.ref).toBe('aid');
    const near = { ...base, ref: 'near', runtimeId: [2], automationId: '', rect: { left: 105, top: 100, right: 155, bottom: 120 } };
    const far = { ...base, ref: 'far', runtimeId: [3], automationId: '', rect: { left: 900, top: 900, right: 950, bottom: 920 } };
    expect(findMatchingElement({ ...base, automationId: '' }, [far, near])?.ref).toBe('near');
    expect(findMatchingElement({ ...base, automationId: '' }, [far, { ...far, ref: 'far2' }])).toBeUndefined();
  });
});

describe('control fields', () => {
  it('projects UFO fields and TargetInfo', () => {
    const registry = new ControlRegistry();
    const [entry] = registry.replace([el({ name: 'Bold', controlType: 'CheckBox', automationId: 'bold', selected: true })], 1);
    expect(controlInfo(entry!, ['control_text', 'control_type', 'selected', 'nonsense'])).toEqual({
      control_text: 'Bold',
      control_type: 'CheckBox',
      selected: true,
    });
    expect(Object.keys(controlInfo(entry!))).toContain('control_rect');
    expect(controlTargetInfo(entry!)).toEqual({
      kind: 'control',
      id: '1',
      name: 'Bold',
      type: 'CheckBox',
      rect: [entry!.rect.left, 10, entry!.rect.right, 18],
      source: 'uia',
      window_handle: 100,
    });
  });
});
