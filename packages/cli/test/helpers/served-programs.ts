import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, inject } from 'vitest';
import { spawnProgram, type Program } from './spawn.js';

/**
 * A cassette line whose reply is an OpenAI Chat Completions body answering `content` (the shape of the API
 * reference's chat completion object).
 */
export function openAIWireLine(content: unknown, id = 'chatcmpl-test'): string {
  return JSON.stringify({
    wire: {
      provider: 'openai',
      body: {
        id,
        object: 'chat.completion',
        created: 1763712000,
        model: 'gpt-4o-2024-08-06',
        choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
      },
    },
  });
}

/** `ufo` processes and temp folders of one test, stopped and removed after it. */
export function perTestPrograms(): { ufo: (args: string[], env?: Record<string, string>) => Program; tempDir: (prefix: string) => string } {
  let programs: Program[] = [];
  let dirs: string[] = [];
  afterEach(async () => {
    for (const program of programs) await program.stop();
    programs = [];
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });
  return {
    ufo(args, env = {}) {
      const program = spawnProgram(inject('programs').ufo, args, env);
      programs.push(program);
      return program;
    },
    tempDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
  };
}
