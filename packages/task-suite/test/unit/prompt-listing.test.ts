import { describe, expect, it } from 'vitest';
import { parseListedLine, readPromptListing } from '@ufo-ts/processor-strategies';
import { MOUSEPAD_CONTROLS, promptWith } from './prompt-fixture.js';

describe('readPromptListing', () => {
  it('reads the controls and windows sections of the last user message', () => {
    const listing = readPromptListing(promptWith(MOUSEPAD_CONTROLS, ['[8388612] mousepad "Save As"']));
    expect(listing.controls.map((c) => c.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8']);
    expect(listing.windows).toMatchObject([{ id: '8388612', role: 'mousepad', name: 'Save As' }]);
    expect(listing.lastActionFailed).toBe(false);
  });

  it('reads role, name, caption, shown text and states of one line', () => {
    expect(parseListedLine('[a3] text "" labelled "Name:" (inferred from the layout) shows "" [focused, editable]')).toMatchObject({
      id: 'a3',
      role: 'text',
      name: '',
      shows: '',
      states: ['focused', 'editable'],
    });
    expect(parseListedLine('[b12] push button "Save As…"')).toMatchObject({ role: 'push button', name: 'Save As…', states: [] });
    expect(parseListedLine('[a8] text "" shows "say \\"hi\\"\\n"')?.shows).toBe('say "hi"\n');
    expect(parseListedLine('(none)')).toBeUndefined();
  });

  it('gives empty listings for a prompt without them', () => {
    const listing = readPromptListing([{ role: 'user', content: 'hello' }]);
    expect(listing.controls).toEqual([]);
    expect(listing.windows).toEqual([]);
  });

  it('sees a failed action of the previous step, and not an arrow inside a success', () => {
    const failed = readPromptListing(promptWith([], [], '- click_input({"id":"a2"}) → failure: CONTROL_VANISHED: gone'));
    expect(failed.lastActionFailed).toBe(true);
    const ok = readPromptListing(promptWith([], [], '- type_text({"text":"x"}) → success: {"changes":["title: \\"a\\" → \\"b\\""]}'));
    expect(ok.lastActionFailed).toBe(false);
  });
});
