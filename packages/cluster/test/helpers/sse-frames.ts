// Test helper: reads a node's Server-Sent Events until a frame matches.
import type { StreamEvent } from '@ufo-ts/server';

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
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, cut).split('\n');
      buffer = buffer.slice(cut + 2);
      const data = lines.find((l) => l.startsWith('data: '));
      if (!data) continue;
      const frame = { id: lines.find((l) => l.startsWith('id: '))?.slice(4), data: JSON.parse(data.slice(6)) };
      frames.push(frame);
      // leaving the loop cancels the response body (the client disconnects)
      if (until(frame)) return frames;
    }
  }
  throw new Error(`the stream ended after ${frames.map((f) => f.data.type).join(', ')}`);
}
