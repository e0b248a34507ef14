// @ts-check
// A CommandDispatcher written from scratch: no MCP, no tool server, just an object with execute/listTools/close
// over an in-memory notepad. The engine neither knows nor cares: the dispatcher is its only way to a machine.
import { ProgrammaticInteractor } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { LinuxSession } from '@ufo-ts/sessions';
import { solidPngDataUrl } from '@ufo-ts/testkit';

const quiet = process.argv.includes('--quiet');
const say = (/** @type {string} */ line) => quiet || console.log(line);

/** An in-memory notepad behind the CommandDispatcher port. */
class NotepadDispatcher {
  text = '';
  /** @type {string | undefined} */ selected;
  screen = solidPngDataUrl(16, 10, [250, 250, 240]);

  /** @type {Record<string, (args: Record<string, unknown>) => unknown>} */
  tools = {
    capture_desktop_screenshot: () => ({ image: this.screen }),
    capture_window_screenshot: () => this.requireWindow() && { image: this.screen },
    capture_annotated_screenshot: () => this.requireWindow() && { image: this.screen },
    get_desktop_app_target_info: () => ({ windows: [{ id: 'np-1', title: 'Notepad', root_name: 'notepad' }] }),
    get_app_window_controls_target_info: () => this.requireWindow() && { controls: [{ id: '1', name: 'Text', type: 'edit', text: this.text }] },
    select_application_window: (args) => ((this.selected = String(args.id)), { root_name: 'notepad', title: 'Notepad' }),
    type_text: (args) => this.requireWindow() && ((this.text += String(args.text)), { typed: args.text }),
  };

  requireWindow() {
    if (!this.selected) throw new Error('no window selected');
    return true;
  }

  /** @param {readonly import('@ufo-ts/core').Command[]} commands @returns {Promise<import('@ufo-ts/core').Result[]>} */
  async execute(commands) {
    return commands.map((command) => {
      const tool = this.tools[command.tool_name];
      if (!tool) return { status: 'failure', error: `TOOL_UNKNOWN: ${command.tool_name}`, call_id: command.call_id };
      try {
        return { status: 'success', result: tool(command.parameters), call_id: command.call_id, namespace: 'notepad' };
      } catch (error) {
        return { status: 'failure', error: String(error), call_id: command.call_id, namespace: 'notepad' };
      }
    });
  }

  /** @returns {Promise<import('@ufo-ts/core').ToolInfo[]>} */
  async listTools() {
    const schema = (/** @type {Record<string, unknown>} */ properties) => ({ type: 'object', properties });
    return [
      {
        name: 'select_application_window',
        description: 'Select a window by id.',
        input_schema: schema({ id: { type: 'string' } }),
        tool_type: 'action',
        namespace: 'notepad',
      },
      {
        name: 'type_text',
        description: 'Type text into the selected window.',
        input_schema: schema({ text: { type: 'string' } }),
        tool_type: 'action',
        namespace: 'notepad',
      },
    ];
  }

  async close() {}
}

const reply = (/** @type {Record<string, unknown>} */ o) => ({ observation: 'notepad', thought: 'next', ...o });
const model = new ScriptedModel({
  replies: [
    reply({ action: { function: 'select_application_window', arguments: { id: 'np-1' } } }),
    reply({ action: { function: 'type_text', arguments: { text: 'Hello from ufo-ts' }, status: 'FINISH' } }),
  ],
});
const notepad = new NotepadDispatcher();
/** @type {import('@ufo-ts/core').CommandDispatcher} */
const dispatcher = notepad; // checked against the port
const outcome = await new LinuxSession({
  task: `custom-dispatcher-${Date.now()}`,
  logRoot: 'logs',
  request: 'write a greeting in the notepad',
  models: { LINUX_AGENT: model },
  dispatcher,
  interactor: new ProgrammaticInteractor(),
  reports: false,
}).run();
say(`notepad: ${JSON.stringify(notepad.text)}  (${outcome.steps} steps, ${outcome.status})`);
if (outcome.status !== 'completed' || notepad.text !== 'Hello from ufo-ts') {
  console.error('custom-dispatcher example failed');
  process.exit(1);
}
