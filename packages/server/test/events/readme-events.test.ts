import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STREAM_EVENT_TYPES, StreamEventSchema } from '../../src/index.js';

const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Live event stream'), readme.indexOf('## Web console'));
/** The event table's rows: type → the fields column. */
const rows = new Map([...section.matchAll(/^\| `([a-z-]+)` \| (.*?) \|/gm)].map((m) => [m[1]!, m[2]!]));

describe('the README documents the stream event schema', () => {
  it('has a table row for every event type of the schema, and no other', () => {
    expect([...rows.keys()].sort()).toEqual([...STREAM_EVENT_TYPES].sort());
  });

  it("each row names every field of its type's schema", () => {
    for (const option of StreamEventSchema.options) {
      const type = option.shape.type.value;
      const fields = Object.keys(option.shape).filter((field) => field !== 'type' && field !== 'time');
      for (const field of fields) expect(rows.get(type), `${type}.${field}`).toContain(`\`${field}`);
    }
  });
});

describe('the progress monitor and the finish check on the stream', () => {
  it('translates their engine events into schema-valid stream events', async () => {
    const { streamEventOfEngineEvent } = await import('../../src/events/server-event-translator.js');
    const noProgress = streamEventOfEngineEvent(
      't',
      { type: 'no-progress', agent: 'LinuxAgent', step: 3, detection: 'repeated_no_effect', cause: 'disabled', level: 'fail', stalledSteps: 3, message: 'm' },
      'now',
    );
    expect(StreamEventSchema.parse(noProgress)).toEqual({
      type: 'no-progress',
      time: 'now',
      task_name: 't',
      agent: 'LinuxAgent',
      step: 3,
      detection: 'repeated_no_effect',
      cause: 'disabled',
      level: 'fail',
      stalled_steps: 3,
      message: 'm',
    });
    const check = streamEventOfEngineEvent(
      't',
      { type: 'finish-check', agent: 'LinuxAgent', step: 4, passed: false, accepted: false, reason: 'not saved' },
      'now',
    );
    expect(StreamEventSchema.parse(check)).toMatchObject({ type: 'finish-check', passed: false, accepted: false, reason: 'not saved' });
  });
});
