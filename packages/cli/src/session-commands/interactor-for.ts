import { ConsoleInteractor, type Interactor } from '@ufo-ts/core';
import { DeferringInteractor } from '@ufo-ts/sessions';

/**
 * A terminal person when there is one (stdin and stderr are terminals and the output is not JSON): prompts go to
 * stderr. Otherwise requests come from the command line and a question or a sensitive action stops the session
 * as `waiting` (exit code 3), to be continued with `ufo resume`.
 */
export function interactorFor(options: { requests: string[]; json: boolean }): { interactor: Interactor; close: () => void } {
  if (!options.json && process.stdin.isTTY && process.stderr.isTTY) {
    const console = new ConsoleInteractor({ output: process.stderr });
    const pending = [...options.requests];
    const interactor: Interactor = {
      firstRequest: async () => pending.shift() ?? console.firstRequest(),
      nextRequest: () => console.nextRequest(),
      askQuestions: (questions, context) => console.askQuestions(questions, context),
      confirmAction: (action) => console.confirmAction(action),
    };
    return { interactor, close: () => console.close() };
  }
  return { interactor: new DeferringInteractor({ requests: options.requests }), close: () => undefined };
}
