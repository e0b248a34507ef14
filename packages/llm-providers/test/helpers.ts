import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage } from '@ufo-ts/core';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__');

/** A recorded JSON response body from `__fixtures__/`. */
export function jsonFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(fixturesDir, name), 'utf8')) as Record<string, unknown>;
}

/** A recorded SSE stream from `__fixtures__/`. */
export function textFixture(name: string): string {
  return readFileSync(join(fixturesDir, name), 'utf8');
}

/** A 1×1 PNG, base64 (no data-URL prefix). */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A request with a system prompt and a user turn. */
export function simpleMessages(text = 'Is Notepad open?'): ChatMessage[] {
  return [
    { role: 'system', content: 'You operate a Linux desktop.' },
    { role: 'user', content: text },
  ];
}

/** A user turn with a labelled screenshot. */
export function screenshotMessages(): ChatMessage[] {
  return [
    { role: 'system', content: 'You operate a Linux desktop.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is on screen?' },
        { type: 'image', image: PNG_BASE64, mediaType: 'image/png', label: 'Current screenshot:' },
      ],
    },
  ];
}

/** Fast retry settings for tests (no real backoff waits). */
export const fastRetry = { initialDelayMs: 1, maxDelayMs: 5, jitter: 0 } as const;
