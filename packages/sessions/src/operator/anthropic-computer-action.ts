/** Anthropic's click actions, as OpenAI-style click types and buttons. */
const CLICKS: Record<string, Record<string, unknown>> = {
  left_click: { type: 'click', button: 'left' },
  right_click: { type: 'click', button: 'right' },
  middle_click: { type: 'click', button: 'wheel' },
  double_click: { type: 'double_click' },
  triple_click: { type: 'triple_click' },
};

/** `"ctrl+shift"` → `["ctrl", "shift"]` (Anthropic writes keys in xdotool's `+` syntax). */
function keyList(text: unknown): string[] {
  return String(text ?? '')
    .split('+')
    .filter(Boolean);
}

function pair(value: unknown): [unknown, unknown] {
  return Array.isArray(value) ? [value[0], value[1]] : [undefined, undefined];
}

/**
 * Converts an Anthropic computer-tool input (computer_20250124 and later: `{ action: "left_click", coordinate: [x, y] }`,
 * `right_click`, `middle_click`, `double_click`, `triple_click` and `scroll` with the keys to hold in `text`; `key`,
 * `hold_key` with `duration`, `type`, `mouse_move`, `left_click_drag`, `left_mouse_down`, `left_mouse_up`,
 * `cursor_position`, `wait`, `screenshot`, `zoom`) into the OpenAI-style action shape of `ComputerActionSchema`. Anything
 * else passes through unchanged for the schema to judge; `zoom` becomes `{ type: 'zoom' }`, which the schema refuses,
 * and a button press or release keeps a `coordinate` it should not have, which the schema refuses too.
 *
 * @example
 * ```ts
 * fromAnthropicComputerAction({ action: 'left_click', coordinate: [10, 20], text: 'ctrl+shift' });
 * // { type: 'click', button: 'left', x: 10, y: 20, keys: ['ctrl', 'shift'] }
 * ```
 */
export function fromAnthropicComputerAction(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const input = value as Record<string, unknown>;
  if (typeof input.type === 'string' || typeof input.action !== 'string') return value;
  const [x, y] = pair(input.coordinate);
  const at = { x, y };
  const held = input.text === undefined || input.text === null || input.text === '' ? {} : { keys: keyList(input.text) };
  const click = CLICKS[input.action];
  if (click) return { ...click, ...at, ...held };
  switch (input.action) {
    case 'mouse_move':
      return { type: 'move', ...at };
    case 'type':
      return { type: 'type', text: input.text };
    case 'key':
      return { type: 'keypress', keys: keyList(input.text) };
    case 'hold_key':
      return { type: 'hold_key', keys: keyList(input.text), seconds: input.duration };
    case 'left_mouse_down':
    case 'left_mouse_up':
      return {
        type: input.action === 'left_mouse_down' ? 'mouse_down' : 'mouse_up',
        button: 'left',
        ...(input.coordinate === undefined ? {} : { coordinate: input.coordinate }),
      };
    case 'left_click_drag': {
      const [sx, sy] = pair(input.start_coordinate);
      return { type: 'drag', path: [{ x: sx, y: sy }, at] };
    }
    case 'scroll': {
      const amount = Number(input.scroll_amount ?? 3) * 100;
      const direction = String(input.scroll_direction ?? 'down');
      const dx = direction === 'right' ? amount : direction === 'left' ? -amount : 0;
      const dy = direction === 'down' ? amount : direction === 'up' ? -amount : 0;
      return { type: 'scroll', ...at, scroll_x: dx, scroll_y: dy, ...held };
    }
    case 'cursor_position':
      return { type: 'cursor_position' };
    case 'wait':
      return { type: 'wait', ...(typeof input.duration === 'number' ? { seconds: input.duration } : {}) };
    case 'screenshot':
      return { type: 'screenshot' };
    case 'zoom':
      return { type: 'zoom', region: input.region };
    default:
      return value;
  }
}
