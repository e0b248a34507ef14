// Server-Sent Events frames read from a response body, for tests that follow a server's live stream.

/** One SSE frame as sent: its `id`, `event`, `data` (still text) and comment lines' text, each when present. */
export interface SseFrameText {
  id: string | undefined;
  event: string | undefined;
  data: string | undefined;
  comment: string | undefined;
}

/**
 * Yields each frame of an SSE body (frames end with a blank line) as it completes. Leaving the loop early cancels
 * the body, which disconnects the client.
 */
export async function* sseFrames(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseFrameText> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const text = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const frame: SseFrameText = { id: undefined, event: undefined, data: undefined, comment: undefined };
      for (const line of text.split('\n')) {
        if (line.startsWith(':')) frame.comment = line.slice(1).trim();
        else if (line.startsWith('id: ')) frame.id = line.slice(4);
        else if (line.startsWith('event: ')) frame.event = line.slice(7);
        else if (line.startsWith('data: ')) frame.data = line.slice(6);
      }
      yield frame;
    }
  }
}
