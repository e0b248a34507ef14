import type { ChatMessage, ChatModel, ChatRequest, ChatResponse } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { BATCH_INSTRUCTIONS } from '@ufo-ts/processor-strategies';
import { cacheKey, cacheKeyParts, CachedRunModel, CachedRunSchema, type CacheStepEvent, type CachedRun } from '../src/index.js';
import { effectDifference } from '../src/action-cache/effect-match.js';

/** A step's prompt as the LinuxAgent's processor writes it: controls, then the previous reply's action outcomes. */
function prompt(controls: string[], lastActions: string[] = []): ChatMessage[] {
  const text = [
    `<Windows on the desktop (id, name):>\n(none)`,
    `<Controls of the selected window (id, type, name):>\n${controls.join('\n') || '(none)'}`,
    `<Your last actions and their results:>\n${lastActions.join('\n') || '(none)'}`,
    `<Overall user request:>\n<user_input name="user_request">Save the sheet as csv</user_input>`,
  ].join('\n\n');
  return [
    { role: 'system', content: 'You operate one application on a desktop.' },
    { role: 'user', content: [{ type: 'text', text }] },
  ];
}

const ok = (fn: string, args: object, result: object) => `- ${fn}(${JSON.stringify(args)}) → success: ${JSON.stringify(result)}`;

/** The session's own model: records the prompts it got and answers with the actions it is given, in turn. */
function sessionModel(replies: Array<Array<{ function: string; arguments: Record<string, unknown> }>> = []) {
  const prompts: ChatMessage[][] = [];
  const model: ChatModel = {
    provider: 'test',
    modelId: 'session-model',
    async complete<T>(request: ChatRequest<T>): Promise<ChatResponse<T>> {
      prompts.push(request.messages);
      const action = (replies.shift() ?? []).map((a) => ({ ...a, status: 'CONTINUE' }));
      return {
        content: JSON.stringify({ observation: '', thought: 'model', action, plan: [], comment: '' }),
        usage: { inputTokens: 1, outputTokens: 1 },
        cost: 0.01,
        latencyMs: 1,
        model: 'session-model',
        provider: 'test',
      };
    },
  };
  return { model, prompts };
}

const actionsOf = (response: ChatResponse<unknown>) =>
  JSON.parse(response.content) as { action: Array<{ function: string; arguments: Record<string, unknown> }>; status?: string };

function cached(): CachedRun {
  const parts = cacheKeyParts('save {{file}} as csv', { file: 'q3' }, { app: 'soffice', title: 'q3.ods - LibreOffice Calc' });
  return CachedRunSchema.parse({
    key: cacheKey(parts),
    parts,
    steps: [
      { function: 'click_input', arguments: {}, target: { role: 'menu item', name: 'Save As…' }, effect: { changed: true, changes: ['a dialog opened'] } },
      { function: 'type_text', arguments: { text: '{{file}}.csv' }, effect: { changed: true, changes: ['text'] } },
      { function: 'click_input', arguments: {}, target: { role: 'push button', name: 'Save' }, effect: { changed: true, changes: ['saved'] } },
    ],
    createdAt: '2026-11-28T19:00:00.000Z',
    updatedAt: '2026-11-28T19:00:00.000Z',
  });
}

