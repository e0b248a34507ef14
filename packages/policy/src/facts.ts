/** The control a command acts on, as far as it is known. */
export interface ControlFacts {
  /** Role or control type (AT-SPI `password text`, UIA `Edit`). */
  role?: string | undefined;
  name?: string | undefined;
  /** Caption of an unnamed field. */
  label?: string | undefined;
}

/** The app or window a command acts in, as far as it is known. */
export interface AppFacts {
  /** The window's title. */
  title?: string | undefined;
  /** The process or program (root name, e.g. `gnome-calculator`, `WINWORD.EXE`). */
  process?: string | undefined;
}

/**
 * What a policy is evaluated on: one command and what is known around it.
 *
 * @example
 * ```ts
 * const facts: ActionFacts = {
 *   tool: 'set_edit_text',
 *   toolType: 'action',
 *   arguments: { id: 'a7', text: 'hunter2' },
 *   target: { role: 'password text', name: 'Password' },
 *   app: { title: 'Log in', process: 'zenity' },
 * };
 * ```
 */
export interface ActionFacts {
  tool: string;
  toolType: 'action' | 'data_collection';
  arguments: Readonly<Record<string, unknown>>;
  /**
   * The control acted on: its facts when known, `null` when the command acts on no control (a shell command, a
   * launch), `undefined` when it may act on one that is not known.
   */
  target?: ControlFacts | null | undefined;
  /** The app or window, `undefined` when not known. */
  app?: AppFacts | undefined;
}
