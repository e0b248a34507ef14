import { UfoError } from '@ufo-ts/core';
import { describe, expect, it } from 'vitest';
import { ControlVanishedError, DesktopError, InputInvalidError, NO_WINDOW_SELECTED_MESSAGE, NoWindowSelectedError, WindowVanishedError } from '../src/index.js';

describe('desktop errors', () => {
  it.each([
    [new WindowVanishedError('gone'), 'WINDOW_VANISHED', 'WindowVanishedError'],
    [new ControlVanishedError('gone'), 'CONTROL_VANISHED', 'ControlVanishedError'],
    [new NoWindowSelectedError(), 'NO_WINDOW_SELECTED', 'NoWindowSelectedError'],
    [new InputInvalidError('bad'), 'INPUT_INVALID', 'InputInvalidError'],
  ])('%s has code %s', (error, code, name) => {
    expect(error).toBeInstanceOf(DesktopError);
    expect(error).toBeInstanceOf(UfoError);
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
  });

  it('one code for "no window selected" on every platform (Windows used WINDOW_NOT_SELECTED before)', () => {
    expect(new NoWindowSelectedError('No window is selected, please select a window first.').code).toBe('NO_WINDOW_SELECTED');
    expect(new NoWindowSelectedError().message).toBe(NO_WINDOW_SELECTED_MESSAGE);
  });

  it('keeps the cause and details', () => {
    const cause = new Error('bus gone');
    const error = new WindowVanishedError('the window closed', { cause, details: { id: 'w1' } });
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toMatchObject({ code: 'WINDOW_VANISHED', details: { id: 'w1' }, cause: { message: 'bus gone' } });
  });
});
