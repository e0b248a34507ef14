// Runs every snippet of the guides that needs neither a real desktop nor a model key: each is a script that throws
// when what it shows does not happen (the calculator does not show 408, the guard let an email through, ...).
// The snippets that need a real desktop or a key are type-checked only (tsconfig.json in this folder).
import { describe, expect, test } from 'vitest';

const RUNNABLE: Record<string, () => Promise<unknown>> = {
  'first-session.ts': () => import('./first-session.ts'),
  'domain-guard-strategy.ts': () => import('./domain-guard-strategy.ts'),
  'third-party-agent.ts': () => import('./third-party-agent.ts'),
  'notepad-dispatcher.ts': () => import('./notepad-dispatcher.ts'),
  'embedding-the-server.ts': () => import('./embedding-the-server.ts'),
  'keeping-a-model-on-track.ts': () => import('./keeping-a-model-on-track.ts'),
};

describe('guide snippets run', () => {
  for (const [file, load] of Object.entries(RUNNABLE)) {
    test(
      file,
      async () => {
        await expect(load()).resolves.toBeDefined();
      },
      60_000,
    );
  }
});
