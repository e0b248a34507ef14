import { ScriptedModel } from '@ufo-ts/core/testing';
import { describe, expect, it } from 'vitest';
import { FileActionJournal } from '../src/index.js';
import { JournalCursor } from '../src/journal/journal-cursor.js';
import { JournalingModel } from '../src/journal/journaling-model.js';
import { AbortableModel } from '../src/runtime/abortable-model.js';
import { perTestCleanup } from './helpers.js';

const { dirs } = perTestCleanup();

describe('the session model wrappers in native tool mode', () => {
  it("forward the wrapped model's features, so strategies still see its computer tool", () => {
    const features = { toolCalls: true, parallelToolCalls: true, strictSchema: false, computerTool: 'anthropic' as const };
    const inner = new ScriptedModel({ replies: [], features });
    const folder = dirs.make();
    expect(new AbortableModel(inner, new AbortController().signal).features).toEqual(features);
    expect(new JournalingModel(inner, new JournalCursor(new FileActionJournal({ folder }))).features).toEqual(features);
  });

  it("a resumed step gets the journaled reply's tool calls back without asking the model again", async () => {
    const folder = dirs.make();
    const toolCalls = [{ id: 'toolu_1', type: 'computer' as const, name: 'computer', arguments: { action: 'left_click', coordinate: [3, 4] } }];
    const first = new JournalCursor(new FileActionJournal({ folder }));
    first.begin(0);
    const live = await new JournalingModel(new ScriptedModel({ replies: [{ content: 'clicking', toolCalls }] }), first).complete({ messages: [] });
    expect(live.toolCalls).toEqual(toolCalls);
    await first.close();

    const untouched = new ScriptedModel({ replies: [] });
    const resumed = new JournalCursor(new FileActionJournal({ folder }));
    resumed.resumeAt(0);
    resumed.begin(0);
    const replayed = await new JournalingModel(untouched, resumed).complete({ messages: [] });
    expect(replayed).toMatchObject({ content: 'clicking', toolCalls });
    expect(untouched.calls).toHaveLength(0);
  });
});
