import type { GroundingPromptOptions } from './grounding-dialect.js';

/**
 * The UI-TARS desktop prompt: the `Thought:`/`Action:` output format and the computer-use action space the
 * UI-TARS models were trained on, in their own call syntax, then how coordinates are read here.
 */
export function uiTarsSystemPrompt(options: GroundingPromptOptions, coordinates: 'relative' | 'image-pixels'): string {
  const grid =
    coordinates === 'relative'
      ? 'Coordinates are on a 0-1000 grid over the screenshot: (0,0) is its top-left corner, (1000,1000) its bottom-right.'
      : `Coordinates are pixels of the ${options.image.width}x${options.image.height} screenshot, from its top-left corner.`;
  return [
    'You are a GUI agent. You are given a task and your action history, with screenshots. You need to perform the next action to complete the task.',
    '',
    '## Output Format',
    '```',
    'Thought: ...',
    'Action: ...',
    '```',
    '',
    '## Action Space',
    '',
    "click(start_box='<|box_start|>(x1,y1)<|box_end|>')",
    "left_double(start_box='<|box_start|>(x1,y1)<|box_end|>')",
    "right_single(start_box='<|box_start|>(x1,y1)<|box_end|>')",
    "drag(start_box='<|box_start|>(x1,y1)<|box_end|>', end_box='<|box_start|>(x3,y3)<|box_end|>')",
    "hotkey(key='ctrl c') # Keys in lowercase, separated by spaces, at most 3 keys.",
    "type(content='xxx') # Escape \\', \\\" and \\n inside content. End content with \\n to submit what you typed.",
    "scroll(start_box='<|box_start|>(x1,y1)<|box_end|>', direction='down or up or right or left') # Scroll to see more on the `direction` side.",
    'wait() # Sleep for 5s, then look at the new screenshot.',
    "finished(content='xxx') # The task is done; content is the answer, escaped as in type.",
    "call_user() # Ask the user, when the task cannot be done or needs the user's help.",
    '',
    '## Note',
    `- Use ${options.language ?? 'English'} in \`Thought\` part.`,
    '- Write a small plan and finally summarize your next action (with its target element) in one sentence in `Thought` part.',
    `- ${grid}`,
    ...(options.instructions ? ['', options.instructions] : []),
  ].join('\n');
}
