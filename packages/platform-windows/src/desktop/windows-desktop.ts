import type { BridgeResult } from '../bridge/protocol.js';
import { controlInfo, controlTargetInfo, type ControlTargetInfo } from '../controls/control-fields.js';
import type { GroundedControl } from '../controls/control-registry.js';
import { windowAsControl } from '../windows/window-info.js';
import * as actions from './action-ops.js';
import type { UfoMouseButton } from './action-ops.js';
import * as captures from './capture-ops.js';
import { enumerateControls } from './control-ops.js';
import { resolveDesktopOptions, UiState, type DesktopContext, type WindowsDesktopOptions } from './desktop-context.js';
import { uiTree } from './ui-tree.js';
import * as windows from './window-ops.js';

/**
 * Everything the Windows tools do, as plain async methods over one UIA bridge and one selection state (UFO's
 * `UIServerState`, but an object you create, not a singleton). The MCP servers are thin wrappers around it;
 * tests and applications can also call it directly.
 */
export class WindowsDesktop {
  private readonly ctx: DesktopContext;

  constructor(options: WindowsDesktopOptions) {
    this.ctx = { bridge: options.bridge, state: new UiState(), options: resolveDesktopOptions(options) };
  }

  /** The selection state (selected window, control ids). */
  get state(): UiState {
    return this.ctx.state;
  }

  // ------------------------------------------------------------------ UICollector

  /** `get_desktop_app_info` */
  getDesktopAppInfo(removeEmpty = true, refresh = true): Promise<windows.DesktopAppInfo[]> {
    return windows.listDesktopWindows(this.ctx, { removeEmpty, refresh });
  }

  /** `get_desktop_app_target_info`: the same windows as TargetInfo. */
  async getDesktopAppTargetInfo(removeEmpty = true, refresh = true) {
    const list = await windows.listDesktopWindows(this.ctx, { removeEmpty, refresh });
    return list.map((w) => ({ kind: 'window' as const, id: w.id, name: w.name, type: w.type }));
  }

  /** `get_app_window_info(field_list)` */
  async getAppWindowInfo(fieldList: readonly string[] = []): Promise<Record<string, unknown>> {
    const window = await windows.freshSelectedWindow(this.ctx);
    return controlInfo(windowAsControl(window), fieldList);
  }

  /** `get_app_window_controls_info(field_list)`: re-labels the controls. */
  async getAppWindowControlsInfo(fieldList: readonly string[] = []): Promise<Record<string, unknown>[]> {
    const { entries } = await enumerateControls(this.ctx);
    return entries.map((entry) => ({ ...controlInfo(entry, fieldList), label: entry.id }));
  }

  /** `get_app_window_controls_target_info`: re-labels the controls. */
  async getAppWindowControlsTargetInfo(): Promise<ControlTargetInfo[]> {
    const { entries } = await enumerateControls(this.ctx);
    return entries.map(controlTargetInfo);
  }

  /** `capture_window_screenshot` */
  captureWindowScreenshot(): Promise<captures.Screenshot> {
    return captures.captureWindowScreenshot(this.ctx);
  }

  /** `capture_desktop_screenshot(all_screens)` */
  captureDesktopScreenshot(allScreens = true): Promise<captures.Screenshot> {
    return captures.captureDesktopScreenshot(this.ctx, allScreens);
  }

  /** Addition: re-labels the controls and draws them on the window screenshot (set-of-marks). */
  captureAnnotatedWindowScreenshot(): Promise<captures.AnnotatedScreenshot> {
    return captures.annotatedWindowScreenshot(this.ctx);
  }

  /** `get_ui_tree` */
  getUiTree() {
    return uiTree(this.ctx);
  }

  /** `add_control_list`: visual detections become clickable (rectangle-only) controls. */
  addControlList(controls: readonly GroundedControl[]): string {
    const added = this.ctx.state.controls.addGrounded(controls, this.ctx.bridge.generation);
    return `Added ${added.length} control(s) with ids ${added.join(', ') || '(none)'}; ${this.ctx.state.controls.size} control(s) in total.`;
  }

  // ------------------------------------------------------------------ HostUIExecutor

  /** `select_application_window(id, name)` */
  selectApplicationWindow(id: string, name: string): Promise<windows.SelectWindowResult> {
    return windows.selectWindow(this.ctx, id, name);
  }

  // ------------------------------------------------------------------ AppUIExecutor

  /** `click_input`: a pattern call for a plain left click when the control has one, else a real mouse click. */
  clickInput(id: string, name: string, button: UfoMouseButton = 'left', double = false): Promise<string> {
    return actions.clickInput(this.ctx, id, name, button, double);
  }

  /** `click_on_coordinates`: fractions 0..1 of the selected window, origin top-left. */
  clickOnCoordinates(x: number, y: number, button: UfoMouseButton = 'left', double = false): Promise<string> {
    return actions.clickOnCoordinates(this.ctx, x, y, button, double);
  }

  /** `drag_on_coordinates`: a real drag between two fractional points of the selected window. */
  dragOnCoordinates(args: {
    startX: number;
    startY: number;
    endX: number;
    endY: number;
    button?: UfoMouseButton;
    duration?: number;
    keyHold?: string | null;
  }): Promise<string> {
    return actions.dragOnCoordinates(this.ctx, {
      ...args,
      button: args.button ?? 'left',
      duration: args.duration ?? 1,
      keyHold: args.keyHold ?? null,
    });
  }

  /** `set_edit_text`: puts `text` into an edit control (appended unless `clearCurrentText`). */
  setEditText(id: string, name: string, text: string, clearCurrentText = false): Promise<string> {
    return actions.setEditText(this.ctx, id, name, text, clearCurrentText);
  }

  /** `keyboard_input`: pywinauto key syntax, sent to the control (focused first) or to the window. */
  keyboardInput(id: string, name: string, keys: string, controlFocus = true): Promise<string> {
    return actions.keyboardInput(this.ctx, id, name, keys, controlFocus);
  }

  /** `wheel_mouse_input`: `wheelDist` notches over the control's centre (positive scrolls up). */
  wheelMouseInput(id: string, name: string, wheelDist = 0): Promise<string> {
    return actions.wheelMouseInput(this.ctx, id, name, wheelDist);
  }

  /** `texts`: the control's text (ValuePattern value, else TextPattern text, else its name). */
  texts(id: string, name: string): Promise<string> {
    return actions.texts(this.ctx, id, name);
  }

  /** `wait`: 0 < seconds ≤ 300 (UFO's limits). */
  wait(seconds: number, signal?: AbortSignal): Promise<string> {
    return actions.waitSeconds(this.ctx, seconds, signal);
  }

  /** `summary(text)`: echoes the model's visual summary. */
  summary(text: string): string {
    return text;
  }

  /** The bridge's monitors (for callers that do their own maths). */
  screens(): Promise<BridgeResult<'screens'>> {
    return this.ctx.bridge.request('screens', {});
  }
}
