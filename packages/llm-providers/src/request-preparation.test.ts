import { describe, expect, it } from 'vitest';
import { anthropicCapabilities } from './capabilities.js';
import { UnsupportedRequestError } from './errors.js';
import { prepareMessages } from './request-preparation.js';

const base = { provider: 'p', model: 'm', imagePolicy: 'error' as const };

describe('prepareMessages', () => {
  it('refuses a prompt clearly beyond the context window', () => {
    const capabilities = { ...anthropicCapabilities('x'), maxContextTokens: 100 };
    expect(() => prepareMessages([{ role: 'user', content: 'x'.repeat(1000) }], { ...base, capabilities })).toThrow(UnsupportedRequestError);
    expect(prepareMessages([{ role: 'user', content: 'x'.repeat(300) }], { ...base, capabilities }).messages).toHaveLength(1);
  });

  it('refuses images when array content is unsupported even with vision', () => {
    const capabilities = { ...anthropicCapabilities('x'), arrayContent: false };
    const messages = [{ role: 'user' as const, content: [{ type: 'image' as const, image: 'AAAA', mediaType: 'image/png' }] }];
    expect(() => prepareMessages(messages, { ...base, capabilities })).toThrow(/does not accept array content/);
  });
});
