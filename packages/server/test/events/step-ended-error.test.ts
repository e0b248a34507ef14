import { describe, expect, it } from 'vitest';
import { streamEventOfEngineEvent } from '../../src/events/server-event-translator.js';
import { StreamEventSchema } from '../../src/index.js';

describe('a failed step on the event stream', () => {
  it('step-ended carries the step’s error with the code a program matches on, and stays schema-valid', () => {
    const event = streamEventOfEngineEvent(
      'calc',
      {
        type: 'step-end',
        agent: 'LinuxAgent',
        state: 'CONTINUE',
        step: 3,
        round: 0,
        status: 'ERROR',
        cost: 0.01,
        error: { message: 'the model declined: no', code: 'MODEL_REFUSED' },
      },
      '2026-11-29T00:00:00.000Z',
    );
    expect(event).toMatchObject({ type: 'step-ended', step: 3, status: 'ERROR', error: { code: 'MODEL_REFUSED', message: 'the model declined: no' } });
    expect(StreamEventSchema.parse(event)).toMatchObject({ error: { code: 'MODEL_REFUSED' } });
  });
});
