import { IMAGE_PIXELS } from './coordinate-space.js';
import type { GroundingDialect } from './grounding-dialect.js';
import { alignedImageSize, QWEN25_RESIZE, type SmartResizeLimits } from './image-size.js';
import { readQwenComputerUse } from './qwen-computer-use.js';
import { QWEN_FORMAT_REMINDER, qwenComputerUsePrompt } from './qwen-prompt.js';

/**
 * Qwen2.5-VL's computer use: `<tool_call>{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [x, y]}}</tool_call>`
 * with `coordinate` in absolute pixels of the image the model sees. The screenshot is sent at a size the model's
 * processor keeps (sides multiples of 28, `limits`), and the tool declares that size as the screen's resolution,
 * so the pixels it answers in are pixels of the image sent.
 *
 * @example
 * ```ts
 * qwen25VlDialect().parse('<tool_call>{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [630, 392]}}</tool_call>', { width: 1260, height: 784 }, { width: 1280, height: 800 });
 * // { ok: true, thought: '', actions: [{ type: 'click', x: 640, y: 400, button: 'left' }] }
 * ```
 */
export function qwen25VlDialect(limits: SmartResizeLimits = QWEN25_RESIZE): GroundingDialect {
  return {
    name: 'qwen2.5-vl',
    formatReminder: QWEN_FORMAT_REMINDER,
    systemPrompt: (options) => qwenComputerUsePrompt(options.image, options.instructions),
    imageSize: (screen, max) => alignedImageSize(screen, max, limits),
    parse: (text, image, screen, context) => readQwenComputerUse(text, IMAGE_PIXELS, image, screen, context),
  };
}
