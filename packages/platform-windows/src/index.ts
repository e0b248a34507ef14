/**
 * `@ufo-ts/platform-windows`: UFO's Windows tool servers (UICollector, HostUIExecutor, AppUIExecutor,
 * CommandLineExecutor) for Node, driving UI Automation through a bridge hosted by the in-box Windows PowerShell:
 * no native build, no Python.
 */
export { createWindowsToolServers, WINDOWS_NAMESPACES } from './tools/windows-tool-servers.js';
export type { WindowsToolServers, WindowsToolServersOptions, WindowsNamespace } from './tools/windows-tool-servers.js';
export { uiCollectorTools } from './tools/ui-collector-tools.js';
export { hostUiExecutorTools, appUiExecutorTools } from './tools/executor-tools.js';
export { commandLineTools } from './tools/command-line-tools.js';

export { WindowsDesktop } from './desktop/windows-desktop.js';
export type { WindowsDesktopOptions } from './desktop/desktop-context.js';
export type { UfoMouseButton } from './desktop/action-ops.js';
export type { DesktopAppInfo, SelectWindowResult } from './desktop/window-ops.js';
export type { Screenshot, AnnotatedScreenshot } from './desktop/capture-ops.js';
export type { UiTreeNode } from './desktop/ui-tree.js';

export { UiaBridgeClient } from './bridge/bridge-client.js';
export type { UiaBridge, UiaBridgeClientOptions, BridgeLauncher, BridgeEvent, BridgeRequestOptions } from './bridge/bridge-client.js';
export { createUiaBridge, createPowerShellLauncher, powerShellCommand, encodePowerShellCommand, defaultBridgeDir } from './bridge/powershell-launcher.js';
export type { CreateUiaBridgeOptions, PowerShellLauncherOptions } from './bridge/powershell-launcher.js';
export {
  BRIDGE_ERROR_CODES,
  BRIDGE_OPS,
  BRIDGE_PROTOCOL_VERSION,
  BridgeReplySchema,
  BridgeRequestSchema,
  DEFAULT_OP_TIMEOUT_MS,
  ElementRecordSchema,
  InputEventSchema,
  MonitorRecordSchema,
  MouseButtonSchema,
  PatternNameSchema,
  RectSchema,
  TreeNodeRecordSchema,
  WindowRecordSchema,
  opTimeoutMs,
  type BridgeArgs,
  type BridgeOp,
  type BridgeReply,
  type BridgeRequest,
  type BridgeResult,
  type ElementRecord,
  type InputEvent,
  type MonitorRecord,
  type MouseButton,
  type PatternName,
  type TreeNodeRecord,
  type WindowRecord,
} from './bridge/protocol.js';
export { parseTranscript, readTranscript, createFileTranscriptRecorder, TranscriptHeaderSchema, TranscriptEntrySchema } from './bridge/transcript.js';
export type { Transcript, TranscriptHeader, TranscriptEntry, TranscriptRecorder } from './bridge/transcript.js';
export { LineDecoder } from './bridge/line-decoder.js';

export { parseKeySequence } from './keys/key-sequence-parser.js';
export type { KeyAction, KeySequenceOptions } from './keys/key-sequence-parser.js';
export { keyActionsToInput } from './keys/key-actions-to-input.js';
export { escapeForKeySequence, textToKeyActions } from './keys/text-typing.js';
export { KEY_CODES, isExtendedKey } from './keys/key-codes.js';

export {
  containsPoint,
  fractionToPoint,
  intersectRects,
  isEmptyRect,
  rectCenter,
  rectHeight,
  rectIou,
  rectToLtrb,
  rectToXywh,
  rectWidth,
  relativeRect,
  unionRects,
  type Point,
  type Rect,
} from './geometry/rect.js';
export {
  WHEEL_DELTA,
  clickEvents,
  denormalizeFromVirtualDesk,
  dpiScale,
  dragEvents,
  mapRectToImage,
  monitorAt,
  mouseMoveEvent,
  normalizeToVirtualDesk,
  primaryMonitorRect,
  wheelEvents,
  type DragOptions,
} from './geometry/screen-math.js';

export { DEFAULT_CONTROL_LIST, DEFAULT_MAX_CONTROLS } from './controls/control-list.js';
export { filterControls } from './controls/control-filter.js';
export type { ControlFilterOptions, FilteredControls } from './controls/control-filter.js';
export { ControlRegistry, nameMismatchWarning } from './controls/control-registry.js';
export type { ControlEntry, GroundedControl } from './controls/control-registry.js';
export { findMatchingElement } from './controls/element-matching.js';
export { controlInfo, controlTargetInfo, CONTROL_INFO_FIELDS } from './controls/control-fields.js';
export type { ControlTargetInfo } from './controls/control-fields.js';

export { filterDesktopWindows, relatedWindows, labelWindows } from './windows/window-filter.js';
export type { WindowFilterOptions } from './windows/window-filter.js';
export { windowInfo } from './windows/window-info.js';
export type { WindowInfo } from './windows/window-info.js';

// images: one implementation, shared with platform-linux, in @ufo-ts/imaging
export { annotateSetOfMarks, DEFAULT_MARK_COLORS, screenshotResult, toPngDataUrl, fromPngDataUrl, pngSize, isBlankCapture } from '@ufo-ts/imaging';
export type { SetOfMark, SetOfMarksOptions, ScreenshotResult } from '@ufo-ts/imaging';

export { AppLauncher, DEFAULT_DENIED_ARGUMENTS } from './launcher/app-launcher.js';
export type { AppLauncherOptions, LaunchResult } from './launcher/app-launcher.js';
export { resolveAllowList, DEFAULT_LAUNCHABLE_APPS } from './launcher/app-allow-list.js';
export type { ResolveAllowListOptions } from './launcher/app-allow-list.js';
export { splitCommandLine } from './launcher/command-line.js';

export {
  WindowsPlatformError,
  BridgeError,
  BridgeRequestError,
  WindowVanishedError,
  ControlVanishedError,
  NoWindowSelectedError,
  UnknownTargetIdError,
  KeySequenceError,
  InputInvalidError,
  LaunchRefusedError,
  LaunchFailedError,
} from './errors.js';
export type { WindowsErrorCode } from './errors.js';

export { serveWindowsTools } from './bin/serve-windows-tools.js';
export type { ServeWindowsToolsOptions } from './bin/serve-windows-tools.js';
