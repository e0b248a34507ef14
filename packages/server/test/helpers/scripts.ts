// ScriptedModel replies used by the remote tests (LinuxAgent single tier and the Windows HostAgent stack).
import { FakeDesktop } from '@ufo-ts/testkit';

/** The calculator's window id on the FakeDesktop (the LinuxAgent acts with the tool's own ids). */
const CALC_WINDOW_ID = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
const linux = (action: unknown, extra: Record<string, unknown> = {}) => ({ observation: 'desktop', thought: 'linux thinks', action, ...extra });
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const host = (status: string, extra: Record<string, unknown> = {}) => ({
  observation: 'desktop',
  thought: `host ${status}`,
  status,
  plan: ['next'],
  comment: 'c',
  ...extra,
});
const app = (action: unknown, extra: Record<string, unknown> = {}) => ({
  observation: 'window',
  thought: 'app thinks',
  action,
  plan: ['p'],
  comment: 'app',
  ...extra,
});

/** Requests (keys) and the replies the scripted model gives for them. */
export const SCRIPTS = {
  'compute 12 times 34': [
    linux({ function: 'select_application_window', arguments: { id: CALC_WINDOW_ID }, status: 'CONTINUE' }),
    linux([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result: '408' }),
  ],
  'wait a long time': [
    linux({ function: 'wait_ms', arguments: { ms: 20_000 }, status: 'CONTINUE' }),
    linux({ function: 'wait_ms', arguments: { ms: 20_000 }, status: 'CONTINUE' }),
    linux([], { status: 'FINISH', result: 'waited' }),
  ],
  'use the frobnicator': [
    linux({ function: 'frobnicate', arguments: { level: 11 }, status: 'CONTINUE' }),
    linux([], { status: 'FAIL', result: 'no such tool' }),
  ],
  'windows: compute 12 times 34': [
    host('ASSIGN', { function: 'select_application_window', arguments: { id: '1', name: 'Calculator' }, current_subtask: 'compute 12×34' }),
    app([click('1'), click('2'), click('5'), click('3'), click('4'), click('6')]),
    app([], { status: 'FINISH', result: '408' }),
    host('FINISH', { result: '408 computed' }),
  ],
} satisfies Record<string, unknown[]>;
