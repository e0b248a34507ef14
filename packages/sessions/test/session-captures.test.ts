import { describe, expect, it } from 'vitest';
import { LINUX_UI_TREE_TOOL } from '../src/index.js';
import { sessionCaptures } from '../src/managed/session-captures.js';

describe('sessionCaptures', () => {
  const linux = { linux: true, deviceKeepsSelection: true };
  const windows = { linux: false, deviceKeepsSelection: false };

  it('on Linux the UI tree is the get_controls listing, unless a tool is named', () => {
    expect(sessionCaptures({ uiTree: true }, linux)).toEqual({ uiTree: true, tools: { uiTree: LINUX_UI_TREE_TOOL }, deviceKeepsSelection: true });
    expect(LINUX_UI_TREE_TOOL.name).toBe('get_controls');
    const own = { uiTree: true, tools: { uiTree: { name: 'my_tree' } }, deviceKeepsSelection: false };
    expect(sessionCaptures(own, linux)).toBe(own);
  });

  it('the single-tier Linux session trusts the device selection even with no captures asked; elsewhere the options stay as given', () => {
    expect(sessionCaptures(undefined, linux)).toEqual({ deviceKeepsSelection: true });
    expect(sessionCaptures(undefined, { linux: true, deviceKeepsSelection: false })).toBeUndefined();
    expect(sessionCaptures({ uiTree: true }, windows)).toEqual({ uiTree: true });
    expect(sessionCaptures(undefined, windows)).toBeUndefined();
  });
});
