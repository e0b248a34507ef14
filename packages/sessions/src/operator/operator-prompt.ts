import type { Agent } from '@ufo-ts/agent-fsm';
import type { ChatMessage, ContentPart } from '@ufo-ts/core';
import { chatMessages, labelledImage, quoteUntrusted, replyFormatText } from '@ufo-ts/processor-strategies';
import { OperatorResponseSchema } from './computer-action.js';

const SYSTEM = `You operate a computer through its screen, like a person with a mouse and a keyboard. Each step you see
a screenshot of the whole screen and choose ONE next action: click, double_click, triple_click, scroll, type,
keypress, move, drag, mouse_down, mouse_up, hold_key, wait or screenshot ("keys" on a pointer action are held down
during it). Coordinates are pixels of the screenshot, from its top-left corner. After each action
you get a new screenshot; check that the action did what you wanted before going on. Set "sensitive": true on an
action that sends, deletes, pays or cannot be undone: it runs only after the user approves. When the task is
done, reply with no action and status FINISH, with the answer in "result" when the task asks for one; reply FAIL
if it cannot be done, or PENDING with "questions" if only the user can tell you something.`;

/** What the operator's prompt is built from. */
export interface OperatorPromptInput {
  request: string;
  screenshot?: string | undefined;
  screen?: { width: number; height: number } | undefined;
  instructions?: string | undefined;
}

/** The operator's messages: instructions with the reply schema; blackboard, screenshot, recent actions, request. */
export function buildOperatorPrompt(agent: Agent, input: OperatorPromptInput): ChatMessage[] {
  const system = [SYSTEM, input.instructions ?? '', replyFormatText(OperatorResponseSchema)].filter(Boolean).join('\n\n');
  const recent = agent.memory
    .all()
    .slice(-8)
    .map(
      (m) =>
        `- step ${m.step}: ${m.actions.map((a) => `${a.representation ?? a.function} → ${a.result ? a.result.status : 'not run'}${a.result?.error ? ` (${a.result.error})` : ''}`).join('; ') || '(no action)'}`,
    );
  const user: ContentPart[] = [
    ...agent.blackboard.toPromptParts(),
    ...labelledImage(`Current screenshot${input.screen ? ` (${input.screen.width}×${input.screen.height} pixels)` : ''}:`, input.screenshot),
    {
      type: 'text',
      text: [
        input.screenshot ? '' : '(No screenshot could be taken this step.)',
        `<Your previous plan:>\n${agent.memory.latest()?.plan?.join('\n') || '(none)'}`,
        `<Your recent actions and their results:>\n${recent.join('\n') || '(none)'}`,
        `<User request:>\n${quoteUntrusted('user_request', input.request)}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
  ];
  return chatMessages(system, user);
}
