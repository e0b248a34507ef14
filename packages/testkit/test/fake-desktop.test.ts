import { describe, expect, it } from 'vitest';
import { createFakeDesktopDispatcher } from '../src/index.js';
import { decodeTinyPngSize } from './png-size.js';

const target = { agent: 'AppAgent' };
let seq = 0;
const call = (tool_name: string, parameters: Record<string, unknown> = {}, tool_type: 'action' | 'data_collection' = 'action') => ({
  tool_name,
  parameters,
  tool_type,
  call_id: `c${++seq}`,
});

describe('FakeDesktop over the in-process MCP transport', () => {
  it('computes 3 × 4 when its calculator buttons are clicked, and records every call', async () => {
    const { desktop, dispatcher } = createFakeDesktopDispatcher();
    try {
      const [selected] = await dispatcher.execute([call('select_application_window', { id: '0x3a00004' })], { target });
      expect(selected?.status).toBe('success');
      expect(selected?.result).toMatchObject({ root_name: 'calc', title: 'Calculator' });
      const presses = ['3', '5', '4', '6'].map((id) => call('click_input', { id }));
      const results = await dispatcher.execute(presses, { target });
      expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success', 'success']);
      expect(desktop.state.display).toBe('12');
      expect(desktop.state.calls).toEqual(['select_application_window', 'click_input', 'click_input', 'click_input', 'click_input']);
    } finally {
      await dispatcher.close();
    }
  });

  it('fails, without throwing, on an unknown control or a window that does not exist', async () => {
    const { desktop, dispatcher } = createFakeDesktopDispatcher();
    try {
      const [noWindow] = await dispatcher.execute([call('click_input', { id: '1' })], { target });
      expect(noWindow?.status).toBe('failure');
      expect(noWindow?.error).toContain('WINDOW_NOT_SELECTED');
      const [badId] = await dispatcher.execute([call('select_application_window', { id: '0xdead' })], { target });
      expect(badId?.error).toContain('WINDOW_NOT_FOUND');
      await dispatcher.execute([call('select_application_window', { id: '0x3a00004' })], { target });
      const [badControl] = await dispatcher.execute([call('click_input', { id: '99' })], { target });
      expect(badControl?.error).toContain('CONTROL_NOT_FOUND');
      expect(desktop.state.display).toBe('0');
    } finally {
      await dispatcher.close();
    }
  });

  it('lists its windows and serves real PNG screenshots', async () => {
    const { dispatcher } = createFakeDesktopDispatcher();
    try {
      const [windows, shot] = await dispatcher.execute(
        [call('get_desktop_app_target_info', {}, 'data_collection'), call('capture_desktop_screenshot', {}, 'data_collection')],
        { target: { agent: 'HostAgent' } },
      );
      const list = (windows?.result as { windows: Array<{ id: string; name: string }> }).windows;
      expect(list.map((w) => w.name)).toEqual(['Calculator', 'Inbox - Mail']);
      const image = (shot?.result as { image: string }).image;
      expect(decodeTinyPngSize(image)).toEqual({ width: 8, height: 6 });
      const tools = await dispatcher.listTools({ target: { agent: 'LinuxAgent' } });
      expect(tools.map((t) => t.name)).toContain('send_email');
    } finally {
      await dispatcher.close();
    }
  });
});
