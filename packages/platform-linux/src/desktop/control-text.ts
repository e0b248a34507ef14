// Text of listed controls: setting or inserting it (EditableText, a spin button's Value, or typing), and reading
// it from the accessibility bus at call time.
import { isVanishedError } from '../atspi/atspi-client.js';
import { ControlNotActionableError, StaleControlIdError } from '../errors.js';
import { actedControl, type ActedControl } from './acted-control.js';
import { lastTypedLine, observeEffect, type ActionEffect } from './action-effect.js';
import { focusControl } from './control-actions.js';
import { isScreenTextRecord } from './control-ids.js';
import { checkBeforeActing, resolveControl, resolveUsable, withLiveObject } from './control-resolve.js';
import { DesktopSession } from './desktop-session.js';
import { liveDisplayName } from './live-name.js';
import { readTextRegion, typeAtTextRegion } from './text-region-actions.js';

/** What {@link setControlText} did. */
export interface SetTextOutcome extends Partial<ActedControl> {
  id: string;
  /**
   * `editable_text`: through AT-SPI EditableText; `value`: a spin button's number set through AT-SPI Value; `typing`:
   * focused and typed with real key events.
   */
  method: 'editable_text' | 'value' | 'typing';
  /** The control's text afterwards, when it can be read. */
  text?: string;
  /** What changed on screen. */
  effect: ActionEffect;
}

/** A plain number (`3`, `-2.5`, `1,000`), or undefined for other text. */
function parseNumber(text: string): number | undefined {
  const plain = text.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  return /^[-+]?\d+(\.\d+)?$/.test(plain) ? Number(plain) : undefined;
}

/** Roles that take no typed text (set_edit_text on them is refused). */
const TAKES_NO_TEXT: ReadonlySet<string> = new Set([
  'label',
  'static',
  'heading',
  'image',
  'icon',
  'status bar',
  'separator',
  'push button',
  'toggle button',
  'check box',
  'radio button',
  'menu',
  'menu item',
  'check menu item',
  'radio menu item',
  'menu bar',
  'page tab',
  'tool bar',
  'scroll bar',
]);

/**
 * Sets (with `clear`) or inserts text into a control: through AT-SPI EditableText (replace the content, or
 * insert at the caret), falling back to focusing the control and typing (after ctrl+a when clearing).
 */
export async function setControlText(
  session: DesktopSession,
  id: string,
  text: string,
  options: { clear?: boolean; name?: string } = {},
): Promise<SetTextOutcome> {
  const record = await resolveUsable(session, id, options.name);
  if (isScreenTextRecord(record)) return typeAtTextRegion(session, record, text, options);
  const selected = await session.requireSelected({ forAction: true });
  if (selected.target.app && !selected.target.responding) throw session.notResponding(selected.target);
  if (TAKES_NO_TEXT.has(record.role) && !DesktopSession.implements(record, 'editableText')) {
    // typing "into" it would type into whatever field has the focus
    throw new ControlNotActionableError(
      `control ${record.id} is a ${record.role} (${JSON.stringify(record.name)}), which takes no text: set the text of an editable field (a field a label captions is listed with \`labelled\`)`,
    );
  }
  await checkBeforeActing(session, record, 1000);
  const readBack = async (): Promise<string | undefined> =>
    DesktopSession.implements(record, 'text') ? session.atspi.text(record.ref).catch(() => undefined) : undefined;
  const shown = lastTypedLine(text);
  const observe = () =>
    observeEffect(session, {
      target: record,
      timeoutMs: Math.min(5000, 400 + 20 * [...text].length),
      ...(shown && DesktopSession.implements(record, 'text') ? { expect: (controls) => controls.get(record.id)?.text?.includes(shown) ?? false } : {}),
    });
  // a spin button keeps its number until its text is "entered": its value is set instead (the field shows it)
  const number = record.role === 'spin button' && DesktopSession.implements(record, 'value') && options.clear ? parseNumber(text) : undefined;
  if (number !== undefined) {
    const done = await observe();
    try {
      await session.atspi.setValue(record.ref, number);
      const now = await session.atspi.value(record.ref);
      if (Math.abs(now - number) < 1e-9) return { id: record.id, ...actedControl(record), method: 'value', text: await readBack(), effect: await done() };
    } catch (error) {
      if (isVanishedError(error)) throw session.vanished(record, error);
    }
  }
  if (DesktopSession.implements(record, 'editableText')) {
    const done = await observe();
    try {
      let ok: boolean;
      if (options.clear) ok = await session.atspi.setTextContents(record.ref, text);
      else {
        const caret = Number(await session.atspi.property(record.ref, 'org.a11y.atspi.Text', 'CaretOffset').catch(() => -1));
        const at = caret >= 0 ? caret : await session.atspi.characterCount(record.ref).catch(() => 0);
        ok = await session.atspi.insertText(record.ref, at, text);
      }
      if (ok) {
        const effect = await done();
        const now = await readBack();
        // the toolkit may answer true and still not keep the text (GTK 4's file chooser sets its name field
        // itself while it opens): only text that is there counts, else it is typed below
        if (!shown || now === undefined || now.includes(shown)) return { id: record.id, ...actedControl(record), method: 'editable_text', text: now, effect };
      }
    } catch (error) {
      if (isVanishedError(error)) throw session.vanished(record, error);
    }
  }
  await focusControl(session, record);
  const done = await observe();
  if (options.clear) await session.input.keys([{ modifiers: ['ctrl'], keysym: 0x61, repeat: 1, text: 'ctrl+a' }]);
  await session.input.type(text);
  const effect = await done();
  return { id: record.id, ...actedControl(record), method: 'typing', text: await readBack(), effect };
}

/**
 * The text of a control, read from the accessibility bus at call time (never the record of the last listing): its
 * Text content when it has one, else its current name as a listing would show it (a combo box: the item it shows
 * now), and its value for sliders and spin buttons. An id whose object now has another role is refused.
 */
export async function readControlText(session: DesktopSession, id: string): Promise<{ id: string; role: string; name: string; text: string; value?: number }> {
  const listed = resolveControl(session, id);
  // text read from the screen: read again from the screen (it has no accessible object)
  if (isScreenTextRecord(listed)) return readTextRegion(session, listed);
  await session.requireSelected();
  const record = await withLiveObject(session, listed);
  try {
    const [role, rawName] = await Promise.all([session.atspi.role(record.ref), session.atspi.name(record.ref)]);
    if (role !== record.role) {
      throw new StaleControlIdError(
        `control ${record.id} was the ${record.role} ${JSON.stringify(record.name)} when listed and is now a ${role}: list the controls again`,
      );
    }
    const [name, text, value] = await Promise.all([
      liveDisplayName(session.atspi, record.ref, role, rawName),
      DesktopSession.implements(record, 'text') ? session.atspi.text(record.ref) : undefined,
      DesktopSession.implements(record, 'value') ? session.atspi.value(record.ref).catch(() => undefined) : undefined,
    ]);
    return { id: record.id, role, name, text: text ?? name, ...(value === undefined ? {} : { value }) };
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    throw error;
  }
}
