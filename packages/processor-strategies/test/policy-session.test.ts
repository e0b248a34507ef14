import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session, type EngineEvent } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { withPolicy } from '@ufo-ts/dispatchers';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createLinuxAgent, NATIVE_TOOL_FEATURES, toNativeReplies } from '../src/index.js';

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

const MAIL = '0x3c00004';
const POLICY = {
  rules: [{ id: 'no-send', match: { kind: 'send' as const }, decision: 'deny' as const, reason: 'the agent never sends mail' }],
};
const replies = [
  { observation: 'o', thought: 'open the mail window', action: { function: 'select_application_window', arguments: { id: MAIL } } },
  {
    observation: 'o',
    thought: 'send it',
    action: [
      { function: 'click_input', arguments: { id: '1' } },
      { function: 'click_input', arguments: { id: '2' } },
      { function: 'send_email', arguments: { to: 'boss@example.com', body: 'hi' } },
    ],
  },
  { observation: 'o', thought: 'not allowed', status: 'FINISH', result: 'stopped by policy' },
];

async function run(toolMode: 'text' | 'native') {
  const fake = createFakeDesktopDispatcher();
  cleanup.push(() => fake.dispatcher.close());
  const dispatcher = withPolicy(fake.dispatcher, POLICY);
  const model = new ScriptedModel(toolMode === 'native' ? { features: NATIVE_TOOL_FEATURES, replies: toNativeReplies(replies) } : { replies });
  const logSink = new MemoryLogSink();
  const interactor = new ProgrammaticInteractor({ requests: ['email the boss'] });
  const events = new EventBus();
  const seen: EngineEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink, toolMode });
  const session = new Session({ task: 't', logSink, dispatcher, interactor, events, maxSteps: 6, startAgent: () => (agent.reset(), agent) });
  await session.run();
  return { fake, logSink, seen };
}

describe('a policy in a LinuxAgent session', () => {
  for (const toolMode of ['text', 'native'] as const) {
    it(`${toolMode} mode: the denied Send never reaches the desktop; response.log and the command event name the rule`, async () => {
      const { fake, logSink, seen } = await run(toolMode);
      // what the desktop did, read back from its state
      expect(fake.desktop.state.sentEmails).toEqual([]);
      expect(fake.desktop.state.calls.filter((c) => c === 'click_input')).toHaveLength(1);
      expect(fake.desktop.state.calls).not.toContain('send_email');
      const step = logSink.lines.response.find((line) =>
        (line as { actions?: unknown[] }).actions?.some((a) => (a as { function: string }).function === 'click_input'),
      ) as {
        actions: Array<{ function: string; result?: { status: string; code?: string; policy?: { decision: string; rule?: string; reason: string } } }>;
      };
      expect(step.actions[0]!.result).toMatchObject({ status: 'success', policy: { decision: 'allow' } });
      expect(step.actions[1]!.result).toMatchObject({
        status: 'failure',
        code: 'POLICY_DENIED',
        policy: { decision: 'deny', rule: 'no-send', reason: 'the agent never sends mail' },
      });
      const denied = seen.filter((e) => e.type === 'command' && e.policy?.decision === 'deny');
      expect(denied).toEqual([expect.objectContaining({ tool: 'click_input', status: 'failure', policy: expect.objectContaining({ rule: 'no-send' }) })]);
    });
  }
});
