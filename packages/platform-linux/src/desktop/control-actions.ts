// Actions on listed controls: click by id, set text, focus, read text.
import type { Rect } from '../atspi/accessible-node.js';
import { isVanishedError } from '../atspi/atspi-client.js';
import { ControlNotActionableError, ControlNotFoundError } from '../errors.js';
import type { MouseButton } from '../x11/xtest-input.js';
import type { ControlRecord } from './control-ids.js';
import { DesktopSession } from './desktop-session.js';

/** Action names that mean "click" in AT-SPI toolkits, in order of preference. */
const CLICK_ACTIONS = ['click', 'press', 'activate', 'toggle', 'jump', 'open'];

/** How `click_input` performs a click. */
export type ClickMethod = 'auto' | 'action' | 'pointer';

/** What a click did. */
export interface ClickOutcome {
  id: string;
  name: string;
  role: string;
  /** `action`: the AT-SPI action was invoked; `pointer`: a real XTEST click at the control's centre. */
  method: 'action' | 'pointer';
  action?: string;
  x?: number;
  y?: number;
}

/** Options of {@link clickControl}. */
export interface ClickControlOptions {
  button?: MouseButton;
  double?: boolean;
  /** `auto` (default): the AT-SPI action for a plain left click when the control has one, else the pointer. */
  method?: ClickMethod;
  /** The control's name as the caller believes it; a clear mismatch refuses the click. */
  name?: string;
}

/** Resolves an id of the current listing, checking an optional expected name. */
export function resolveControl(session: DesktopSession, id: string, expectedName?: string): ControlRecord {
  const record = session.controlIds.resolve(id);
  if (expectedName !== undefined && expectedName.trim() !== '') {
    const want = expectedName.trim().toLowerCase();
    const have = record.name.trim().toLowerCase();
    if (have !== '' && !have.includes(want) && !want.includes(have)) {
      throw new ControlNotFoundError(`control ${id} is the ${record.role} ${JSON.stringify(record.name)}, not ${JSON.stringify(expectedName)}: check the id in the latest listing`);
    }
  }
  return record;
}

/** Centre of a rectangle, rounded. */
export function centre(rect: Rect): { x: number; y: number } {
  return { x: Math.round(rect.x + rect.width / 2), y: Math.round(rect.y + rect.height / 2) };
}

async function clickAction(session: DesktopSession, record: ControlRecord): Promise<{ index: number; name: string } | undefined> {
  if (!DesktopSession.implements(record, 'action')) return undefined;
  try {
    const actions = await session.atspi.actions(record.ref);
    for (const wanted of CLICK_ACTIONS) {
      const index = actions.findIndex((a) => a.name.toLowerCase() === wanted);
      if (index >= 0) return { index, name: actions[index]!.name };
    }
    return undefined;
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    throw error;
  }
}

/**
 * Clicks a listed control: with its AT-SPI action (no pointer movement, works on obscured windows) when the
 * control has one and a plain left click is wanted, else with a real click at the centre of its current extents.
 */
export async function clickControl(session: DesktopSession, id: string, options: ClickControlOptions = {}): Promise<ClickOutcome> {
  const record = resolveControl(session, id, options.name);
  const method = options.method ?? 'auto';
  const plain = (options.button ?? 'left') === 'left' && !options.double;
  const base = { id: record.id, name: record.name, role: record.role };
  if (method !== 'pointer' && plain) {
    const action = await clickAction(session, record);
    if (action) {
      await session.requireSelected();
      try {
        await session.atspi.doAction(record.ref, action.index);
      } catch (error) {
        if (isVanishedError(error)) throw session.vanished(record, error);
        throw error;
      }
      return { ...base, method: 'action', action: action.name };
    }
    if (method === 'action') throw new ControlNotActionableError(`control ${id} (${record.role} ${JSON.stringify(record.name)}) has no click action; use method "pointer"`);
  }
  const rect = await session.controlRect(record);
  if (!rect) throw new ControlNotActionableError(`control ${id} (${record.role} ${JSON.stringify(record.name)}) is not on screen (no extents): it cannot be clicked with the pointer`);
  await session.focusSelected();
  const point = centre(rect);
  await session.input.click(point.x, point.y, { button: options.button, count: options.double ? 2 : 1 });
  return { ...base, method: 'pointer', ...point };
}

/** Gives a control the keyboard focus: `Component.GrabFocus`, else a click at its centre. */
export async function focusControl(session: DesktopSession, record: ControlRecord): Promise<void> {
  await session.focusSelected();
  let ok = false;
  try {
    ok = DesktopSession.implements(record, 'component') && (await session.atspi.grabFocus(record.ref));
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
  }
  if (ok) return;
  const rect = await session.controlRect(record);
  if (!rect) throw new ControlNotActionableError(`control ${record.id} cannot take the focus: it has no GrabFocus and is not on screen`);
  const point = centre(rect);
  await session.input.click(point.x, point.y);
}

/** What {@link setControlText} did. */
export interface SetTextOutcome {
  id: string;
  /** `editable_text`: through AT-SPI EditableText; `typing`: focused and typed with real key events. */
  method: 'editable_text' | 'typing';
  /** The control's text afterwards, when it can be read. */
  text?: string;
}

/**
 * Sets (with `clear`) or inserts text into a control: through AT-SPI EditableText (replace the content, or
 * insert at the caret), falling back to focusing the control and typing (after ctrl+a when clearing).
 */
export async function setControlText(session: DesktopSession, id: string, text: string, options: { clear?: boolean; name?: string } = {}): Promise<SetTextOutcome> {
  const record = resolveControl(session, id, options.name);
  await session.requireSelected();
  const readBack = async (): Promise<string | undefined> =>
    DesktopSession.implements(record, 'text') ? session.atspi.text(record.ref).catch(() => undefined) : undefined;
  if (DesktopSession.implements(record, 'editableText')) {
    try {
      let ok: boolean;
      if (options.clear) ok = await session.atspi.setTextContents(record.ref, text);
      else {
        const caret = Number(await session.atspi.property(record.ref, 'org.a11y.atspi.Text', 'CaretOffset').catch(() => -1));
        const at = caret >= 0 ? caret : await session.atspi.characterCount(record.ref).catch(() => 0);
        ok = await session.atspi.insertText(record.ref, at, text);
      }
      if (ok) return { id: record.id, method: 'editable_text', text: await readBack() };
    } catch (error) {
      if (isVanishedError(error)) throw session.vanished(record, error);
    }
  }
  await focusControl(session, record);
  if (options.clear) await session.input.keys([{ modifiers: ['ctrl'], keysym: 0x61, repeat: 1, text: 'ctrl+a' }]);
  await session.input.type(text);
  return { id: record.id, method: 'typing', text: await readBack() };
}

/** The text of a control: its Text content when it has one, else its name (and value for sliders). */
export async function readControlText(session: DesktopSession, id: string): Promise<{ id: string; role: string; name: string; text: string; value?: number }> {
  const record = resolveControl(session, id);
  await session.requireSelected();
  try {
    const text = DesktopSession.implements(record, 'text') ? await session.atspi.text(record.ref) : record.name;
    const value = DesktopSession.implements(record, 'value') ? await session.atspi.value(record.ref).catch(() => undefined) : undefined;
    return { id: record.id, role: record.role, name: record.name, text, ...(value === undefined ? {} : { value }) };
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    throw error;
  }
}
