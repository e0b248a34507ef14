import { pngSize } from '@ufo-ts/imaging';
import { anthropicMessageBody, openAIResponsesBody } from '@ufo-ts/llm-providers/testing';
import type { PixelSize, ScreenAction, ScreenReply } from './screen-player.js';

/** The wire format a computer-use reply goes out in. */
export type ComputerUseWire = 'openai' | 'anthropic';

/**
 * The size of the last PNG image in a request body (the screenshot the model would be looking at), in document
 * order: a `data:image/png;base64,…` URL (OpenAI's `input_image.image_url` and `computer_call_output.output.image_url`)
 * or a base64 source (Anthropic's `{ type: "image", source: { type: "base64", data } }`, in a user message or a
 * `tool_result`). Undefined when the body has none.
 *
 * @example
 * ```ts
 * lastImageSize({ input: [{ type: 'input_image', image_url: 'data:image/png;base64,iVBOR…' }] }); // { width: 1280, height: 800 }
 * ```
 */
export function lastImageSize(body: unknown): PixelSize | undefined {
  let last: string | undefined;
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const m = /^data:image\/png;base64,(.*)$/s.exec(value);
      if (m) last = m[1];
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.type === 'base64' && typeof record.data === 'string' && (record.media_type ?? 'image/png') === 'image/png') last = record.data;
      for (const item of Object.values(record)) walk(item);
    }
  };
  walk(body);
  if (last === undefined) return undefined;
  try {
    return pngSize(Buffer.from(last.slice(0, 44), 'base64'));
  } catch {
    return undefined;
  }
}

/** OpenAI's key names for xdotool's (`Return` → `ENTER`); a letter or another key is upper-cased. */
const OPENAI_KEYS: Record<string, string> = {
  return: 'ENTER',
  enter: 'ENTER',
  escape: 'ESC',
  backspace: 'BACKSPACE',
  tab: 'TAB',
  delete: 'DELETE',
  space: 'SPACE',
  page_up: 'PAGEUP',
  page_down: 'PAGEDOWN',
};

/**
 * One action as an OpenAI computer action (the openai SDK's `ResponseComputerToolCall` action union: `click` with
 * `button`, `x`, `y`; `double_click`; `type` with `text`; `keypress` with `keys` like `["CTRL", "S"]`; `wait`).
 */
export function openAIComputerAction(action: ScreenAction): Record<string, unknown> {
  switch (action.kind) {
    case 'click':
      return action.double
        ? { type: 'double_click', x: action.x, y: action.y }
        : { type: 'click', button: action.button === 'middle' ? 'wheel' : action.button, x: action.x, y: action.y };
    case 'type':
      return { type: 'type', text: action.text };
    case 'keys':
      return { type: 'keypress', keys: action.keys.map((k) => OPENAI_KEYS[k.toLowerCase()] ?? k.toUpperCase()) };
    case 'wait':
      return { type: 'wait' };
  }
}

/**
 * One action as the input of Anthropic's computer tool (`computer_20250124`, as Anthropic's computer-use tool
 * reference documents it: `left_click` / `right_click` / `middle_click` / `double_click` with `coordinate: [x, y]`,
 * `type` with `text`, `key` with xdotool syntax like `ctrl+s`, `wait` with `duration` in seconds).
 */
export function anthropicComputerInput(action: ScreenAction): Record<string, unknown> {
  switch (action.kind) {
    case 'click':
      return { action: action.double ? 'double_click' : `${action.button}_click`, coordinate: [action.x, action.y] };
    case 'type':
      return { action: 'type', text: action.text };
    case 'keys':
      return { action: 'key', text: action.keys.join('+') };
    case 'wait':
      return { action: 'wait', duration: action.seconds };
  }
}

/**
 * A reply as a Responses API body (`object: "response"`, built on the suite's fixture body): a reply with actions
 * is one `computer_call` item carrying them as a batch (`actions`, the GA `computer` tool's shape, as in the openai
 * SDK's `ResponseComputerToolCall`: `type`, `id`, `call_id`, `actions`, `pending_safety_checks`, `status`), after a
 * `message` with the thought; the end of the task is a `message` with the final text.
 */
export function openAIComputerResponse(reply: ScreenReply, n: number): Record<string, unknown> {
  if ('finish' in reply) return openAIResponsesBody({ content: reply.finish, model: 'gpt-5.4' });
  const body = openAIResponsesBody({ content: reply.thought, model: 'gpt-5.4' });
  const output = body.output as unknown[];
  output.push({
    type: 'computer_call',
    id: `cu_fixture_${n}`,
    call_id: `call_fixture_${n}`,
    actions: reply.actions.map(openAIComputerAction),
    pending_safety_checks: [],
    status: 'completed',
  });
  return body;
}

/**
 * A reply as a Messages API body (`type: "message"`, built on the suite's fixture body): the thought as a `text`
 * block, then one `tool_use` block of the `computer` tool per action (several tool uses in one message, as
 * Anthropic's parallel tool use sends them), `stop_reason: "tool_use"`; the end of the task is a `text` block with
 * `stop_reason: "end_turn"`.
 */
export function anthropicComputerMessage(reply: ScreenReply, n: number): Record<string, unknown> {
  if ('finish' in reply) return anthropicMessageBody({ content: reply.finish });
  return anthropicMessageBody({
    content: reply.thought,
    toolCalls: reply.actions.map((action, i) => ({ id: `toolu_fixture_${n}_${i + 1}`, name: 'computer', arguments: anthropicComputerInput(action) })),
  });
}
