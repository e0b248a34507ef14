// A task's set-up on a fresh desktop with the tool server at hand, for tests that drive the app themselves (no
// agent) and ask the task's checker what it reads.
import { createCommand, type Result } from '@ufo-ts/core';
import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createLinuxToolServer, startDesktop } from '@ufo-ts/platform-linux';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTaskWorkspace } from '../../src/run/task-workspace.js';
import type { DesktopTask, TaskWorkspace } from '../../src/task.js';

/** Calls a tool of the desktop's tool server; throws when it does not succeed. */
export type ToolCall = (tool: string, parameters?: Record<string, unknown>) => Promise<Record<string, unknown>>;

const LINUX = { namespace: 'linux', transport: 'in-process' as const, factory: 'linux' };

/** Runs the task's set-up on a fresh desktop, then `body` with its context and a tool caller; cleans up after. */
export async function withTaskDesktop(task: DesktopTask, body: (ctx: TaskWorkspace, tool: ToolCall) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `ufo-task-${task.id}-`));
  const desktop = await startDesktop(task.env ? { env: task.env } : {});
  const linux = await createLinuxToolServer({ desktop });
  const config = { LinuxAgent: { default: { data_collection: [LINUX], action: [LINUX] } } };
  const checker = new LocalCommandDispatcher({ config, factories: { linux: () => linux.createServer() } });
  const driver = new LocalCommandDispatcher({ config, factories: { linux: () => linux.createServer() } });
  const tool: ToolCall = async (name, parameters = {}) => {
    const type = linux.tools.find((t) => t.name === name)?.toolType ?? 'action';
    const [result] = (await driver.execute([createCommand(name, parameters, type)], { target: { agent: 'LinuxAgent' } })) as Result[];
    if (!result || result.status !== 'success') throw new Error(`${name} failed: ${result?.error ?? 'no result'}`);
    return result.result as Record<string, unknown>;
  };
  try {
    const ctx = createTaskWorkspace({ dir, desktop, linux, dispatcher: checker });
    await task.setup(ctx);
    await body(ctx, tool);
  } finally {
    await driver.close().catch(() => undefined);
    await checker.close().catch(() => undefined);
    await linux.close().catch(() => undefined);
    await desktop.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Selects the window whose title contains `title`. */
export async function selectWindow(tool: ToolCall, title: string): Promise<void> {
  const { windows } = (await tool('list_windows')) as { windows: Array<{ id: string; title: string }> };
  const window = windows.find((w) => w.title.includes(title));
  if (!window) throw new Error(`no window titled "…${title}…" (${windows.map((w) => w.title).join(', ')})`);
  await tool('select_application_window', { id: window.id });
}

/** The id of the first listed control of the selected window that `match` accepts. */
export async function controlId(tool: ToolCall, match: (c: { id: string; type: string; name: string; text?: string }) => boolean): Promise<string> {
  const { controls } = (await tool('get_app_window_controls_target_info')) as { controls: Array<{ id: string; type: string; name: string; text?: string }> };
  const found = controls.find(match);
  if (!found) throw new Error(`no such control among ${controls.map((c) => `${c.type} "${c.name}"`).join(', ')}`);
  return found.id;
}
