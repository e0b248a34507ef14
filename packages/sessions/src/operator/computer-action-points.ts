import type { ComputerAction } from './computer-action.js';

/** A point in pixels. */
export interface ActionPoint {
  x: number;
  y: number;
}

/**
 * The action with each of its points (a click's, scroll's or move's `x`/`y`, every point of a drag's path) passed through `convert`, e.g. to scale them from the model's display to the
 * screen. Actions without points come back unchanged.
 *
 * @example
 * ```ts
 * mapActionPoints({ type: 'triple_click', x: 10, y: 20, keys: null }, (p) => ({ x: p.x * 2, y: p.y * 2 }));
 * // { type: 'triple_click', x: 20, y: 40, keys: null }
 * ```
 */
export function mapActionPoints(action: ComputerAction, convert: (point: ActionPoint) => ActionPoint): ComputerAction {
  switch (action.type) {
    case 'click':
    case 'double_click':
    case 'triple_click':
    case 'scroll':
    case 'move':
      return { ...action, ...convert(action) };
    case 'drag':
      return { ...action, path: action.path.map(convert) };
    default:
      return action;
  }
}
