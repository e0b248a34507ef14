/**
 * What the operator answers a `cursor_position` action with: no tool runs, and the screenshot does not show the
 * pointer (X screenshots leave it out), so the model is told where it is by its own actions.
 */
export const CURSOR_POSITION_TEXT = 'the pointer is where your last pointer action (click, move, drag, mouse_down or mouse_up) left it; nothing was run';
