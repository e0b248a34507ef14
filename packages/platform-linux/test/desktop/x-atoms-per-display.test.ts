// Two X servers in one process: each connection must intern atoms on its own server. The x11 package shared one
// atom cache between all its clients, so a desktop started after another one (here without a window manager, which
// interns fewer atoms first) was given the first server's ids: "Bad atom", or another atom's name.
import { afterAll, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/harness/desktop.js';
import { XDisplay } from '../../src/x11/x-display.js';
import { describeDesktop } from '../helpers/desktop-suite.js';

/** The atom's name as the server knows it (the client's own reverse cache is skipped). */
async function serverAtomName(x: XDisplay, atom: number): Promise<string> {
  delete x.client.atom_names[atom];
  return x.atomName(atom);
}

describeDesktop('X atoms per display', [], () => {
  const desktops: Desktop[] = [];
  const displays: XDisplay[] = [];
  afterAll(async () => {
    for (const x of displays) x.close();
    await Promise.all(desktops.map((d) => d.stop()));
  });

  it('interns an atom on each server, whatever another display interned before', async () => {
    const first = await startDesktop();
    desktops.push(first);
    const a = await XDisplay.open(first.display);
    displays.push(a);
    const shared = await a.atom('UFO_TS_ATOM_CHECK_SHARED');
    expect(await serverAtomName(a, shared)).toBe('UFO_TS_ATOM_CHECK_SHARED');

    const second = await startDesktop({ windowManager: 'none' });
    desktops.push(second);
    const b = await XDisplay.open(second.display);
    displays.push(b);
    // interned on the second server first, so the two servers give the shared name different ids
    const onlySecond = await b.atom('UFO_TS_ATOM_CHECK_ONLY_SECOND');
    const sharedOnSecond = await b.atom('UFO_TS_ATOM_CHECK_SHARED');
    expect(await serverAtomName(b, onlySecond)).toBe('UFO_TS_ATOM_CHECK_ONLY_SECOND');
    expect(await serverAtomName(b, sharedOnSecond)).toBe('UFO_TS_ATOM_CHECK_SHARED');
    // the window manager's atoms work on both
    expect(await a.cardinals(a.root, '_NET_SUPPORTING_WM_CHECK')).toBeDefined();
    expect(await serverAtomName(b, await b.atom('_NET_WM_STATE'))).toBe('_NET_WM_STATE');
  });
});
