import type { Rect } from '@ufo-ts/desktop-common';
import { z } from 'zod';

/**
 * The JSON-lines protocol spoken with the UIA bridge (bridge/*.cs hosted by Windows PowerShell, or a fake in tests).
 *
 * One request per line: `{"id":17,"op":"snapshot","args":{...}}`; one reply per line:
 * `{"id":17,"ok":true,"result":{...}}` or `{"id":17,"ok":false,"error":{"code":"element_stale","message":"..."}}`.
 * A reply with `id` 0 reports a fatal start-up problem (PowerShell in Constrained Language Mode, compile failure).
 * The bridge only does mechanism (Win32 and UIA calls); every policy (filters, labels, key parsing, coordinates,
 * fallbacks, retries) is decided in TypeScript.
 */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** Validates a screen rectangle in physical pixels (right/bottom exclusive, as Win32 RECT): `@ufo-ts/desktop-common`'s `Rect`. */
export const RectSchema = z.object({
  left: z.number(),
  top: z.number(),
  right: z.number(),
  bottom: z.number(),
});

/** A top-level window as reported by EnumWindows (owned, modal and popup windows included). */
export const WindowRecordSchema = z.object({
  hwnd: z.number().int(),
  title: z.string(),
  className: z.string(),
  pid: z.number().int(),
  /** Executable file name of the owning process, e.g. `notepad.exe` (empty when access is denied). */
  processName: z.string(),
  rect: RectSchema,
  visible: z.boolean(),
  minimized: z.boolean(),
  maximized: z.boolean(),
  /** Whether it is the foreground window. */
  active: z.boolean(),
  enabled: z.boolean(),
  /** HWND of the owner window (GW_OWNER), 0 for unowned windows. */
  ownerHwnd: z.number().int(),
  /** WS_POPUP (dialogs, menus, popups). */
  popup: z.boolean().default(false),
  /** WS_EX_TOOLWINDOW. */
  toolWindow: z.boolean(),
  /** WS_EX_TOPMOST. */
  topmost: z.boolean(),
  /** DWM-cloaked (a window on another virtual desktop, or a suspended UWP frame). */
  cloaked: z.boolean(),
  /** UIA ControlType of the window element (`Window`, `Pane`…). */
  controlType: z.string().default('Window'),
});
/** A top-level window (see {@link WindowRecordSchema}). */
export type WindowRecord = z.infer<typeof WindowRecordSchema>;

/** UIA control patterns the bridge reports as available. */
export const PatternNameSchema = z.enum(['invoke', 'toggle', 'selectionItem', 'expandCollapse', 'value', 'rangeValue', 'text', 'scroll']);
/** A UIA control pattern the bridge can use. */
export type PatternName = z.infer<typeof PatternNameSchema>;

/** One UIA element as seen by a snapshot. `ref` is valid until the bridge takes its next snapshot. */
export const ElementRecordSchema = z.object({
  ref: z.string(),
  /** The top-level window the element was found under. */
  rootHwnd: z.number().int(),
  /** UIA ControlType programmatic name without prefix: `Button`, `Edit`, `Document`… */
  controlType: z.string(),
  name: z.string(),
  automationId: z.string(),
  className: z.string(),
  frameworkId: z.string().default(''),
  rect: RectSchema,
  isEnabled: z.boolean(),
  isOffscreen: z.boolean(),
  /** UIA RuntimeId: unique while the element lives, may be reused later. */
  runtimeId: z.array(z.number().int()),
  patterns: z.array(PatternNameSchema).default([]),
  /** Checked (TogglePattern On) or selected (SelectionItemPattern), null when neither pattern applies. */
  selected: z.boolean().nullable().default(null),
});
/** One UIA element of a snapshot (see {@link ElementRecordSchema}). */
export type ElementRecord = z.infer<typeof ElementRecordSchema>;

/** A node of the raw UI tree (`tree` op). */
export interface TreeNodeRecord {
  controlType: string;
  name: string;
  automationId: string;
  className: string;
  rect: Rect;
  isEnabled: boolean;
  isOffscreen: boolean;
  children: TreeNodeRecord[];
}
/** Validates a {@link TreeNodeRecord} and its children. */
export const TreeNodeRecordSchema: z.ZodType<TreeNodeRecord> = z.lazy(() =>
  z.object({
    controlType: z.string(),
    name: z.string(),
    automationId: z.string(),
    className: z.string(),
    rect: RectSchema,
    isEnabled: z.boolean(),
    isOffscreen: z.boolean(),
    children: z.array(TreeNodeRecordSchema),
  }),
);

