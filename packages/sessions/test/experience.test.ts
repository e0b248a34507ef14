import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { NATIVE_TOOL_FEATURES, toNativeReplies } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher } from '@ufo-ts/testkit';
import { describe, expect, it } from 'vitest';
import {
  EmbeddingRetriever,
  ExperienceStore,
  HostSession,
  KeywordRetriever,
  loadDemonstrations,
  type EmbeddingModel,
  type ExperienceRecord,
} from '../src/index.js';
import { app, click, host, reply, selectCalc, perTestCleanup } from './helpers.js';

const { dirs, defer } = perTestCleanup();
function dispatcher() {
  const made = createFakeDesktopDispatcher();
  defer(() => made.dispatcher.close());
  return made.dispatcher;
}
const record = (id: string, request: string, tips: string, extra: Partial<ExperienceRecord> = {}): ExperienceRecord => ({
  id,
  kind: 'experience',
  request,
  subtask: '',
  application: '',
  agent: 'AppAgent/calc',
  tips,
  example: { observation: '', thought: '', actions: [], plan: [], status: 'FINISH', comment: '' },
  createdAt: 't',
  ...extra,
});

describe('experience', () => {
  it('summarises a successful session (one call per subtask) into JSON, and the next session gets it in its prompts', async () => {
    const store = new ExperienceStore({ path: join(dirs.make(), 'experience', 'experience.json') });
    const summary = reply(
      {
        tips: 'Press the digits, then × then =; the display shows the product.',
        example: { observation: 'calculator', thought: 'type it', actions: [{ function: 'click_input', arguments: { id: '1' } }], plan: ['type 12×34='] },
      },
      0.003,
    );
    const first = await new HostSession({
      task: 'learn',
      logRoot: dirs.make(),
      request: 'What is 12 times 34?',
      dispatcher: dispatcher(),
      interactor: new ProgrammaticInteractor(),
      models: {
        HOST_AGENT: new ScriptedModel({
          replies: [
            selectCalc('multiply 12 by 34'),
            app([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
            host('FINISH', { result: '408' }),
            summary,
          ],
        }),
      },
      experience: { save: 'always', store },
    }).run();
    expect(first.experienceSaved).toBe(1);
    expect(first.cost).toBeCloseTo(0.033, 10);
    const saved = store.load();
    expect(saved).toEqual([
      expect.objectContaining({
        kind: 'experience',
        request: 'What is 12 times 34?',
        subtask: 'multiply 12 by 34',
        application: 'calc',
        tips: expect.stringContaining('×'),
        source: first.logFolder,
      }),
    ]);

    const model = new ScriptedModel({ replies: [host('FINISH', { result: 'done' })] });
    await new HostSession({
      task: 'use',
      logRoot: dirs.make(),
      request: 'multiply 7 by 6',
      dispatcher: dispatcher(),
      interactor: new ProgrammaticInteractor(),
      models: { HOST_AGENT: model },
      examples: { retriever: new KeywordRetriever(store.load()), topK: 2 },
    }).run();
    const system = model.calls[0]!.messages[0]!.content as string;
    expect(system).toContain('## Examples from similar tasks');
    expect(system).toContain('Press the digits, then × then =');
  });

  it('with examples, the host still asks its model in the tool mode its options name', async () => {
    const model = new ScriptedModel({ replies: toNativeReplies([host('FINISH', { result: 'done' }).content]), features: NATIVE_TOOL_FEATURES });
    const outcome = await new HostSession({
      task: 'native',
      logRoot: dirs.make(),
      request: 'multiply 7 by 6',
      dispatcher: dispatcher(),
      interactor: new ProgrammaticInteractor(),
      models: { HOST_AGENT: model },
      examples: { retriever: new KeywordRetriever([record('x', 'multiply 12 by 34', 'use the calculator')]), topK: 1 },
      host: { toolMode: 'native' },
    }).run();
    expect(outcome.status).toBe('completed');
    expect(model.calls[0]!.tools?.map((t) => (t.type === 'function' ? t.name : t.type))).toContain('respond');
    expect(model.calls[0]!.messages[0]!.content as string).toContain('use the calculator');
  });

  it('does not save after a failed round, nor in auto mode without a positive evaluation', async () => {
    const store = new ExperienceStore({ path: join(dirs.make(), 'e.json') });
    const outcome = await new HostSession({
      task: 'fail',
      logRoot: dirs.make(),
      request: 'impossible',
      dispatcher: dispatcher(),
      interactor: new ProgrammaticInteractor(),
      models: { HOST_AGENT: new ScriptedModel({ replies: [host('FAIL', { result: 'cannot' }), reply({ reason: 'r', complete: 'no' })] }) },
      evaluation: { session: true },
      experience: { save: 'auto', store },
    }).run();
    expect(outcome.experienceSaved).toBe(0);
    expect(store.load()).toEqual([]);
  });

  it('keyword retrieval ranks by the request, subtask and tips; demonstrations load from a folder with their file name as id', async () => {
    const folder = dirs.make();
    writeFileSync(
      join(folder, 'send-mail.json'),
      JSON.stringify({ request: 'send an email to a colleague', tips: 'Fill To, then Send; sending needs approval.' }),
    );
    writeFileSync(join(folder, 'many.json'), JSON.stringify([{ request: 'open the calculator' }, { request: 'rename a file' }]));
    const demos = loadDemonstrations(folder);
    expect(demos.map((d) => [d.id, d.kind])).toEqual([
      ['many#1', 'demonstration'],
      ['many#2', 'demonstration'],
      ['send-mail', 'demonstration'],
    ]);
    const retriever = new KeywordRetriever([...demos, record('x', 'compute 12 times 34', 'use the calculator')]);
    expect((await retriever.retrieve('email the result to john', 2)).map((r) => r.id)).toEqual(['send-mail']);
    expect((await retriever.retrieve('calculator times', 1)).map((r) => r.id)).toEqual(['x']);
    writeFileSync(join(folder, 'bad.json'), JSON.stringify({ tips: 'no request' }));
    expect(() => loadDemonstrations(folder)).toThrow(/bad\.json is not a demonstration[\s\S]*request/);
  });

  it('embedding retrieval uses the configured model, embeds each record once and caches the vectors', async () => {
    const words = ['calculator', 'email', 'file'];
    const embedded: string[][] = [];
    const model: EmbeddingModel = {
      modelId: 'bag-of-words',
      embed: async (texts) => {
        embedded.push([...texts]);
        return texts.map((t) => [...words.map((w) => (t.toLowerCase().includes(w) ? 1 : 0)), 0.01]);
      },
    };
    const cached: ExperienceRecord[][] = [];
    const retriever = new EmbeddingRetriever({
      records: [
        record('a', 'open the calculator', ''),
        record('b', 'write an email', ''),
        record('c', 'copy a file', '', { embedding: { model: 'bag-of-words', vector: [0, 0, 1, 0.01] } }),
      ],
      model,
      onEmbedded: (r) => cached.push(r),
    });
    expect((await retriever.retrieve('send an email please', 1)).map((r) => r.id)).toEqual(['b']);
    expect((await retriever.retrieve('the calculator', 2)).map((r) => r.id)[0]).toBe('a');
    expect(embedded[0]).toHaveLength(2); // only the two records without a cached vector
    expect(embedded).toHaveLength(3); // records once, then one call per query
    expect(cached[0]!.map((r) => r.id)).toEqual(['a', 'b']);
  });
});
