import { computerDisplaySize } from '../display-scaling.js';
import { RELATIVE_1000 } from './coordinate-space.js';
import type { GroundingDialect } from './grounding-dialect.js';
import { readQwenComputerUse } from './qwen-computer-use.js';
import { QWEN_FORMAT_REMINDER, qwenComputerUsePrompt } from './qwen-prompt.js';

/**
 * Qwen3-VL's computer use: the same `computer_use` call format, with `coordinate` relative on a 0–1000 grid over
 * the screenshot (the tool declares a 1000×1000 screen), so any image size works.
 *
 * @example
 * ```ts
 * qwen3VlDialect().parse('<tool_call>{"name": "computer_use", "arguments": {"action": "double_click", "coordinate": [250, 750]}}</tool_call>', { width: 1092, height: 683 }, { width: 1280, height: 800 });
 * // { ok: true, thought: '', actions: [{ type: 'double_click', x: 320, y: 600 }] }
 * ```
 */
export function qwen3VlDialect(): GroundingDialect {
  return {
    name: 'qwen3-vl',
    formatReminder: QWEN_FORMAT_REMINDER,
    systemPrompt: (options) => qwenComputerUsePrompt({ width: 1000, height: 1000 }, options.instructions),
    imageSize: (screen, max) => computerDisplaySize(screen, max),
    parse: (text, image, screen, context) => readQwenComputerUse(text, RELATIVE_1000, image, screen, context),
  };
}
