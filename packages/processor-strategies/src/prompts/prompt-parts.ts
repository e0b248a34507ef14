import type { Agent } from '@ufo-ts/agent-fsm';
import type { ChatMessage, ContentPart, TargetInfo } from '@ufo-ts/core';

/** Text describing the agent's last step: its actions and their results, so the model sees failures. */
export function lastActionsText(agent: Agent): string {
  const last = agent.memory.latest();
  if (!last || last.actions.length === 0) return '(none)';
  return last.actions
    .map((a) => {
      const r = a.result;
      const outcome = !r
        ? 'not run'
        : r.status === 'success'
          ? `success: ${truncate(JSON.stringify(r.result ?? null), 600)}`
          : `${r.status}: ${r.error ?? 'no reason given'}`;
      return `- ${a.function}(${JSON.stringify(a.arguments)}) → ${outcome}`;
    })
    .join('\n');
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
      const shown = t.extra?.text ?? t.extra?.value;
      const value = typeof shown === 'string' || typeof shown === 'number' ? ` shows ${JSON.stringify(String(shown))}` : '';
      return `[${t.id}] ${t.type ? `${t.type} ` : ''}"${t.name}"${value}${t.kind === 'third_party_agent' ? ' (agent)' : ''}`;
    })
    .join('\n');
}

/** An image part with a caption. */
export function labelledImage(label: string, dataUrl: string | undefined): ContentPart[] {
  return dataUrl ? [{ type: 'text', text: label }, { type: 'image', image: dataUrl, mediaType: 'image/png' }] : [];
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
 * "ignore previous instructions" style text cannot pose as instructions (inventory A17).
 */
export function quoteUntrusted(name: string, value: string, maxLength = 10_000): string {
  const clipped = value.length > maxLength ? `${value.slice(0, maxLength)}…` : value;
  const neutral = clipped
    .replace(/<\/?user_input[^>]*>/gi, '')
    .replace(/^\s*(system|assistant|user)\s*:/gim, '$1 said:')
    .replace(/\[(SYSTEM|INST)\]\s*:?/gi, '($1)');
  return `<user_input name="${name}">${neutral}</user_input>`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
