// bench/cluster helper: ScriptedModel replies by request (LinuxAgent, one model call per step).
// `compute <label>`: select the calculator, then 12 × 34 =; `slow <ms> <label>`: the same with a wait_ms step between.
import { FakeDesktop } from '@ufo-ts/testkit';

const CALC_WINDOW_ID = new FakeDesktop().windows.find((w) => w.root_name === 'calc').id;
const linux = (action, extra = {}) => JSON.stringify({ observation: 'desktop', thought: 'linux thinks', action, ...extra });
const click = (id, status = 'CONTINUE') => ({ function: 'click_input', arguments: { id }, status });
const select = linux({ function: 'select_application_window', arguments: { id: CALC_WINDOW_ID }, status: 'CONTINUE' });
const compute = (result) => linux([click('1'), click('2'), click('5'), click('3'), click('4'), click('6', 'FINISH')], { result });

export function scriptFor(request) {
  const slow = /^slow (\d+) (.+)$/.exec(request);
  if (slow) return [select, linux({ function: 'wait_ms', arguments: { ms: Number(slow[1]) }, status: 'CONTINUE' }), compute(`408 for ${slow[2]}`)];
  const plain = /^compute (.+)$/.exec(request);
  if (plain) return [select, compute(`408 for ${plain[1]}`)];
  return [linux([], { status: 'FAIL', result: 'no script' })];
}