describe('CachedRunModel', () => {
  it('answers every step from the cached run, each control by its id in this prompt, then FINISH; 0 model calls', async () => {
    const session = sessionModel();
    const events: CacheStepEvent[] = [];
    const replay = new CachedRunModel({ run: cached(), variables: { file: 'q4' }, model: session.model, onStep: (e) => events.push(e) });
    const first = actionsOf(await replay.complete({ messages: prompt(['[b7] menu item "Save As..."', '[b8] push button "Save"']) }));
    expect(first.action).toEqual([{ function: 'click_input', arguments: { id: 'b7' }, status: 'CONTINUE' }]);
    const second = actionsOf(
      await replay.complete({
        messages: prompt(
          ['[c1] text "" labelled "File name:"'],
          [ok('click_input', { id: 'b7' }, { role: 'menu item', name: 'Save As…', effect: { changed: true, changes: ['x'] } })],
        ),
      }),
    );
    expect(second.action).toEqual([{ function: 'type_text', arguments: { text: 'q4.csv' }, status: 'CONTINUE' }]);
    const third = actionsOf(
      await replay.complete({
        messages: prompt(['[c2] push button "Save"'], [ok('type_text', { text: 'q4.csv' }, { typed: 6, effect: { changed: true, changes: ['y'] } })]),
      }),
    );
    expect(third.action).toEqual([{ function: 'click_input', arguments: { id: 'c2' }, status: 'CONTINUE' }]);
    const last = actionsOf(
      await replay.complete({
        messages: prompt([], [ok('click_input', { id: 'c2' }, { role: 'push button', name: 'Save', effect: { changed: true, changes: ['z'] } })]),
      }),
    );
    expect(last).toMatchObject({ action: [], status: 'FINISH' });
    expect({ modelCalls: replay.modelCalls, hits: replay.hits, wholly: replay.servedWholly }).toEqual({ modelCalls: 0, hits: 3, wholly: true });
    expect(events.map((e) => `${e.step}:${e.outcome}`)).toEqual(['0:hit', '1:hit', '2:hit']);
    expect(session.prompts).toEqual([]);
  });

  it("a control that is gone goes to the session's own model with the cached plan; play goes back to the plan after", async () => {
    // an unexpected dialog hides the menu: the model closes it, then the plan goes on
    const session = sessionModel([[{ function: 'click_input', arguments: { id: 'd1' } }]]);
    const events: CacheStepEvent[] = [];
    const replay = new CachedRunModel({ run: cached(), variables: { file: 'q4' }, model: session.model, onStep: (e) => events.push(e) });
    const healed = actionsOf(await replay.complete({ messages: prompt(['[d1] push button "Close"', '[d2] label "Tip of the day"']) }));
    expect(healed.action).toEqual([{ function: 'click_input', arguments: { id: 'd1' }, status: 'CONTINUE' }]);
    expect(session.prompts).toHaveLength(1);
    const system = session.prompts[0]![0]!.content as string;
    expect(system).toContain('no menu item "Save As…" is listed');
    expect(system).toContain('1. click_input on menu item "Save As…"');
    expect(system).toContain('2. type_text {"text":"q4.csv"}');
    const back = actionsOf(
      await replay.complete({
        messages: prompt(
          ['[b7] menu item "Save As…"'],
          [ok('click_input', { id: 'd1' }, { role: 'push button', name: 'Close', effect: { changed: true, changes: ['closed'] } })],
        ),
      }),
    );
    expect(back.action).toEqual([{ function: 'click_input', arguments: { id: 'b7' }, status: 'CONTINUE' }]);
    expect(replay.modelCalls).toBe(1);
    expect(events.map((e) => `${e.step}:${e.outcome}:${e.reason ?? ''}`)).toEqual(['0:healed:TARGET_NOT_FOUND']);
  });

  it('never sends a cached step the model already did while healing', async () => {
    // Save As… was renamed: the model clicks "Save a Copy…" and then also types the name (the plan's next step)
    const session = sessionModel([
      [
        { function: 'click_input', arguments: { id: 'e1' } },
        { function: 'type_text', arguments: { text: 'q4.csv' } },
      ],
    ]);
    const replay = new CachedRunModel({ run: cached(), variables: { file: 'q4' }, model: session.model });
    await replay.complete({ messages: prompt(['[e1] menu item "Save a Copy…"']) });
    const next = actionsOf(
      await replay.complete({
        messages: prompt(
          ['[c2] push button "Save"'],
          [
            ok('click_input', { id: 'e1' }, { role: 'menu item', name: 'Save a Copy…', effect: { changed: true, changes: ['x'] } }),
            ok('type_text', { text: 'q4.csv' }, { typed: 6, effect: { changed: true, changes: ['y'] } }),
          ],
        ),
      }),
    );
    // step 1 (the click) the model did on another control: not sent; step 2 (the typing) it did: not sent again
    expect(next.action).toEqual([{ function: 'click_input', arguments: { id: 'c2' }, status: 'CONTINUE' }]);
  });

  it('a cached action that failed or showed nothing is not sent again: the model gets the task from there', async () => {
    const session = sessionModel([[{ function: 'keyboard_input', arguments: { keys: 'ctrl+shift+s' } }]]);
    const events: CacheStepEvent[] = [];
    const replay = new CachedRunModel({ run: cached(), variables: { file: 'q4' }, model: session.model, onStep: (e) => events.push(e) });
    await replay.complete({ messages: prompt(['[b7] menu item "Save As…"']) });
    const healed = actionsOf(
      await replay.complete({
        messages: prompt(
          ['[b7] menu item "Save As…" [disabled]'],
          [ok('click_input', { id: 'b7' }, { role: 'menu item', name: 'Save As…', effect: { changed: false, changes: ['no visible change within 400 ms'] } })],
        ),
      }),
    );
    expect(healed.action).toEqual([{ function: 'keyboard_input', arguments: { keys: 'ctrl+shift+s' }, status: 'CONTINUE' }]);
    expect(events.map((e) => `${e.step}:${e.outcome}:${e.reason ?? ''}`)).toEqual(['1:healed:EFFECT_NOT_SEEN']);
    expect(session.prompts[0]![0]!.content).toContain('showed no visible change');
  });

  it('where the prompt allows named targets, later steps go in the same reply by name; a step the engine did not run is sent again, one that ran never', async () => {
    const session = sessionModel();
    const replay = new CachedRunModel({ run: cached(), variables: { file: 'q4' }, model: session.model });
    const named = (messages: ChatMessage[]) => [
      { ...messages[0]!, content: `${messages[0]!.content as string}\n\n${BATCH_INSTRUCTIONS}` },
      ...messages.slice(1),
    ];
    const first = await replay.complete({ messages: named(prompt(['[b7] menu item "Save As..."'])) });
    expect(actionsOf(first).action).toEqual([
      { function: 'click_input', arguments: { id: 'b7' }, status: 'CONTINUE' },
      { function: 'type_text', arguments: { text: 'q4.csv' }, status: 'CONTINUE' },
      { function: 'click_input', arguments: { name: 'Save', role: 'push button' }, status: 'CONTINUE' },
    ]);
    expect(first.cache).toEqual({ outcome: 'hit', step: 0, count: 3 });
    // the engine ran the first two and stopped before "Save" (not listed yet): only "Save" is sent again
    const second = await replay.complete({
      messages: named(
        prompt(
          ['[c2] push button "Save"'],
          [
            ok('click_input', { id: 'b7' }, { role: 'menu item', name: 'Save As…', effect: { changed: true, changes: ['x'] } }),
            ok('type_text', { text: 'q4.csv' }, { typed: 6, effect: { changed: true, changes: ['y'] } }),
            '- click_input({"name":"Save","role":"push button"}) → skipped: TARGET_CHANGED: not run, no push button "Save" is listed',
          ],
        ),
      ),
    });
    expect(actionsOf(second).action).toEqual([{ function: 'click_input', arguments: { id: 'c2' }, status: 'CONTINUE' }]);
    expect(second.cache).toEqual({ outcome: 'hit', step: 2 });
    expect(replay.hits).toBe(2);
    expect(session.prompts).toEqual([]);
  });

  it('a step handed to the model twice leaves it the rest of the task', async () => {
    const session = sessionModel([[], [], []]);
    const replay = new CachedRunModel({ run: cached(), variables: { file: 'q4' }, model: session.model });
    for (let i = 0; i < 3; i += 1) await replay.complete({ messages: prompt(['[x1] push button "Other"']) });
    await replay.complete({ messages: prompt(['[b7] menu item "Save As…"']) });
    expect(replay.modelCalls).toBe(4);
    expect(session.prompts).toHaveLength(4);
  });

  it('a window the cached run did not see opening (a confirmation dialog) is EFFECT_DIFFERS: the model gets the next step, or with healing off the session ends typed', async () => {
    const saveClicked = ok(
      'click_input',
      { id: 'c2' },
      { role: 'push button', name: 'Save', effect: { changed: true, changes: ['window opened: "Confirm replace" (77)', '1 popup closed'] } },
    );
    const withSaveRecorded = (): CachedRun => {
      const run = cached();
      run.steps[2]!.effect = { changed: true, changes: ['window closed: "Save As" (41)'] };
      run.steps.push({ function: 'keyboard_input', arguments: { keys: 'ctrl+s' } });
      return run;
    };
    const drive = async (replay: CachedRunModel) => {
      await replay.complete({ messages: prompt(['[b7] menu item "Save As…"']) });
      await replay.complete({
        messages: prompt(
          ['[c2] push button "Save"'],
          [ok('click_input', { id: 'b7' }, { role: 'menu item', name: 'Save As…', effect: { changed: true, changes: ['x'] } })],
        ),
      });
      await replay.complete({
        messages: prompt(['[c2] push button "Save"'], [ok('type_text', { text: 'q4.csv' }, { typed: 6, effect: { changed: true, changes: ['y'] } })]),
      });
      return replay.complete({ messages: prompt(['[d1] push button "Replace"'], [saveClicked]) });
    };
    const session = sessionModel([[{ function: 'click_input', arguments: { id: 'd1' } }]]);
    const events: CacheStepEvent[] = [];
    const healed = await drive(new CachedRunModel({ run: withSaveRecorded(), variables: { file: 'q4' }, model: session.model, onStep: (e) => events.push(e) }));
    expect(healed.cache).toEqual({ outcome: 'healed', step: 3, reason: 'EFFECT_DIFFERS' });
    expect(events.at(-1)).toMatchObject({ step: 3, outcome: 'healed', reason: 'EFFECT_DIFFERS' });
    expect(session.prompts[0]![0]!.content).toContain('a window opened that the cached run did not see: "Confirm replace"');

    const strict = sessionModel();
    await expect(drive(new CachedRunModel({ run: withSaveRecorded(), variables: { file: 'q4' }, model: strict.model, heal: false }))).rejects.toMatchObject({
      code: 'ACTION_CACHE_DIVERGED',
      details: { step: 3, reason: 'EFFECT_DIFFERS' },
    });
    expect(strict.prompts).toEqual([]);
  });

  it('an untitled window that opened is named as a dialog in the difference', () => {
    expect(effectDifference({ changed: true, changes: ['window closed: "Save As" (4)'] }, ['window opened: "" (9)'])).toBe(
      'a window opened that the cached run did not see: an untitled window (a message or confirmation dialog); the cached run saw window closed "Save As", this run did not',
    );
  });

  it('the same windows opening and closing (other ids, other order) is no difference', async () => {
    const session = sessionModel();
    const run = cached();
    run.steps[0]!.effect = { changed: true, changes: ['1 popup closed', 'window opened: "Save As" (12)'] };
    const replay = new CachedRunModel({ run, variables: { file: 'q4' }, model: session.model });
    await replay.complete({ messages: prompt(['[b7] menu item "Save As…"']) });
    const next = await replay.complete({
      messages: prompt(
        ['[c2] push button "Save"'],
        [
          ok(
            'click_input',
            { id: 'b7' },
            {
              role: 'menu item',
              name: 'Save As…',
              effect: { changed: true, changes: ['window opened: "Save As" (9001)', 'focus moved to window "Save As" (9001)'] },
            },
          ),
        ],
      ),
    });
    expect(next.cache).toEqual({ outcome: 'hit', step: 1 });
    expect(session.prompts).toEqual([]);
  });

  it('a cached step the tool reports acting on another control is WRONG_TARGET, never counted a hit', async () => {
    const session = sessionModel([[]]);
    const replay = new CachedRunModel({ run: cached(), variables: { file: 'q4' }, model: session.model });
    await replay.complete({ messages: prompt(['[b7] menu item "Save As…"']) });
    const next = await replay.complete({
      messages: prompt(
        ['[c2] push button "Save"'],
        [ok('click_input', { id: 'b7' }, { role: 'menu item', name: 'Export…', effect: { changed: true, changes: ['x'] } })],
      ),
    });
    expect(next.cache).toEqual({ outcome: 'healed', step: 1, reason: 'WRONG_TARGET' });
    expect(replay.hits).toBe(0);
  });

  it('a variable the run does not give is a typed error before any reply', () => {
    expect(() => new CachedRunModel({ run: cached(), model: sessionModel().model })).toThrow(
      expect.objectContaining({ code: 'ACTION_CACHE_VARIABLE_MISSING' }),
    );
  });
});
