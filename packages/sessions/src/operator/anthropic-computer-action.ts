/**
 * Converts an Anthropic computer-tool input (`{ action: "left_click", coordinate: [x, y] }`, `key`, `type`,
 * `mouse_move`, `left_click_drag`, `scroll`, `double_click`, `right_click`, `middle_click`, `wait`, `screenshot`)
 * into the OpenAI-style action shape. Anything else passes through unchanged for the schema to judge.
 */
export function fromAnthropicComputerAction(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const input = value as Record<string, unknown>;
  if (typeof input.type === 'string' || typeof input.action !== 'string') return value;
  const [x, y] = Array.isArray(input.coordinate) ? (input.coordinate as number[]) : [undefined, undefined];
  const at = { x, y };
  switch (input.action) {
    case 'left_click':
      return { type: 'click', button: 'left', ...at };
    case 'right_click':
      return { type: 'click', button: 'right', ...at };
    case 'middle_click':
      return { type: 'click', button: 'wheel', ...at };
    case 'double_click':
      return { type: 'double_click', ...at };
    case 'mouse_move':
      return { type: 'move', ...at };
    case 'type':
      return { type: 'type', text: input.text };
    case 'key':
      return { type: 'keypress', keys: String(input.text ?? '').split('+').filter(Boolean) };
    case 'left_click_drag': {
      const [sx, sy] = Array.isArray(input.start_coordinate) ? (input.start_coordinate as number[]) : [undefined, undefined];
      return { type: 'drag', path: [{ x: sx, y: sy }, at] };
    }
    case 'scroll': {
      const amount = Number(input.scroll_amount ?? 3) * 100;
      const direction = String(input.scroll_direction ?? 'down');
      const dx = direction === 'right' ? amount : direction === 'left' ? -amount : 0;
      const dy = direction === 'down' ? amount : direction === 'up' ? -amount : 0;
      return { type: 'scroll', ...at, scroll_x: dx, scroll_y: dy };
    }
    case 'wait':
      return { type: 'wait', ...(typeof input.duration === 'number' ? { seconds: input.duration } : {}) };
    case 'screenshot':
      return { type: 'screenshot' };
    default:
      return value;
  }
}
