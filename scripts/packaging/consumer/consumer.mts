// A TypeScript consumer of the packed packages, typechecked under `nodenext` and `bundler` (consumer.test.mjs):
// values and types from the main entries and the subpaths, used the way the READMEs show.
import { EventBus, isUfoError, MemoryLogSink, ProgrammaticInteractor, UfoError, type ChatModel } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createToolServer, defineTool } from '@ufo-ts/dispatchers/server';
import { createHostAgentStack } from '@ufo-ts/processor-strategies';
import { createFakeDesktopDispatcher, FakeDesktop, type FakeDesktopState } from '@ufo-ts/testkit';
import { z } from 'zod';
import './all-packages.mjs';

const model: ChatModel = new ScriptedModel({ replies: [{ observation: 'o', thought: 't', status: 'FINISH', result: 'done' }] });
const { desktop, dispatcher } = createFakeDesktopDispatcher(new FakeDesktop());
const state: FakeDesktopState = desktop.state;
const host = createHostAgentStack({ model, dispatcher, interactor: new ProgrammaticInteractor(), events: new EventBus(), logSink: new MemoryLogSink() });
const server = createToolServer({
  name: 'consumer',
  version: '1.0.0',
  tools: [defineTool({ name: 'echo', description: 'Echoes.', input: z.object({ text: z.string() }), handler: ({ text }) => ({ text }) })],
});
const error: unknown = new UfoError('CONSUMER', 'typed');
if (isUfoError(error)) console.log(error.code satisfies string);
export { host, server, state };