/** A monitor: its rectangle, work area (without task bars), DPI, whether it is the primary one, and its name. */
export const MonitorRecordSchema = z.object({
  rect: RectSchema,
  workArea: RectSchema,
  /** Effective DPI of the monitor (96 = 100 %). */
  dpi: z.number().int().positive(),
  primary: z.boolean(),
  name: z.string(),
});
/** A monitor (see {@link MonitorRecordSchema}). */
export type MonitorRecord = z.infer<typeof MonitorRecordSchema>;

/** The mouse buttons input events can press. */
export const MouseButtonSchema = z.enum(['left', 'right', 'middle', 'x1', 'x2']);
/** A mouse button. */
export type MouseButton = z.infer<typeof MouseButtonSchema>;

/**
 * One low-level input event for SendInput. TypeScript decides every event (key parsing, coordinates, timing);
 * the bridge only converts them into INPUT structures.
 */
export const InputEventSchema = z.discriminatedUnion('kind', [
  /** Absolute move: `x`,`y` physical pixels, `nx`,`ny` normalised 0..65535 over the virtual desktop. */
  z.object({
    kind: z.literal('mouseMove'),
    x: z.number().int(),
    y: z.number().int(),
    nx: z.number().int().min(0).max(65535),
    ny: z.number().int().min(0).max(65535),
  }),
  z.object({ kind: z.literal('mouseButton'), button: MouseButtonSchema, up: z.boolean() }),
  /** Wheel rotation in WHEEL_DELTA units (120 per notch); positive = away from the user (up). */
  z.object({ kind: z.literal('wheel'), delta: z.number().int(), horizontal: z.boolean().default(false) }),
  /** A virtual key; the bridge adds the scan code (MapVirtualKey). */
  z.object({ kind: z.literal('key'), vk: z.number().int().min(1).max(254), extended: z.boolean(), up: z.boolean() }),
  /** One UTF-16 code unit sent with KEYEVENTF_UNICODE (layout independent). */
  z.object({ kind: z.literal('unicode'), code: z.number().int().min(0).max(0xffff), up: z.boolean() }),
  /** A character sent as the virtual key VkKeyScanW gives on the current layout (pywinauto's EscapedKeyAction). */
  z.object({ kind: z.literal('charKey'), code: z.number().int().min(0).max(0xffff), up: z.boolean() }),
  z.object({ kind: z.literal('pause'), ms: z.number().min(0).max(60_000) }),
]);
/** One SendInput event (see {@link InputEventSchema}). */
export type InputEvent = z.infer<typeof InputEventSchema>;

const Empty = z.object({}).default({});
const Base64Png = z.string().min(1);

