import type { PixelSize } from '../display-scaling.js';
import { QWEN_COMPUTER_ACTIONS } from './qwen-computer-use.js';

/** What a Qwen-VL model is reminded of when it is asked again. */
export const QWEN_FORMAT_REMINDER = 'Answer with one <tool_call>{"name": "computer_use", "arguments": {"action": ..., ...}}</tool_call> block.';

/** The `computer_use` function as the Qwen-VL models expect it, for a screen the model is told is `display` pixels. */
export function computerUseFunction(display: PixelSize): Record<string, unknown> {
  return {
    type: 'function',
    function: {
      name_for_human: 'computer_use',
      name: 'computer_use',
      description: [
        'Use a mouse and keyboard to interact with a computer, and take screenshots.',
        '* This is an interface to a desktop GUI; start applications by clicking their icons.',
        '* Applications may take time to respond: wait and look at the next screenshot before acting again.',
        `* The screen's resolution is ${display.width}x${display.height}.`,
        '* Look at the screenshot to find the coordinates of an element before you move the cursor to it.',
        '* Click buttons, links and icons in their centre, not on their edges.',
      ].join('\n'),
      parameters: {
        properties: {
          action: {
            description: [
              'The action to perform:',
              '* `key`: press the keys in `keys` together (e.g. ["ctrl", "c"]).',
              '* `type`: type `text`.',
              '* `mouse_move`: move the cursor to `coordinate`.',
              '* `left_click`, `right_click`, `middle_click`, `double_click`, `triple_click`: click at `coordinate`.',
              '* `left_click_drag`: press at the cursor and drag to `coordinate`.',
              '* `scroll` / `hscroll`: scroll by `pixels` at `coordinate` (positive: up / right).',
              '* `wait`: wait `time` seconds.',
              '* `terminate`: end the task with `status`.',
              '* `answer`: give `text` as the answer.',
            ].join('\n'),
            enum: [...QWEN_COMPUTER_ACTIONS],
            type: 'string',
          },
          keys: { description: 'Required only by `action=key`.', type: 'array' },
          text: { description: 'Required only by `action=type` and `action=answer`.', type: 'string' },
          coordinate: { description: '(x, y): pixels from the left and top edges of the screen.', type: 'array' },
          pixels: { description: 'Scroll amount; positive scrolls up (or right). Required only by `action=scroll` and `action=hscroll`.', type: 'number' },
          time: { description: 'Seconds to wait. Required only by `action=wait`.', type: 'number' },
          status: { description: 'Required only by `action=terminate`.', type: 'string', enum: ['success', 'failure'] },
        },
        required: ['action'],
        type: 'object',
      },
    },
  };
}

/**
 * The Qwen-VL function-calling system prompt with the `computer_use` tool: the tool inside `<tools>` tags and the
 * `<tool_call>` reply format the models were trained on.
 *
 * @example
 * ```ts
 * qwenComputerUsePrompt({ width: 1000, height: 1000 }); // 'You are a helpful assistant.\n\n# Tools\n...'
 * ```
 */
export function qwenComputerUsePrompt(display: PixelSize, instructions?: string): string {
  return [
    'You are a helpful assistant.',
    '',
    '# Tools',
    '',
    'You may call one or more functions to assist with the user query.',
    '',
    'You are provided with function signatures within <tools></tools> XML tags:',
    '<tools>',
    JSON.stringify(computerUseFunction(display)),
    '</tools>',
    '',
    'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:',
    '<tool_call>',
    '{"name": <function-name>, "arguments": <args-json-object>}',
    '</tool_call>',
    ...(instructions ? ['', instructions] : []),
  ].join('\n');
}
