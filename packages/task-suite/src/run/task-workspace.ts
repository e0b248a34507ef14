import { createCommand, type Result } from '@ufo-ts/core';
import type { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import type { AppHandle, Desktop, LinuxToolServer } from '@ufo-ts/platform-linux';
import { join } from 'node:path';
import type { CheckedControl, TaskWorkspace } from '../task.js';

/** What {@link createTaskWorkspace} builds a workspace from. */
export interface TaskWorkspaceParts {
  dir: string;
  desktop: Desktop;
  linux: LinuxToolServer;
  /** A dispatcher of its own for the checkers (not the agent's). */
  dispatcher: LocalCommandDispatcher;
}

/** The workspace a task's set-up, solution and checker see. */
export function createTaskWorkspace(parts: TaskWorkspaceParts): TaskWorkspace {
  const apps: AppHandle[] = [];
  const run = async (tool: string, parameters: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
    const type = parts.linux.tools.find((t) => t.name === tool)?.toolType ?? 'action';
    const [result] = (await parts.dispatcher.execute([createCommand(tool, parameters, type)], { target: { agent: 'LinuxAgent' } })) as Result[];
    if (!result || result.status !== 'success') throw new Error(`${tool} failed: ${result?.error ?? 'no result'}`);
    return result.result as Record<string, unknown>;
  };
  const selectWindow = async (title: string | undefined): Promise<void> => {
    if (title === undefined) return;
    const { windows } = (await run('list_windows')) as { windows: Array<{ id: string; title: string }> };
    const window = windows.find((w) => w.title.includes(title));
    if (!window) throw new Error(`no window titled "…${title}…" (windows: ${windows.map((w) => JSON.stringify(w.title)).join(', ') || 'none'})`);
    await run('select_application_window', { id: window.id });
  };
  return {
    dir: parts.dir,
    desktop: parts.desktop,
    apps,
    state: new Map(),
    path: (relative) => join(parts.dir, relative),
    async launch(command, args = [], options = {}) {
      const app = parts.desktop.launchApp(command, args, { cwd: parts.dir, ...options });
      apps.push(app);
      await app.waitForFrame({ timeoutMs: 60_000 });
      return app;
    },
    async controls(windowTitle) {
      await selectWindow(windowTitle);
      const { controls } = (await run('get_controls', { include_all: true })) as { controls: Array<Record<string, unknown>> };
      return controls.map((c) => ({
        id: String(c.id),
        role: String(c.role),
        name: String(c.name ?? ''),
        ...(typeof c.text === 'string' ? { text: c.text } : {}),
        ...(Array.isArray(c.states) ? { states: c.states.map(String) } : {}),
      })) satisfies CheckedControl[];
    },
    async closeWindow(windowTitle) {
      await selectWindow(windowTitle);
      await run('close_window', {});
    },
  };
}
