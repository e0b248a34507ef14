import { systemClock, type Clock } from '@ufo-ts/core';
import type { UiaBridge } from '../bridge/bridge-client.js';
import type { WindowRecord } from '../bridge/protocol.js';
import { ControlRegistry } from '../controls/control-registry.js';
import { DEFAULT_CONTROL_LIST, DEFAULT_MAX_CONTROLS } from '../controls/control-list.js';
import type { WindowFilterOptions } from '../windows/window-filter.js';

/** Options of {@link WindowsDesktop} (and of `createWindowsToolServers`). */
export interface WindowsDesktopOptions {
  /** The UIA bridge (a `UiaBridgeClient` over PowerShell, or a fake in tests). */
  bridge: UiaBridge;
  /** Control types to enumerate (default UFO's CONTROL_LIST). */
  controlTypes?: readonly string[];
  /** Most controls per enumeration (default 500, as UFO). */
  maxControls?: number;
  /** How the desktop window list is filtered (UFO's rules by default). */
  windowFilter?: WindowFilterOptions;
  /**
   * Enumerate the controls of windows owned by the selected window (modal dialogs, message boxes) and popups of
   * its process together with its own (default true).
   */
  includeRelatedWindows?: boolean;
  /**
   * `pattern-first` (default): a left single click uses the control's Invoke, Toggle or SelectionItem pattern
   * when it has one and falls back to a real mouse click; `mouse`: always a real click (UFO's `click_input`).
   */
  clickStrategy?: 'pattern-first' | 'mouse';
  /**
   * `value-pattern-first` (default): `set_edit_text` sets the text through ValuePattern and checks it, falling
   * back to select-all and typing; `type`: always type (UFO's default `INPUT_TEXT_API: type_keys`).
   */
  setTextStrategy?: 'value-pattern-first' | 'type';
  /** Pause between typed characters in `set_edit_text` when typing, ms (default 10). */
  typingPauseMs?: number;
  /** Pause between keys of `keyboard_input`, ms (default 10). */
  keyboardPauseMs?: number;
  /** Maximise a window when it is selected (UFO's MAXIMIZE_WINDOW, default false). */
  maximizeOnSelect?: boolean;
  /** How long a pattern call that opens a modal loop is awaited before reporting it as still running (ms, default 3000). */
  patternWaitMs?: number;
  /** Clock for `wait` (default the system clock). */
  clock?: Clock;
}

export type ResolvedDesktopOptions = Required<Omit<WindowsDesktopOptions, 'bridge' | 'windowFilter'>> & Pick<WindowsDesktopOptions, 'windowFilter'>;

export function resolveDesktopOptions(options: WindowsDesktopOptions): ResolvedDesktopOptions {
  return {
    controlTypes: options.controlTypes ?? DEFAULT_CONTROL_LIST,
    maxControls: options.maxControls ?? DEFAULT_MAX_CONTROLS,
    windowFilter: options.windowFilter,
    includeRelatedWindows: options.includeRelatedWindows ?? true,
    clickStrategy: options.clickStrategy ?? 'pattern-first',
    setTextStrategy: options.setTextStrategy ?? 'value-pattern-first',
    typingPauseMs: options.typingPauseMs ?? 10,
    keyboardPauseMs: options.keyboardPauseMs ?? 10,
    maximizeOnSelect: options.maximizeOnSelect ?? false,
    patternWaitMs: options.patternWaitMs ?? 3000,
    clock: options.clock ?? systemClock,
  };
}

/** The selected window and the labels of the latest enumerations (UFO's `UIServerState`, one per desktop). */
export class UiState {
  /** Labels of the last `get_desktop_app_info`. */
  lastWindows: Map<string, WindowRecord> | undefined;
  /** The selected window, as last seen, and its label. */
  selected: { window: WindowRecord; label: string | null } | undefined;
  /** The windows the latest enumeration covered: the selected window, then its dialogs and popups. */
  roots: WindowRecord[] = [];
  /** Control ids of the latest enumeration of the selected window. */
  readonly controls = new ControlRegistry();
}

/** What every desktop operation works with. */
export interface DesktopContext {
  bridge: UiaBridge;
  state: UiState;
  options: ResolvedDesktopOptions;
}
