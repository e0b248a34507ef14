import { EventBus, MemoryLogSink, ProgrammaticInteractor, Session } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createLinuxAgent } from '../src/index.js';
import { notesFromResult } from '../src/strategies/tool-results.js';
import { StuckApp } from './stuck-app.js';

const finish = { observation: 'o', thought: 'done', action: [], status: 'FINISH' };

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function promptsWith(notes: string[]): Promise<string[]> {
  const app = new StuckApp();
  app.listingNotes = notes;
  const dispatcher = app.dispatcher();
  closers.push(() => dispatcher.close());
  const model = new ScriptedModel({ replies: [finish] });
  const logs = new MemoryLogSink();
  const events = new EventBus();
  const interactor = new ProgrammaticInteractor({ requests: ['read the list'] });
  const agent = createLinuxAgent({ model, dispatcher, interactor, events, logSink: logs, linux: { annotate: false } });
  const session = new Session({ task: 't', logSink: logs, dispatcher, interactor, events, maxSteps: 3, startAgent: () => (agent.reset(), agent) });
  await session.run();
  return model.calls.map((c) => JSON.stringify(c.messages));
}

describe('notes of the control listing', () => {
  it('reach the model under the control list, one per line', async () => {
    const note = 'The window has more than 1500 accessible objects: this listing read the first 1500 of them';
    const [prompt] = await promptsWith([note, '12 items of long lists are outside their visible area']);
    expect(prompt).toContain('<Notes on the control list:>\\n- The window has more than 1500 accessible objects');
    expect(prompt).toContain('\\n- 12 items of long lists are outside their visible area');
  });

  it('add no section when the listing has none', async () => {
    const [prompt] = await promptsWith([]);
    expect(prompt).toContain('<Controls of the selected window');
    expect(prompt).not.toContain('<Notes on the control list:>');
  });

  it('are read only from a `notes` array of strings', () => {
    expect(notesFromResult({ controls: [], notes: ['a', '', 3, 'b'] })).toEqual(['a', 'b']);
    expect(notesFromResult({ controls: [] })).toEqual([]);
    expect(notesFromResult([{ notes: ['x'] }])).toEqual([]);
  });
});
