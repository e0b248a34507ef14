// ScriptedModel replies of the human-in-the-loop and budget tests (LinuxAgent single tier on the FakeDesktop).
import { FakeDesktop } from '@ufo-ts/testkit';

/** The calculator's window id on the FakeDesktop. */
const CALC_WINDOW_ID = new FakeDesktop().windows.find((w) => w.root_name === 'calc')!.id;
const linux = (action: unknown, extra: Record<string, unknown> = {}) => ({ observation: 'desktop', thought: 'linux thinks', action, ...extra });
const select = linux({ function: 'select_application_window', arguments: { id: CALC_WINDOW_ID }, status: 'CONTINUE' });
const click = (id: string, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });

/** Requests (keys) and the replies the scripted model gives for them, in order. */
export const HITL_SCRIPTS: Record<string, unknown[]> = {
  /** A sensitive click held for approval (status CONFIRM), then the task finishes. */
  'press one, carefully': [
    select,
    linux(click('1', 'CONFIRM'), { comment: 'pressing 1 changes the display' }),
    linux([], { status: 'FINISH', result: 'pressed' }),
  ],
  /** A question (PENDING), then the task finishes once the answer is known. */
  'ask which key': [select, linux([], { status: 'PENDING', questions: ['Which key should I press?'] }), linux([], { status: 'FINISH', result: 'asked' })],
  /** Two questions, one after the other. */
  'ask twice': [
    select,
    linux([], { status: 'PENDING', questions: ['First?'] }),
    linux([], { status: 'PENDING', questions: ['Second?'] }),
    linux([], { status: 'FINISH', result: 'asked twice' }),
  ],
  /** Two steps, then done. */
  'a short task': [select, linux([], { status: 'FINISH', result: 'short' })],
  /** Clicks for a long time (budget tests stop it). */
  'keep clicking': [select, ...Array.from({ length: 12 }, (_, i) => linux(click(String((i % 4) + 1)))), linux([], { status: 'FINISH', result: 'clicked' })],
};
