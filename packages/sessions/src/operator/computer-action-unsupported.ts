import { SessionError } from '../errors.js';
import type { ComputerAction } from './computer-action.js';

/**
 * Thrown by `mapComputerAction` for a computer action the platform's tools cannot perform (code
 * `COMPUTER_ACTION_UNSUPPORTED`): e.g. a triple click, a pointer move or a click with keys held on Windows. The
 * message says what to do instead; `action` is the action's type.
 *
 * @example
 * ```ts
 * try {
 *   mapComputerAction({ type: 'move', x: 1, y: 2 }, WINDOWS_OPERATOR_TOOLS, screen);
 * } catch (error) {
 *   if (error instanceof ComputerActionUnsupportedError) answer(error.message); // "move: no pointer-move tool ..."
 * }
 * ```
 */
export class ComputerActionUnsupportedError extends SessionError {
  /** The refused action's type. */
  readonly action: ComputerAction['type'];

  constructor(action: ComputerAction['type'], reason: string) {
    super('COMPUTER_ACTION_UNSUPPORTED', `${action}: ${reason}`, { details: { action, reason } });
    this.action = action;
  }
}
