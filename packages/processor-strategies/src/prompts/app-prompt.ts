import type { Agent } from '@ufo-ts/agent-fsm';
import type { ContentPart, TargetInfo } from '@ufo-ts/core';
import { appResponseSchemaFor } from '../schemas/responses.js';
import { chatMessages, labelledImage, lastActionsParts, previousPlan, quoteUntrusted, targetsText } from './prompt-parts.js';
import { nativeReplyText, replyFormatText } from './schema-text.js';
import { onTrackSections } from '../progress/progress-prompt.js';

/** What an application-level prompt (AppAgent, LinuxAgent, third-party agents) is built from. */
export interface AppPromptInput {
  /** The overall request. */
  request: string;
  /** The subtask (AppAgent) — omitted for the single-tier LinuxAgent. */
  subtask?: string | undefined;
  application?: string | undefined;
  hostMessage?: string[] | undefined;
  controls?: TargetInfo[] | undefined;
  /** What the listing tool said about its list (cut at a budget, rows out of view, screen text unread). */
  controlNotes?: string[] | undefined;
  /** Top-level windows (single-tier agents choose their window themselves). */
  windows?: TargetInfo[] | undefined;
  screenshot?: string | undefined;
  annotatedScreenshot?: string | undefined;
  toolsText: string;
  /** `json` (default): the reply is one JSON object; `tools`: native tool calls (the tools are not listed as text). */
  replyFormat?: 'json' | 'tools' | undefined;
  /** Extra system instructions (platform notes, a third-party agent's introduction). */
  instructions?: string | undefined;
}

const APP_SYSTEM = `You operate one application on a desktop to complete a task, one step at a time. Each step you see
a screenshot, the same screenshot with numbered boxes over the controls, and the list of controls with their ids.
Choose the next action from the tools below, using control ids from the current list only. Mark an action with
status CONFIRM when it is irreversible or sensitive (sending, deleting, paying): it will run only after the user
approves. When the task is complete, reply with status FINISH (on the last action, or with no action) and put the
complete answer in "result" when the task asks for information. If the task cannot be done, reply FAIL with the
reason in "result". If you need information only the user has, reply PENDING with your questions.`;

/** Builds an application agent's messages; the reply format offers only the statuses the agent's table accepts. */
export function buildAppPrompt(agent: Agent, input: AppPromptInput) {
  const system = [
    APP_SYSTEM,
    input.instructions ?? '',
    ...(input.replyFormat === 'tools'
      ? [nativeReplyText('list')]
      : [`## Tools you can call\n${input.toolsText}`, replyFormatText(appResponseSchemaFor(agent.machine.stateNames))]),
  ]
    .filter(Boolean)
    .join('\n\n');
  const lastActions = lastActionsParts(agent);
  const sections = [
    input.application ? `<Application:> ${input.application}` : '',
    input.subtask !== undefined ? `<Your subtask:>\n${quoteUntrusted('subtask', input.subtask)}` : '',
    input.hostMessage?.length ? `<Messages from the HostAgent:>\n${input.hostMessage.join('\n')}` : '',
    input.windows ? `<Windows on the desktop (id, name):>\n${targetsText(input.windows)}` : '',
    `<Controls of the selected window (id, type, name):>\n${targetsText(input.controls)}`,
    input.controlNotes?.length ? `<Notes on the control list:>\n${input.controlNotes.map((n) => `- ${n}`).join('\n')}` : '',
    `<Your previous plan:>\n${previousPlan(agent).join('\n') || '(none)'}`,
    `<Your last actions and their results:>\n${lastActions.text}`,
    ...onTrackSections(agent),
    `<Overall user request:>\n${quoteUntrusted('user_request', input.request)}`,
  ];
  const user: ContentPart[] = [
    ...agent.blackboard.toPromptParts(),
    ...labelledImage('Current Screenshot:', input.screenshot),
    ...labelledImage('Annotated Screenshot:', input.annotatedScreenshot),
    ...lastActions.images,
    { type: 'text', text: sections.filter(Boolean).join('\n\n') },
  ];
  return chatMessages(system, user);
}
