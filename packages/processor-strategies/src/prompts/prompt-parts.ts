import type { Agent } from '@ufo-ts/agent-fsm';
import type { ChatMessage, ContentPart, ImagePart, TargetInfo } from '@ufo-ts/core';
import { controlContentText } from './control-content-text.js';
import { resultForModel } from './result-for-model.js';

/** Images of the last actions' results shown to the model at most (the latest are kept). */
const MAX_RESULT_IMAGES = 2;

/**
 * The agent's last step for the prompt: one line per action with its result (shortened by the rule of
 * `resultForModel`, so images and base64 never show as text), and the images those results held as image
 * parts, each after a caption naming it (at most two, the latest).
 */
export function lastActionsParts(agent: Agent): { text: string; images: ContentPart[] } {
  const last = agent.memory.latest();
  if (!last || last.actions.length === 0) return { text: '(none)', images: [] };
  const images: Array<{ action: string; image: ImagePart }> = [];
  const lines = last.actions.map((a) => {
    const r = a.result;
    let outcome: string;
    if (!r) outcome = 'not run';
    else if (r.status === 'success') {
      const shown = resultForModel(r.result, images.length + 1);
      for (const image of shown.images) images.push({ action: a.function, image });
      outcome = `success: ${shown.text}`;
    } else outcome = `${r.status}: ${r.error ?? 'no reason given'}`;
    return `- ${a.function}(${JSON.stringify(a.arguments)}) → ${outcome}`;
  });
  const kept = images.slice(-MAX_RESULT_IMAGES);
  const parts = kept.flatMap(({ action, image }, i) => [
    { type: 'text' as const, text: `Image ${images.length - kept.length + i + 1} from the result of ${action}:` },
    image,
  ]);
  return { text: lines.join('\n'), images: parts };
}

/** Text describing the agent's last step: its actions and their results, so the model sees failures. */
export function lastActionsText(agent: Agent): string {
  return lastActionsParts(agent).text;
}

/** The previous plan of the agent, if any. */
export function previousPlan(agent: Agent): string[] {
  return agent.memory.latest()?.plan ?? [];
}

/** A compact list of targets (windows or controls) for the prompt. */
export function targetsText(targets: readonly TargetInfo[] | undefined): string {
  if (!targets?.length) return '(none)';
  return targets
    .map((t) => {
      return `[${t.id}] ${t.type ? `${t.type} ` : ''}"${t.name}"${labelText(t)}${controlContentText(t)}${statesText(t)}${t.kind === 'third_party_agent' ? ' (agent)' : ''}`;
    })
    .join('\n');
}

/** ` labelled "Name:"` for an unnamed field with a caption (`(inferred)` when read from the layout), else empty. */
function labelText(t: TargetInfo): string {
  const label = t.extra?.label;
  if (typeof label !== 'string' || label === '') return '';
  return ` labelled ${JSON.stringify(label)}${t.extra?.label_source === 'inferred' ? ' (inferred from the layout)' : ''}`;
}

/** ` [disabled, checked]` from the tool's `states` list, else empty. */
function statesText(t: TargetInfo): string {
  const states = t.extra?.states;
  if (!Array.isArray(states)) return '';
  const names = states.filter((s): s is string => typeof s === 'string' && s !== '');
  return names.length > 0 ? ` [${names.join(', ')}]` : '';
}

/** An image part with a caption. */
export function labelledImage(label: string, dataUrl: string | undefined): ContentPart[] {
  return dataUrl
    ? [
        { type: 'text', text: label },
        { type: 'image', image: dataUrl, mediaType: 'image/png' },
      ]
    : [];
}

/** The two messages every agent sends: a system string and the user's parts. */
export function chatMessages(system: string, user: ContentPart[]): ChatMessage[] {
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/**
 * Wraps untrusted text (the user's request, subtasks, tool output quoted back) so role markers and
 * "ignore previous instructions" style text cannot pose as instructions.
 */
export function quoteUntrusted(name: string, value: string, maxLength = 10_000): string {
  const clipped = value.length > maxLength ? `${value.slice(0, maxLength)}…` : value;
  const neutral = clipped
    .replace(/<\/?user_input[^>]*>/gi, '')
    .replace(/^\s*(system|assistant|user)\s*:/gim, '$1 said:')
    .replace(/\[(SYSTEM|INST)\]\s*:?/gi, '($1)');
  return `<user_input name="${name}">${neutral}</user_input>`;
}
