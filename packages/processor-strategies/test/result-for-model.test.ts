import type { Agent } from '@ufo-ts/agent-fsm';
import { StepMemory } from '@ufo-ts/agent-fsm';
import { describe, expect, it } from 'vitest';
import { lastActionsParts } from '../src/prompts/prompt-parts.js';
import { resultForModel } from '../src/prompts/result-for-model.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const longBase64 = 'QUJD'.repeat(2_000);

describe('resultForModel', () => {
  it('turns MCP image blocks into image parts and keeps the text after them', () => {
    const shown = resultForModel([
      { type: 'text', text: 'before' },
      { type: 'image', data: longBase64, mimeType: 'image/png' },
      { type: 'text', text: 'after the image' },
    ]);
    expect(shown.images).toEqual([{ type: 'image', image: longBase64, mediaType: 'image/png' }]);
    expect(shown.text).toBe('[{"type":"text","text":"before"},"(image 1)",{"type":"text","text":"after the image"}]');
  });

  it("turns image data URLs (our screenshot tools' structured data) into image parts, numbered from the given start", () => {
    const shown = resultForModel({ image: `data:image/png;base64,${PNG}`, width: 1, height: 1 }, 3);
    expect(shown.images).toEqual([{ type: 'image', image: `data:image/png;base64,${PNG}`, mediaType: 'image/png' }]);
    expect(shown.text).toBe('{"image":"(image 3)","width":1,"height":1}');
  });

  it('never shows base64 payloads as text (blobs, audio, other data URLs, long base64 strings)', () => {
    const shown = resultForModel({
      resource: { uri: 'file:///a.gz', blob: longBase64 },
      audio: { type: 'audio', data: longBase64, mimeType: 'audio/wav' },
      file: `data:application/gzip;base64,${longBase64}`,
      raw: longBase64,
    });
    expect(shown.images).toEqual([]);
    expect(shown.text).not.toMatch(/QUJDQUJD/);
    expect(shown.text).toContain('"blob":"(base64 payload, 8000 characters)"');
  });

  it('shortens long strings and long results, saying how much was cut', () => {
    const words = 'word '.repeat(200);
    expect(resultForModel({ log: words }, 1, { maxStringChars: 10 }).text).toBe(`{"log":"word word …(990 more characters)"}`);
    const many = resultForModel(
      Array.from({ length: 500 }, (_, i) => i),
      1,
      { maxChars: 20 },
    );
    expect(many.text).toMatch(/^\[0,1,2,3,4,5,6,7,8,9…\(\d+ more characters\)$/);
  });
});

describe('lastActionsParts', () => {
  it('puts result images after captions (the latest two) and keeps the text lines', () => {
    const memory = new StepMemory();
    memory.add({
      step: 1,
      agent: 'LinuxAgent',
      state: 'CONTINUE',
      status: 'CONTINUE',
      actions: [
        {
          function: 'zoom',
          arguments: {},
          result: { status: 'success', result: [{ type: 'image', data: PNG, mimeType: 'image/png' }], call_id: 'a', namespace: null },
        },
        { function: 'type_text', arguments: { text: 'x' }, result: { status: 'failure', error: 'TOOL_FAILED: no', call_id: 'b', namespace: null } },
      ],
    });
    const parts = lastActionsParts({ memory } as unknown as Agent);
    expect(parts.text).toBe('- zoom({}) → success: ["(image 1)"]\n- type_text({"text":"x"}) → failure: TOOL_FAILED: no');
    expect(parts.images).toEqual([
      { type: 'text', text: 'Image 1 from the result of zoom:' },
      { type: 'image', image: PNG, mediaType: 'image/png' },
    ]);
  });
});
