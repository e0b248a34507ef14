import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConsoleInteractor, ProgrammaticInteractor } from '../src/index.js';

describe('ConsoleInteractor', () => {
  it('reads requests, answers and confirmations from its input', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const ui = new ConsoleInteractor({ input, output });
    input.write('open calculator\n');
    expect(await ui.firstRequest()).toBe('open calculator');
    input.write('42\n');
    expect(await ui.askQuestions(['How many?'], { agent: 'AppAgent' })).toEqual([{ question: 'How many?', answer: '42' }]);
    input.write('y\n');
    expect(await ui.confirmAction({ agent: 'AppAgent', function: 'send', arguments: {}, step: 1 })).toBe(true);
    input.write('n\n');
    expect(await ui.nextRequest()).toBeNull();
    ui.close();
  });

  it('treats end of input as the end of the session instead of crashing', async () => {
    const input = new PassThrough();
    const ui = new ConsoleInteractor({ input, output: new PassThrough() });
    const pending = ui.firstRequest();
    input.end();
    expect(await pending).toBeNull();
    expect(await ui.confirmAction({ agent: 'a', function: 'f', arguments: {}, step: 0 })).toBe(false);
  });
});

describe('ProgrammaticInteractor', () => {
  it('hands out requests, answers and decisions in order and records them', async () => {
    const ui = new ProgrammaticInteractor({ requests: ['a', 'b'], answers: ['x'], confirm: [true, false] });
    expect([await ui.firstRequest(), await ui.nextRequest(), await ui.nextRequest()]).toEqual(['a', 'b', null]);
    expect(await ui.askQuestions(['q1', 'q2'])).toEqual([
      { question: 'q1', answer: 'x' },
      { question: 'q2', answer: '' },
    ]);
    const action = { agent: 'a', function: 'f', arguments: {}, step: 0 };
    expect([await ui.confirmAction(action), await ui.confirmAction(action), await ui.confirmAction(action)]).toEqual([true, false, false]);
    expect(ui.asked).toEqual(['q1', 'q2']);
  });
});
