import { ArgumentValidator, LocalCommandDispatcher, exampleArguments, renderToolsForPrompt } from '@ufo-ts/dispatchers';
import { createToolServer } from '@ufo-ts/dispatchers/server';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP_ALLOW_LIST } from '../../src/desktop/app-allow-list.js';
import type { DesktopSession } from '../../src/desktop/desktop-session.js';
import { compileShellPolicy } from '../../src/shell/compiled-policy.js';
import { createDefaultShellPolicy } from '../../src/shell/default-shell-policy.js';
import { controlTools } from '../../src/tools/control-tools.js';
import { inputTools } from '../../src/tools/input-tools.js';
import { screenshotTools } from '../../src/tools/screenshot-tools.js';
import { shellTools } from '../../src/tools/shell-tools.js';
import type { LinuxToolContext } from '../../src/tools/tool-context.js';
import { windowTools } from '../../src/tools/window-tools.js';

// The schemas of every Linux tool as an MCP client lists them; no handler runs, so no desktop is needed.
const ctx: LinuxToolContext = { session: undefined as unknown as DesktopSession, apps: DEFAULT_APP_ALLOW_LIST, appEnv: {} };
const tools = [
  ...windowTools(ctx),
  ...controlTools(ctx),
  ...screenshotTools(ctx),
  ...inputTools(ctx),
  ...shellTools(compileShellPolicy(createDefaultShellPolicy()), {}),
];
const dispatcher = new LocalCommandDispatcher({
  config: { LinuxAgent: { default: { action: [{ namespace: 'linux', transport: 'in-process', factory: 'linux' }] } } },
  factories: { linux: () => createToolServer({ name: 'ufo-linux', version: '0.1.0', tools }) },
});
afterAll(() => dispatcher.close());

describe('the Linux tools in the prompt', () => {
  it("show example calls that the dispatcher's validator accepts, for every tool", async () => {
    const listed = await dispatcher.listTools({ target: { agent: 'LinuxAgent' } });
    expect(listed.length).toBe(tools.length);
    const prompt = renderToolsForPrompt(listed);
    const validator = new ArgumentValidator();
    for (const tool of listed) {
      const example = exampleArguments(tool.input_schema);
      const check = await validator.check({ name: tool.name, inputSchema: tool.input_schema as { type: 'object' } }, example);
      expect(check, `${tool.name}(${JSON.stringify(example)})`).toEqual({ ok: true });
      expect(prompt).toContain(`Tool name: ${tool.name}`);
    }
  });
});
