// @ufo-ts/platform-linux: see and act on a real Linux desktop (AT-SPI2 + X11), a safe shell tool, and a harness.

// errors
export {
  AppLaunchError,
  AppNotAllowedError,
  AppNotReadyError,
  AppNotRespondingError,
  AtspiError,
  ControlDisabledError,
  ControlNotActionableError,
  ControlNotFoundError,
  ControlVanishedError,
  DesktopStartError,
  DesktopStoppedError,
  InputError,
  InputInvalidError,
  LinuxPlatformError,
  NoEffectError,
  NoWindowSelectedError,
  ServerConfigError,
  ShellFailedError,
  ShellLimitError,
  ShellPolicyError,
  ShellRefusedError,
  ShellTimeoutError,
  StaleControlIdError,
  WindowNotFoundError,
  WindowVanishedError,
  X11Error,
  type LinuxErrorCode,
  type ShellLimit,
} from './errors.js';

// desktop harness
export { startDesktop, DESKTOP_MARKER_ENV } from './harness/desktop.js';
export type { Desktop, DesktopOptions, LaunchAppOptions, StopReport } from './harness/desktop.js';
export type { AppHandle, AppFrame, LaunchedAppWindow, WaitForFrameOptions, WaitForWindowOptions } from './harness/app-launch.js';
export type { WindowManagerKind } from './harness/stack-parts.js';
export { checkDesktopAvailability, findExecutable, DESKTOP_REQUIREMENTS, TEST_APPS } from './harness/desktop-availability.js';
export type { DesktopAvailability } from './harness/desktop-availability.js';
export { processesWithEnv, processState } from './harness/process-scan.js';

// tool servers
export { createLinuxToolServer } from './server/create-linux-tool-server.js';
export type { LinuxToolServer, LinuxToolServerOptions, LinuxToolGroup, LinuxHttpOptions, DesktopAddress } from './server/create-linux-tool-server.js';
export { AppAllowListSchema, AllowedAppSchema, DEFAULT_APP_ALLOW_LIST } from './desktop/app-allow-list.js';
export type { AppAllowList, AllowedApp } from './desktop/app-allow-list.js';
export { DesktopSession } from './desktop/desktop-session.js';
export type { DesktopSessionOptions, ControlListing, SelectedWindow } from './desktop/desktop-session.js';
export type { WindowSummary } from './desktop/window-catalog.js';
export type { ControlRecord } from './desktop/control-ids.js';
export { isScreenTextRecord } from './desktop/control-ids.js';
export { OCR_MODES, OCR_ROLE } from './desktop/ocr-entries.js';
export type { OcrMode, ScreenTextOptions } from './desktop/ocr-entries.js';
export type { LinuxOcrOptions } from './server/screen-text-setup.js';
export { KEY_SYNTAX_HELP } from './tools/input-tools.js';
export { parseKeySequence } from './x11/key-combo.js';
export type { KeyChord, Modifier } from './x11/key-combo.js';

// shell policy
export { ShellPolicySchema, CommandRuleSchema, ArgumentRuleSchema, ResourceLimitsSchema, DEFAULT_RESOURCE_LIMITS } from './shell/shell-policy.js';
export type { ShellPolicy, ShellPolicyInput, CommandRule, ArgumentRule, ResourceLimits } from './shell/shell-policy.js';
export { createDefaultShellPolicy, DEFAULT_SHELL_COMMANDS } from './shell/default-shell-policy.js';
export type { DefaultShellPolicyOptions } from './shell/default-shell-policy.js';
export { compileShellPolicy } from './shell/compiled-policy.js';
export type { CompiledShellPolicy } from './shell/compiled-policy.js';
export { runShellRequest, prepareShellCommand } from './shell/shell-runner.js';
export type { ShellRequest, ShellResult } from './shell/shell-runner.js';
export { splitCommandLine } from './shell/command-line.js';
export { checkPathArguments } from './shell/path-arguments.js';
export { findBubblewrap, type SandboxMode } from './shell/sandbox.js';

// apps
export { readCalculatorDisplay, waitForCalculatorDisplay } from './apps/calculator-display.js';
export type { CalculatorDisplayOptions, AtspiSource } from './apps/calculator-display.js';

// low-level clients (for benchmarks and custom tools)
export { AtspiClient, isVanishedError } from './atspi/atspi-client.js';
export type { AtspiApplication, AtspiAction, AtspiConnectOptions } from './atspi/atspi-client.js';
export { readAccessibleTree, refreshAccessibleTree, emptyTreeReadStats, DEFAULT_MAX_NODES } from './atspi/tree-reader.js';
export type { ReadTreeOptions, TreeReadStats, TreeChanges, KnownObject } from './atspi/tree-reader.js';
export { TreeCache, sendsTreeEvents } from './atspi/tree-cache.js';
export type { TreeCacheOptions, TreeReadSource } from './atspi/tree-cache.js';
export { subscribeAtspiEvents } from './atspi/atspi-events.js';
export type { AtspiEvent, AtspiEventKind } from './atspi/atspi-events.js';
export { walkTree, findNode, findNodes, countNodes } from './atspi/accessible-node.js';
export type { AccessibleNode, AccessibleRef, XywhRect, SheetCellPlace } from './atspi/accessible-node.js';
export { XDisplay } from './x11/x-display.js';
export { XInput } from './x11/xtest-input.js';
export { listClientWindows } from './x11/window-list.js';
export type { XWindowInfo } from './x11/window-list.js';
export { captureScreen } from './x11/screen-capture.js';
// images: one implementation, shared with platform-windows, in @ufo-ts/imaging
export { encodePng, encodePngSync, toPngDataUrl as pngDataUrl, drawSetOfMarks } from '@ufo-ts/imaging';
export type { Mark, RgbImage, SetOfMarksOptions } from '@ufo-ts/imaging';
