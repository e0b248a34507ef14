import type { TaskWorkspace } from '../task.js';

/**
 * Starts an app that has no accessibility support (an X toolkit or Tk program: `ctx.launch` waits for a window on
 * the accessibility tree, which never comes) and waits until an X window whose title contains `title` is mapped.
 */
export async function launchDrawnApp(ctx: TaskWorkspace, command: string, args: readonly string[], title: string): Promise<void> {
  await ctx.desktop.launchApp(command, args, { cwd: ctx.dir }).waitForWindow({ title, timeoutMs: 30_000 });
}
