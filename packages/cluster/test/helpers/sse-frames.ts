// Test helper: reads a node's Server-Sent Events until a frame matches.
import type { StreamEvent } from '@ufo-ts/server';
import { sseFrames } from '../../../../test-support/sse-frames.js';

/** One frame of the live stream: its id and its event. */
export interface Frame {
  id: string | undefined;
  data: StreamEvent & { id?: string };
}

/** Reads `GET {httpUrl}/api/events` with the key until `until` matches a frame (then disconnects). */
export async function readFramesUntil(httpUrl: string, apiKey: string, until: (frame: Frame) => boolean, lastEventId?: string): Promise<Frame[]> {
  const response = await fetch(`${httpUrl}/api/events`, { headers: { 'x-api-key': apiKey, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const frames: Frame[] = [];
  for await (const text of sseFrames(response.body as unknown as AsyncIterable<Uint8Array>)) {
    if (text.data === undefined) continue; // a heartbeat
    const frame: Frame = { id: text.id, data: JSON.parse(text.data) };
    frames.push(frame);
    // leaving the loop cancels the response body (the client disconnects)
    if (until(frame)) return frames;
  }
  throw new Error(`the stream ended after ${frames.map((f) => f.data.type).join(', ')}`);
}
