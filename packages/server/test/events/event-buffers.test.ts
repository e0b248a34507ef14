import { describe, expect, it } from 'vitest';
import { ManualClock } from '@ufo-ts/core/testing';
import { LocalStreamEventBus } from '../../src/events/stream-event-bus.js';
import { EventHub, STREAM_EVENT_TYPES, StreamEventSchema, type StreamEvent, type StreamRecord } from '../../src/index.js';
import { EventRing } from '../../src/events/event-ring.js';
import { SseStream } from '../../src/events/sse-stream.js';

const device = (n: number): StreamEvent => ({ type: 'device-connected', time: new Date(0).toISOString(), client_id: `pc-${n}`, platform: 'linux' });
const taskEvent = (task: string, n: number): StreamEvent => ({ type: 'warning', time: new Date(0).toISOString(), task_name: task, message: `m${n}` });

describe('bounded buffers of the live stream', () => {
  it('a ring keeps the newest records and tells a reader resuming from an evicted id that it missed some', () => {
    const ring = new EventRing(3);
    for (let i = 1; i <= 5; i += 1) ring.push({ id: `10-${i}`, event: device(i) });
    expect(ring.all().map((r) => r.id)).toEqual(['10-3', '10-4', '10-5']);
    expect(ring.since('10-3')).toEqual({ records: ring.all().slice(1), gap: false });
    expect(ring.since('10-2').gap).toBe(false);
    expect(ring.since('10-1')).toMatchObject({ gap: true });
    expect(ring.since('10-1').records).toHaveLength(3);
    // ids order by their first then second number, not as text
    expect(ring.since('9-99').records).toHaveLength(3);
    expect(ring.since('10-10').records).toEqual([]);
  });

  it('the hub replays a task from its own bounded ring, filters by audience and drops a subscriber that cannot take more', () => {
    const bus = new LocalStreamEventBus({ clock: new ManualClock(1000) });
    const hub = new EventHub({ bus, taskBufferSize: 4, serverBufferSize: 100 });
    for (let i = 0; i < 6; i += 1) bus.publish({ event: taskEvent('t1', i), audience: 'a' });
    bus.publish({ event: taskEvent('t2', 0), audience: 'b' });
    const seen: string[] = [];
    hub.subscribe({ taskName: 't1', viewer: 'a', deliver: (r) => (seen.push((r.event as { message: string }).message), true), heartbeat: () => true });
    expect(seen).toEqual(['m2', 'm3', 'm4', 'm5']);

    const seenB: StreamRecord[] = [];
    hub.subscribe({ viewer: 'b', lastEventId: '1000-0', deliver: (r) => (seenB.push(r as StreamRecord), true), heartbeat: () => true });
    expect(seenB.map((r) => r.id)).toEqual(['1000-7']);

    let taken = 0;
    hub.subscribe({ viewer: 'a', deliver: () => ++taken < 2, heartbeat: () => true });
    expect(hub.subscriberCount).toBe(3);
    bus.publish({ event: taskEvent('t1', 7), audience: 'a' });
    bus.publish({ event: taskEvent('t1', 8), audience: 'a' });
    expect(hub.subscriberCount).toBe(2);
    bus.publish({ event: taskEvent('t1', 9), audience: 'a' });
    expect(taken).toBe(2);
    hub.close();
  });

  it('a subscriber resuming from an id older than anything this hub read (an earlier process) gets a stream-gap first', () => {
    const hub = new EventHub({ bus: new LocalStreamEventBus({ clock: new ManualClock(2000) }) });
    hub.close();
    const later = new LocalStreamEventBus({ clock: new ManualClock(5000) });
    const restarted = new EventHub({ bus: later });
    later.publish({ event: device(1) });
    later.publish({ event: device(2) });
    const seen: (string | undefined)[] = [];
    const types: string[] = [];
    restarted.subscribe({ viewer: undefined, lastEventId: '2000-7', deliver: (r) => (seen.push(r.id), types.push(r.event.type), true), heartbeat: () => true });
    expect(types).toEqual(['stream-gap', 'device-connected', 'device-connected']);
    expect(seen).toEqual([undefined, '5000-1', '5000-2']);
    // resuming from an id this hub did read: no gap
    const again: string[] = [];
    restarted.subscribe({ viewer: undefined, lastEventId: '5000-1', deliver: (r) => (again.push(r.event.type), true), heartbeat: () => true });
    expect(again).toEqual(['device-connected']);
    restarted.close();
  });

  it('an SSE body that is not read drops its subscriber with a reason once its queue passes the byte bound', async () => {
    let closed = 0;
    const stream = new SseStream({ maxQueuedBytes: 4_096, onClose: () => (closed += 1) });
    let sent = 0;
    while (stream.send({ id: `1-${sent}`, event: taskEvent('t', sent) })) sent += 1;
    expect(sent).toBeGreaterThan(10);
    expect(sent).toBeLessThan(60);
    expect(closed).toBe(1);
    expect(stream.send({ id: '1-999', event: device(1) })).toBe(false);
    const text = await new Response(stream.body).text();
    expect(text.length).toBeLessThanOrEqual(4_096 + 300);
    expect(text.trimEnd().split('\n\n').at(-1)).toMatch(
      /^event: subscriber-dropped\ndata: \{"type":"subscriber-dropped".*"reason":"the subscriber read too slowly \(more than 4096 bytes unread\)"\}$/,
    );
  });

  it('the schema is one discriminated union whose types are listed', () => {
    expect(STREAM_EVENT_TYPES).toContain('stream-gap');
    expect(new Set(STREAM_EVENT_TYPES).size).toBe(STREAM_EVENT_TYPES.length);
    expect(StreamEventSchema.safeParse({ type: 'step', time: 'x', task_name: 't' }).success).toBe(false);
    expect(StreamEventSchema.safeParse({ type: 'no-such-type', time: 'x' }).success).toBe(false);
    expect(StreamEventSchema.parse(device(1))).toEqual(device(1));
  });
});
