// A custom dispatcher: the CommandDispatcher port implemented from scratch (no MCP) over an in-memory notepad.
// Run by the docs test, which fails when the notepad does not hold the typed text.
// #region dispatcher
import type { Command, CommandDispatcher, ExecuteOptions, ListToolsOptions, Result, ToolInfo } from '@ufo-ts/core';
import { solidPngDataUrl } from '@ufo-ts/testkit';

type Tool = Omit<ToolInfo, 'name' | 'namespace'> & { run: (args: Record<string, unknown>) => unknown };

/** An in-memory notepad behind the CommandDispatcher port: the engine's only way to this "machine". */
export class NotepadDispatcher implements CommandDispatcher {
  text = '';
  private selected: string | undefined;
  private readonly screen = solidPngDataUrl(16, 10, [250, 250, 240]);
  private readonly tools: Record<string, Tool> = {
    // The data-collection tools the LinuxAgent's pipeline calls (names and result shapes as on a real desktop).
    capture_desktop_screenshot: this.data(() => ({ image: this.screen })),
    capture_window_screenshot: this.data(() => this.window() && { image: this.screen }),
    capture_annotated_screenshot: this.data(() => this.window() && { image: this.screen }),
    get_desktop_app_target_info: this.data(() => ({ windows: [{ id: 'np-1', title: 'Notepad', root_name: 'notepad' }] })),
    get_app_window_controls_target_info: this.data(() => this.window() && { controls: [{ id: '1', name: 'Text', type: 'edit', text: this.text }] }),
    // The actions the model may choose: listTools offers these, with a JSON Schema of their arguments.
    select_application_window: this.action('Select a window by id.', { id: { type: 'string' } }, (args) => {
      this.selected = String(args.id);
      return { root_name: 'notepad', title: 'Notepad' };
    }),
    type_text: this.action('Type text into the selected window.', { text: { type: 'string' } }, (args) => {
      this.window();
      this.text += String(args.text);
      return { typed: args.text };
    }),
  };

  async execute(commands: readonly Command[], options: ExecuteOptions): Promise<Result[]> {
    const results: Result[] = [];
    for (const command of commands) {
      if (options.signal?.aborted) {
        results.push({ status: 'failure', error: 'aborted', call_id: command.call_id });
        continue;
      }
      if (options.stopOnFailure && results.some((r) => r.status === 'failure')) {
        results.push({ status: 'skipped', error: 'an earlier command of the batch failed', call_id: command.call_id });
        continue;
      }
      const tool = this.tools[command.tool_name];
      if (!tool) {
        results.push({ status: 'failure', error: `no tool ${command.tool_name}`, code: 'TOOL_UNKNOWN', call_id: command.call_id });
        continue;
      }
      try {
        results.push({ status: 'success', result: tool.run(command.parameters), call_id: command.call_id, namespace: 'notepad' });
      } catch (error) {
        results.push({ status: 'failure', error: String(error), call_id: command.call_id, namespace: 'notepad' });
      }
    }
    return results;
  }

  async listTools(options: ListToolsOptions): Promise<ToolInfo[]> {
    return Object.entries(this.tools)
      .filter(([, tool]) => options.toolType === undefined || tool.tool_type === options.toolType)
      .map(([name, { run: _run, ...info }]) => ({ ...info, name, namespace: 'notepad' }));
  }

  async close(): Promise<void> {}

  private window(): true {
    if (!this.selected) throw new Error('no window selected');
    return true;
  }

  private data(run: Tool['run']): Tool {
    return { description: '', input_schema: {}, tool_type: 'data_collection', run };
  }

  private action(description: string, properties: Record<string, unknown>, run: Tool['run']): Tool {
    return { description, input_schema: { type: 'object', properties }, tool_type: 'action', run };
  }
}
// #endregion dispatcher

// #region session
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { LinuxSession } from '@ufo-ts/sessions';

const reply = (o: Record<string, unknown>) => ({ observation: 'notepad', thought: 'next', ...o });
const model = new ScriptedModel({
  replies: [
    reply({ action: { function: 'select_application_window', arguments: { id: 'np-1' } } }),
    reply({ action: { function: 'type_text', arguments: { text: 'Hello from ufo-ts' }, status: 'FINISH' } }),
  ],
});
const notepad = new NotepadDispatcher();
const outcome = await new LinuxSession({
  task: 'notepad',
  logRoot: 'logs',
  request: 'write a greeting in the notepad',
  models: { LINUX_AGENT: model },
  dispatcher: notepad,
  interactor: new ProgrammaticInteractor(),
  reports: false,
}).run();
console.log(outcome.status, JSON.stringify(notepad.text)); // completed "Hello from ufo-ts"
// #endregion session
if (notepad.text !== 'Hello from ufo-ts') throw new Error(`the notepad holds ${JSON.stringify(notepad.text)}`);
