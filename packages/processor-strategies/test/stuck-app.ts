import { LocalCommandDispatcher } from '@ufo-ts/dispatchers';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { UfoError } from '@ufo-ts/core';
import { z } from 'zod';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * A one-window app for engine tests of the progress monitor, served as real MCP tools with the platform tools'
 * names and result shapes: a disabled "Save" button (its click fails `CONTROL_DISABLED`, as platform-linux's does),
 * a "Name" field (typing shows in the listing), a "File" menu that opens and closes (its effect is measured), and a
 * "Open…" button that opens a dialog, which replaces the window's controls (new ids).
 */
export class StuckApp {
  name = '';
  menuOpen = false;
  dialogOpen = false;
  saved = false;
  readonly calls: string[] = [];
  annotatedShots = 0;
  /** Notes the control listing adds about itself (a list cut at a budget, text that could not be read …). */
  listingNotes: string[] = [];

  controls(): Array<Record<string, unknown>> {
    if (this.dialogOpen) {
      return [
        { id: 'd1', name: 'File name', type: 'text', states: ['editable'], text: '' },
        { id: 'd2', name: 'Cancel', type: 'push button', states: [] },
      ];
    }
    return [
      { id: 'c1', name: 'File', type: 'menu', states: this.menuOpen ? ['expanded'] : [] },
      { id: 'c2', name: 'Save', type: 'push button', states: this.name ? [] : ['disabled'] },
      { id: 'c3', name: 'Name', type: 'text', states: ['editable'], text: this.name },
      { id: 'c4', name: 'Open…', type: 'push button', states: [] },
      ...(this.menuOpen ? [{ id: 'c5', name: 'Quit', type: 'menu item', states: [] }] : []),
    ];
  }

  dispatcher(): LocalCommandDispatcher {
    const servers = {
      data_collection: [{ namespace: 'app', transport: 'in-process' as const, factory: 'app' }],
      action: [{ namespace: 'app', transport: 'in-process' as const, factory: 'app' }],
    };
    return new LocalCommandDispatcher({ config: { LinuxAgent: { default: servers } }, factories: { app: () => this.server() } });
  }

  private effect(changed: boolean, change: string) {
    return { effect: { changed, changes: changed ? [change] : ['no visible change within 400 ms'] } };
  }

  private server() {
    const shot = (name: string) =>
      defineTool({ name, description: 'Screenshot.', toolType: 'data_collection', input: z.object({}), handler: () => ({ image: PNG, width: 1, height: 1 }) });
    return createToolServer({
      name: 'stuck-app',
      tools: [
        shot('capture_desktop_screenshot'),
        shot('capture_window_screenshot'),
        defineTool({
          name: 'capture_annotated_screenshot',
          description: 'Annotated screenshot.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => ((this.annotatedShots += 1), { image: PNG, width: 1, height: 1 }),
        }),
        defineTool({
          name: 'get_desktop_app_target_info',
          description: 'Windows.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => ({ windows: [{ id: '0x1', name: this.dialogOpen ? 'Open' : 'Notes', kind: 'window' }] }),
        }),
        defineTool({
          name: 'get_app_window_controls_target_info',
          description: 'Controls.',
          toolType: 'data_collection',
          input: z.object({}),
          handler: () => (this.calls.push('list'), { controls: this.controls(), ...(this.listingNotes.length > 0 ? { notes: this.listingNotes } : {}) }),
        }),
        defineTool({
          name: 'click_input',
          description: 'Click a control by id.',
          input: z.object({ id: z.string(), name: z.string().default('') }),
          handler: ({ id }) => {
            this.calls.push(`click ${id}`);
            const control = this.controls().find((c) => c['id'] === id);
            if (!control) throw new UfoError('CONTROL_NOT_FOUND', `no control ${id}`);
            if (id === 'c2') {
              if (!this.name) throw new UfoError('CONTROL_DISABLED', 'control c2 (push button "Save") stayed disabled');
              this.saved = true;
              return this.effect(true, 'window title changed');
            }
            if (id === 'c1') {
              this.menuOpen = !this.menuOpen;
              return this.effect(true, this.menuOpen ? '1 popup (menu, list or tooltip) opened' : '1 popup closed');
            }
            if (id === 'c4') {
              this.dialogOpen = true;
              return this.effect(true, 'window opened: "Open" (2)');
            }
            if (id === 'd2') {
              this.dialogOpen = false;
              return this.effect(true, 'window closed: "Open" (2)');
            }
            return this.effect(false, '');
          },
        }),
        defineTool({
          name: 'type_text',
          description: 'Type text into a control.',
          input: z.object({ text: z.string(), id: z.string().default('') }),
          handler: ({ text, id }) => {
            this.calls.push(`type ${id} ${text}`);
            if (id === 'c3') {
              this.name += text;
              return this.effect(true, 'c3 text changed');
            }
            return this.effect(false, '');
          },
        }),
        defineTool({
          name: 'keyboard_input',
          description: 'Press keys.',
          input: z.object({ keys: z.string(), id: z.string().default('') }),
          handler: ({ keys }) => {
            this.calls.push(`keys ${keys}`);
            if (keys === 'Escape' && this.menuOpen) {
              this.menuOpen = false;
              return this.effect(true, '1 popup closed');
            }
            return this.effect(false, '');
          },
        }),
      ],
    });
  }
}
