// Resolving a listed control's id for an action: the expected name, the modal dialog that blocks its window, the live
// object of a sheet's cell, and the checks right before acting (same role and name, enabled).
import type { AccessibleRef } from '../atspi/accessible-node.js';
import { isTimeoutError, isVanishedError } from '../atspi/atspi-client.js';
import { liveSheetCell } from '../atspi/sheet-cells.js';
import { ControlDisabledError, ControlNotActionableError, ControlNotFoundError, StaleControlIdError } from '../errors.js';
import { sleep } from '../util/wait.js';
import type { ControlRecord } from './control-ids.js';
import { isDisabled } from './control-details.js';
import type { DesktopSession } from './desktop-session.js';
import type { AppWindow } from './occlusion.js';

/** A name as people compare it: case, mnemonic underscores, ellipses and spacing do not matter. */
export function comparableName(name: string): string {
  return name
    .toLowerCase()
    .replace(/_(?=\w)/g, '')
    .replace(/(\.\.\.|…)\s*$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Resolves an id of the current window, checking an optional expected name against the listed name or label. */
export function resolveControl(session: DesktopSession, id: string, expectedName?: string): ControlRecord {
  const record = session.controlIds.resolve(id);
  if (expectedName !== undefined && expectedName.trim() !== '') {
    const want = comparableName(expectedName);
    const names = [record.name, record.label ?? ''].filter((n) => n.trim() !== '').map(comparableName);
    if (!names.includes(want)) {
      const what = record.name
        ? `the ${record.role} ${JSON.stringify(record.name)}`
        : `an unnamed ${record.role}${record.label ? ` labelled ${JSON.stringify(record.label)}` : ''}`;
      throw new ControlNotFoundError(`control ${id} is ${what}, not ${JSON.stringify(expectedName)}: check the id in the latest listing`);
    }
  }
  return record;
}

/** `control a5 (menu "Document")`. */
export function describeRecord(record: Pick<ControlRecord, 'id' | 'role' | 'name'>): string {
  return `control ${record.id} (${record.role} ${JSON.stringify(record.name)})`;
}

/** The refusal of an action on a control whose window a modal dialog blocks. */
function blockedError(record: ControlRecord, dialog: AppWindow, cause?: unknown): ControlNotActionableError {
  const which = dialog.title ? `the modal dialog ${JSON.stringify(dialog.title)}` : `an untitled modal dialog (window ${dialog.id})`;
  return new ControlNotActionableError(
    `${describeRecord(record)} is blocked by ${which}: finish or close the dialog first`,
    cause === undefined ? {} : { cause },
  );
}

/**
 * Resolves an id for an action ({@link resolveControl}), refusing a control whose window a modal dialog of the same
 * application blocks — listed before the dialog opened, or left out of the latest listing for that reason — with
 * `CONTROL_NOT_ACTIONABLE` naming the dialog: the toolkit would ignore the input, so the action cannot succeed.
 */
export async function resolveUsable(session: DesktopSession, id: string, expectedName?: string): Promise<ControlRecord> {
  let record: ControlRecord;
  try {
    record = resolveControl(session, id, expectedName);
  } catch (error) {
    const known = (error as { code?: unknown }).code === 'CONTROL_VANISHED' ? session.controlIds.lastKnown(id) : undefined;
    const dialog = known && (await session.blockingDialog(known).catch(() => undefined));
    if (known && dialog) throw blockedError(known, dialog, error);
    throw error;
  }
  const dialog = await session.blockingDialog(record).catch(() => undefined);
  if (dialog) throw blockedError(record, dialog);
  return withLiveObject(session, record);
}

/**
 * The record with its accessible object as it is now: a sheet's cell is asked for again by its place (the toolkit
 * drops the object it made for a listing about 15 seconds later, while a model may take longer to act). Other
 * records are returned as they are.
 */
export async function withLiveObject(session: DesktopSession, record: ControlRecord): Promise<ControlRecord> {
  if (!record.sheetCell) return record;
  let ref: AccessibleRef | undefined;
  try {
    ref = await liveSheetCell(session.atspi, record.sheetCell);
  } catch (error) {
    if (isVanishedError(error)) throw session.vanished(record, error);
    throw error;
  }
  if (!ref) throw session.vanished(record, new Error(`the sheet has no cell at row ${record.sheetCell.row}, column ${record.sheetCell.column}`));
  return { ...record, ref };
}

/**
 * Checks a control right before acting on it, in one round trip: its object still has the role and name it was
 * listed with (an id never moves to another control), and it is enabled — waiting up to `enabledWaitMs` for a
 * disabled one, then failing with {@link ControlDisabledError}.
 */
export async function checkBeforeActing(session: DesktopSession, record: ControlRecord, enabledWaitMs: number): Promise<void> {
  const started = session.clock.monotonic();
  for (;;) {
    let role: string;
    let name: string;
    let states: string[];
    try {
      [role, name, states] = await Promise.all([session.atspi.role(record.ref), session.atspi.name(record.ref), session.atspi.states(record.ref)]);
    } catch (error) {
      if (isVanishedError(error)) throw session.vanished(record, error);
      if (isTimeoutError(error)) throw session.notResponding((await session.requireSelected()).target, error);
      throw error;
    }
    if (role !== record.role || name !== record.rawName) {
      throw new StaleControlIdError(
        `control ${record.id} was the ${record.role} ${JSON.stringify(record.name)} when listed and is now the ${role} ${JSON.stringify(name)}: list the controls again`,
      );
    }
    if (!isDisabled(states)) return;
    if (session.clock.monotonic() - started >= enabledWaitMs) {
      throw new ControlDisabledError(
        `control ${record.id} (${record.role} ${JSON.stringify(record.name)}) is disabled and did not become enabled within ${enabledWaitMs} ms: ` +
          'do what it waits for first (fill a required field, select an item), then click it again',
      );
    }
    await sleep(25);
  }
}
