// An unnamed label shows its text only through its Text interface (LibreOffice's status bar fields: "Slide 1 of 4").
import { describe, expect, it } from 'vitest';
import type { AccessibleRef } from '../../src/atspi/accessible-node.js';
import type { AtspiClient } from '../../src/atspi/atspi-client.js';
import { ATSPI_IFACE } from '../../src/atspi/atspi-constants.js';
import { readControlContent } from '../../src/desktop/control-content.js';
import type { ControlRecord } from '../../src/desktop/control-ids.js';

const BUS = ':1.42';
const TEXT_IFACES = [ATSPI_IFACE.accessible, ATSPI_IFACE.component, ATSPI_IFACE.text];

/** A client over objects' texts by path; counts the Text calls. */
function textClient(texts: Record<string, string>) {
  const asked: string[] = [];
  const text = (ref: AccessibleRef): string => {
    asked.push(ref.path);
    const found = texts[ref.path];
    if (found === undefined) throw new Error(`no text ${ref.path}`);
    return found;
  };
  const client = {
    toolkit: async () => ({ name: 'VCL', version: '25.2' }),
    characterCount: async (ref: AccessibleRef) => [...text(ref)].length,
    caretOffset: async () => -1,
    textSelections: async () => [],
    textRange: async (ref: AccessibleRef, start: number, end: number) => text(ref).slice(start, end < 0 ? undefined : end),
  } as unknown as AtspiClient;
  return { client, asked };
}

function record(path: string, role: string, rawName: string, interfaces = TEXT_IFACES): ControlRecord {
  return {
    id: `a${path.length}`,
    ref: { bus: BUS, path },
    role,
    name: rawName,
    rawName,
    states: ['enabled', 'showing', 'visible'],
    interfaces,
    rect: { x: 0, y: 575, width: 120, height: 20 },
    origin: { x: 0, y: 0 },
    depth: 4,
    parent: undefined,
  };
}

describe('readControlContent: an unnamed label', () => {
  it('shows its text (the status bar field "Slide 1 of 4")', async () => {
    const { client } = textClient({ '/slide-count': 'Slide 1 of 4' });
    const [content] = await readControlContent(client, [record('/slide-count', 'label', '')]);
    expect(content).toEqual({ text: 'Slide 1 of 4' });
  });

  it('a named label gets no text (its name is what it shows); one without Text gets nothing', async () => {
    const { client, asked } = textClient({ '/named': 'Font', '/plain': 'x' });
    const [named, plain] = await readControlContent(client, [
      record('/named', 'label', 'Font'),
      record('/plain', 'label', '', [ATSPI_IFACE.accessible, ATSPI_IFACE.component]),
    ]);
    expect(named).toEqual({});
    expect(plain).toEqual({});
    expect(asked).toEqual([]);
  });
});
