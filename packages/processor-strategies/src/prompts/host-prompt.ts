import type { HostAgent } from '@ufo-ts/agent-fsm';
import type { ContentPart, SubtaskRecord, TargetInfo } from '@ufo-ts/core';
import { HostResponseSchema } from '../schemas/responses.js';
import { chatMessages, labelledImage, lastActionsParts, previousPlan, quoteUntrusted, targetsText } from './prompt-parts.js';
import { nativeReplyText, replyFormatText } from './schema-text.js';

/** What the HostAgent's prompt is built from. */
export interface HostPromptInput {
  request: string;
  targets: TargetInfo[];
  previousSubtasks: SubtaskRecord[];
  screenshot?: string | undefined;
  toolsText: string;
  /** `json` (default): the reply is one JSON object; `tools`: native tool calls (the tools are not listed as text). */
  replyFormat?: 'json' | 'tools' | undefined;
}

const HOST_SYSTEM = `You are the HostAgent of a desktop automation engine. You break the user's request into subtasks,
and for each subtask you select the application window (or the registered agent) that should do it by calling
select_application_window with its id and name and status ASSIGN. An application agent then works inside that
window and reports back; you see its result under "Previous subtasks". When the request is fully done, reply
status FINISH and put any answer the user asked for in "result". If you need information only the user has, reply
status PENDING with your questions. Never invent window ids: use only ids from the list.`;

/** Builds the HostAgent's messages. */
export function buildHostPrompt(agent: HostAgent, input: HostPromptInput) {
  const system =
    input.replyFormat === 'tools'
      ? `${HOST_SYSTEM}\n\n${nativeReplyText('single')}`
      : `${HOST_SYSTEM}\n\n## Tools you can call\n${input.toolsText}\n\n${replyFormatText(HostResponseSchema)}`;
  const lastActions = lastActionsParts(agent);
  const user: ContentPart[] = [
    ...agent.blackboard.toPromptParts(),
    ...labelledImage('Current Screenshots:', input.screenshot),
    ...lastActions.images,
    {
      type: 'text',
      text: [
        `<Available windows and agents:>\n${targetsText(input.targets)}`,
        `<Previous subtasks:>\n${input.previousSubtasks.length ? JSON.stringify(input.previousSubtasks) : '(none)'}`,
        `<Your previous plan:>\n${previousPlan(agent).join('\n') || '(none)'}`,
        `<Your last actions and their results:>\n${lastActions.text}`,
        `<User request:>\n${quoteUntrusted('user_request', input.request)}`,
      ].join('\n\n'),
    },
  ];
  return chatMessages(system, user);
}