/** Every bridge operation: argument and result schemas, whether it changes the desktop, its default deadline. */
export const BRIDGE_OPS = {
  hello: {
    args: Empty,
    result: z.object({
      protocol: z.number().int(),
      host: z.string(),
      pid: z.number().int(),
      /** `perMonitorV2`, `perMonitor`, `system` or `unaware`. */
      dpiAwareness: z.string(),
      runtime: z.string().default(''),
    }),
    mutating: false,
  },
  screens: {
    args: Empty,
    result: z.object({ virtualScreen: RectSchema, monitors: z.array(MonitorRecordSchema) }),
    mutating: false,
  },
  listWindows: {
    /** Invisible windows are skipped unless asked for (there are hundreds). */
    args: z.object({ includeHidden: z.boolean().default(false) }),
    result: z.object({ windows: z.array(WindowRecordSchema) }),
    mutating: false,
  },
  windowState: {
    args: z.object({ hwnd: z.number().int() }),
    result: z.object({ window: WindowRecordSchema }),
    mutating: false,
  },
  focusWindow: {
    args: z.object({ hwnd: z.number().int(), maximize: z.boolean().default(false) }),
    result: z.object({ foreground: z.boolean() }),
    mutating: true,
  },
  snapshot: {
    args: z.object({
      hwnds: z.array(z.number().int()).min(1),
      /** Keep only these ControlTypes (empty = all). The bridge builds a UIA condition from them. */
      controlTypes: z.array(z.string()).default([]),
      onlyEnabled: z.boolean().default(true),
      onlyOnscreen: z.boolean().default(true),
      maxElements: z.number().int().positive().default(500),
    }),
    result: z.object({
      snapshotId: z.number().int(),
      elements: z.array(ElementRecordSchema),
      truncated: z.boolean(),
      elapsedMs: z.number().default(0),
    }),
    mutating: false,
    timeoutMs: 20_000,
  },
  tree: {
    args: z.object({
      hwnd: z.number().int(),
      maxDepth: z.number().int().positive().default(30),
      maxElements: z.number().int().positive().default(3000),
    }),
    result: z.object({ root: TreeNodeRecordSchema, truncated: z.boolean() }),
    mutating: false,
    timeoutMs: 30_000,
  },
  elementInfo: {
    args: z.object({ ref: z.string() }),
    result: z.object({ element: ElementRecordSchema }),
    mutating: false,
  },
  focusElement: {
    args: z.object({ ref: z.string() }),
    result: z.object({ focused: z.boolean() }),
    mutating: true,
  },
  invokePattern: {
    args: z.object({
      ref: z.string(),
      pattern: z.enum(['invoke', 'toggle', 'select', 'expand']),
      /** How long to wait for a pattern call that opens a modal loop before answering `completed: false`. */
      waitMs: z.number().int().min(0).default(3000),
    }),
    result: z.object({ completed: z.boolean() }),
    mutating: true,
  },
  getText: {
    args: z.object({ ref: z.string() }),
    result: z.object({ name: z.string(), value: z.string().nullable(), text: z.string().nullable() }),
    mutating: false,
  },
  setValue: {
    args: z.object({ ref: z.string(), value: z.string() }),
    result: z.object({ value: z.string().nullable() }),
    mutating: true,
  },
  input: {
    args: z.object({ events: z.array(InputEventSchema).min(1) }),
    result: z.object({ sent: z.number().int() }),
    mutating: true,
    timeoutMs: 120_000,
  },
  captureScreen: {
    args: z.object({ rect: RectSchema.optional() }),
    result: z.object({ png: Base64Png, rect: RectSchema }),
    mutating: false,
    timeoutMs: 20_000,
  },
  captureWindow: {
    args: z.object({ hwnd: z.number().int(), method: z.enum(['printWindow', 'screen']).default('printWindow') }),
    result: z.object({ png: Base64Png, rect: RectSchema }),
    mutating: false,
    timeoutMs: 20_000,
  },
} as const;

/** The name of a bridge operation. */
export type BridgeOp = keyof typeof BRIDGE_OPS;
/** The arguments of bridge operation `O`, as sent. */
export type BridgeArgs<O extends BridgeOp> = z.input<(typeof BRIDGE_OPS)[O]['args']>;
/** The result of bridge operation `O`, as validated. */
export type BridgeResult<O extends BridgeOp> = z.infer<(typeof BRIDGE_OPS)[O]['result']>;

/** Error codes the bridge itself uses in `error.code`. */
export const BRIDGE_ERROR_CODES = [
  'bad_request',
  'unknown_op',
  'window_not_found',
  'element_stale',
  'element_unknown',
  'pattern_unsupported',
  'access_denied',
  'timeout',
  'helper_blocked',
  'internal',
] as const;

/** A request line. */
export const BridgeRequestSchema = z.object({
  id: z.number().int().positive(),
  op: z.string(),
  args: z.record(z.string(), z.unknown()),
});
/** A request line (see {@link BridgeRequestSchema}). */
export type BridgeRequest = z.infer<typeof BridgeRequestSchema>;

/** A reply line. */
export const BridgeReplySchema = z.union([
  z.object({ id: z.number().int().nonnegative(), ok: z.literal(true), result: z.unknown() }),
  z.object({
    id: z.number().int().nonnegative(),
    ok: z.literal(false),
    error: z.object({ code: z.string(), message: z.string().default('') }),
  }),
]);
/** A reply line (see {@link BridgeReplySchema}). */
export type BridgeReply = z.infer<typeof BridgeReplySchema>;

/**
 * Default deadline of an op without its own `timeoutMs`. The bridge runs UIA calls on a worker thread with a
 * shorter deadline of its own (8 s; snapshot 18 s; tree 28 s) and answers `timeout` while staying usable; the
 * client's deadline only fires when the bridge itself is stuck, and then restarts it.
 */
export const DEFAULT_OP_TIMEOUT_MS = 10_000;

/** The deadline of an op (its own or the default). */
export function opTimeoutMs(op: BridgeOp, fallback = DEFAULT_OP_TIMEOUT_MS): number {
  const spec = BRIDGE_OPS[op] as { timeoutMs?: number };
  return spec.timeoutMs ?? fallback;
}
