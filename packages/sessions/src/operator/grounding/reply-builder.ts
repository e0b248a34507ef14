import { ComputerActionSchema, type ComputerAction } from '../computer-action.js';
import type { GroundingEnd, GroundingParse, GroundingProblem, ScreenPoint } from './grounding-dialect.js';

/** Scroll directions the dialects name, as the action's signed pixel deltas. */
const DIRECTIONS: Record<string, { x: number; y: number }> = { up: { x: 0, y: -1 }, down: { x: 0, y: 1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };

/** The `scroll_x`/`scroll_y` of `pixels` towards `direction` (`up`, `down`, `left`, `right`), or undefined. */
export function scrollDelta(direction: string, pixels: number): { scroll_x: number; scroll_y: number } | undefined {
  const d = DIRECTIONS[direction.trim().toLowerCase()];
  return d ? { scroll_x: d.x * pixels, scroll_y: d.y * pixels } : undefined;
}

/**
 * Where the pointer is after `actions` ran, starting from `start`: the point of the last pointer action (the end
 * of a drag), or `start` when none moves it.
 *
 * @example
 * ```ts
 * pointerAfter([{ type: 'click', x: 5, y: 6, button: 'left' }, { type: 'type', text: 'a' }]); // { x: 5, y: 6 }
 * ```
 */
export function pointerAfter(actions: readonly ComputerAction[], start?: ScreenPoint): ScreenPoint | undefined {
  let pointer = start;
  for (const action of actions) {
    if ('x' in action && typeof action.x === 'number' && typeof action.y === 'number') pointer = { x: action.x, y: action.y };
    else if (action.type === 'drag') pointer = action.path[action.path.length - 1];
  }
  return pointer;
}

/**
 * Collects what a dialect reads from one reply: actions (each checked against {@link ComputerActionSchema}),
 * problems, the end of the task and the pointer position the actions leave. {@link result} gives the
 * {@link GroundingParse}: a failure when any problem was found, so no part of a bad reply runs.
 */
export class ReplyBuilder {
  readonly actions: ComputerAction[] = [];
  readonly problems: GroundingProblem[] = [];
  end: GroundingEnd | undefined;
  /** Where the pointer is after the actions so far, in screen pixels. */
  pointer: ScreenPoint | undefined;

  constructor(pointer?: ScreenPoint) {
    this.pointer = pointer;
  }

  /** Adds an action after checking it; the pointer follows pointer actions. */
  act(candidate: Record<string, unknown>, action: string): void {
    const parsed = ComputerActionSchema.safeParse(candidate);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'action'}: ${i.message}`).join('; ');
      this.problem({ kind: 'bad_argument', action, reason: `${action} is not a valid action: ${issues}` });
      return;
    }
    this.actions.push(parsed.data);
    this.pointer = pointerAfter([parsed.data], this.pointer);
  }

  problem(problem: GroundingProblem): void {
    this.problems.push(problem);
  }

  result(thought: string): GroundingParse {
    if (this.problems.length > 0) return { ok: false, thought, problems: [...this.problems] };
    if (this.actions.length === 0 && !this.end) return { ok: false, thought, problems: [{ kind: 'no_action', reason: 'the reply has no action' }] };
    return { ok: true, thought, actions: [...this.actions], ...(this.end ? { end: this.end } : {}) };
  }
}
