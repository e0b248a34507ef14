import { DesktopError } from '@ufo-ts/desktop-common';
import { afterEach, describe, expect, it } from 'vitest';
import { InputInvalidError, NoWindowSelectedError } from '../../src/index.js';
import { caught, fakeDesktop, type FakeDesktop } from '../support/fake-desktop.js';

let fake: FakeDesktop;
afterEach(async () => fake?.close());

describe('errors shared with platform-linux through @ufo-ts/desktop-common', () => {
  it('a tool before a window is selected: NO_WINDOW_SELECTED (as on Linux; was WINDOW_NOT_SELECTED), in UFO words', async () => {
    fake = fakeDesktop('notepad.transcript.jsonl');
    const error = await caught(fake.desktop.getAppWindowControlsTargetInfo());
    expect(error).toBeInstanceOf(NoWindowSelectedError);
    expect(error).toBeInstanceOf(DesktopError);
    expect(error).toMatchObject({ code: 'NO_WINDOW_SELECTED', message: 'No window is selected， please select a window first.' });
  });

  it('exports the shared classes under the names it always had', () => {
    expect(new InputInvalidError('bad').code).toBe('INPUT_INVALID');
  });
});
