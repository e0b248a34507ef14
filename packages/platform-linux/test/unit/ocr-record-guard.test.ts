// An OCR entry's record has a synthetic reference: nothing that lists or describes controls may send it to AT-SPI.
import { describe, expect, it } from 'vitest';
import type { ControlRecord } from '../../src/desktop/control-ids.js';
import { readControlContent } from '../../src/desktop/control-content.js';
import { describeControls } from '../../src/desktop/control-details.js';
import { shiftWithWindow } from '../../src/desktop/record-origin.js';
import type { DesktopSession } from '../../src/desktop/desktop-session.js';
import { OCR_REF_BUS, OCR_ROLE } from '../../src/desktop/ocr-entries.js';
import type { AtspiClient } from '../../src/atspi/atspi-client.js';

const ocrRecord: ControlRecord = {
  id: 'a7',
  ref: { bus: OCR_REF_BUS, path: '/ocr/3' },
  role: OCR_ROLE,
  name: 'Total',
  rawName: 'Total',
  states: ['enabled', 'sensitive', 'showing', 'visible'],
  interfaces: [],
  rect: { x: 100, y: 200, width: 40, height: 14 },
  origin: { x: 10, y: 20 },
  depth: 0,
  parent: undefined,
  source: 'ocr',
  confidence: 0.9,
};

/** An AT-SPI client every call of which fails the test. */
const refusingAtspi = new Proxy({} as AtspiClient, {
  get: (_target, name) => () => {
    throw new Error(`AT-SPI ${String(name)} called for an OCR entry`);
  },
});

describe('OCR entry records', () => {
  it('are described without any AT-SPI call', async () => {
    const session = { atspi: refusingAtspi } as unknown as DesktopSession;
    const [details] = await describeControls(session, [ocrRecord], { details: true });
    expect(details).toMatchObject({ id: 'a7', role: OCR_ROLE, name: 'Total' });
    expect(details!.states).not.toContain('disabled');
    expect(await readControlContent(refusingAtspi, [ocrRecord])).toEqual([{}]);
  });

  it('follow their window when it moves', () => {
    expect(shiftWithWindow(ocrRecord, { x: 15, y: 20, width: 800, height: 600 })).toEqual({ x: 105, y: 200, width: 40, height: 14 });
  });
});
