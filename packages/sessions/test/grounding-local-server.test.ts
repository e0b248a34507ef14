import { ProgrammaticInteractor } from '@ufo-ts/core';
import { fromPngDataUrl, pngSize } from '@ufo-ts/imaging';
import { createOpenAICompatibleModel } from '@ufo-ts/llm-providers';
import { openAIChatCompletionBody, startFixtureServer, type FixtureServer } from '@ufo-ts/llm-providers/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createGroundingProcessor, OperatorSession, uiTarsDialect } from '../src/index.js';
import { FakeCalculatorScreen } from './fake-calculator-screen.js';
import { perTestCleanup, stepLines } from './helpers.js';

const { dirs, defer } = perTestCleanup();
let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type WireMessage = { role: string; content: string | Array<{ type: string; text?: string; image_url?: { url: string } }> };
const messagesOf = (body: unknown) => (body as { messages: WireMessage[] }).messages;
const imagesOf = (messages: WireMessage[]) =>
  messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url)));
const textOf = (message: WireMessage | undefined) =>
  message === undefined ? '' : typeof message.content === 'string' ? message.content : message.content.map((p) => p.text ?? '').join('\n');

describe('a UI-TARS model behind an OpenAI-compatible local server drives the fake calculator', () => {
  it('12×34=408: grid clicks scaled from a 1092×683 screenshot to the 1280×800 screen, an out-of-grid click re-asked with its reason, the display read back', async () => {
    const screen = new FakeCalculatorScreen();
    defer(() => screen.close());
    // The model answers on the 0–1000 grid over the screenshot, as UI-TARS does.
    const grid = (label: string) => {
      const { x, y } = screen.centre(label);
      return `(${Math.round((x / 1280) * 1000)},${Math.round((y / 800) * 1000)})`;
    };
    const click = (label: string) => `Thought: Press the ${label} key.\nAction: click(start_box='<|box_start|>${grid(label)}<|box_end|>')`;
    const replies = [
      click('1'),
      click('2'),
      "Thought: Press the multiplication key.\nAction: click(start_box='<|box_start|>(1204,750)<|box_end|>')",
      click('×'),
      click('3'),
      click('4'),
      click('='),
      "Thought: The display shows 408.\nAction: finished(content='408')",
    ];
    server = await startFixtureServer({
      routes: [
        { path: '/v1/chat/completions', responses: replies.map((content) => ({ json: openAIChatCompletionBody({ content, model: 'ui-tars-1.5-7b' }) })) },
      ],
    });
    const model = createOpenAICompatibleModel({
      preset: 'vllm',
      baseUrl: server.url,
      model: 'ui-tars-1.5-7b',
      capabilities: { vision: true },
      retry: { maxRetries: 0 },
    });
    const dispatcher = screen.dispatcher();
    defer(() => dispatcher.close());

    const outcome = await new OperatorSession({
      task: 'grounding-calculator',
      logRoot: dirs.make(),
      request: 'Compute 12×34 with the calculator.',
      models: { OPERATOR: model },
      dispatcher,
      interactor: new ProgrammaticInteractor(),
      platform: 'linux',
      processor: createGroundingProcessor({ dialect: uiTarsDialect(), maxImage: { width: 1092, height: 683 }, maxImages: 2 }),
    }).run();

    expect(outcome.rounds).toMatchObject([{ finalState: 'FINISH', result: '408' }]);
    // the calculator itself, not the model's word
    expect(screen.display).toBe('408');
    expect(screen.clicks.map((c) => c.key)).toEqual(['1', '2', '×', '3', '4', '=']);
    expect(stepLines(outcome.logFolder!).map((l) => l.status)).toEqual(['CONTINUE', 'CONTINUE', 'CONTINUE', 'CONTINUE', 'CONTINUE', 'CONTINUE', 'FINISH']);

    const bodies = server.requests.map((r) => r.body);
    expect(bodies).toHaveLength(8);
    const first = messagesOf(bodies[0]);
    expect(first[0]).toMatchObject({ role: 'system' });
    expect(textOf(first[0])).toContain("click(start_box='<|box_start|>(x1,y1)<|box_end|>')");
    expect(textOf(first[1])).toContain('Task: Compute 12×34 with the calculator.');
    // the screenshot went out at the dialect's size, not the screen's
    const sent = imagesOf(first);
    expect(sent).toHaveLength(1);
    expect(pngSize(fromPngDataUrl(sent[0]!))).toEqual({ width: 1092, height: 683 });

    // the out-of-grid click ran nothing and was asked again in the same step, quoting the reason
    const reask = messagesOf(bodies[3]);
    expect(reask.at(-2)).toEqual({ role: 'assistant', content: replies[2] });
    expect(reask.at(-1)!.role).toBe('user');
    expect(textOf(reask.at(-1))).toContain('"click start_box point (1204, 750) is outside the 0–1000 grid over the screenshot: x must be 0–1000 and y 0–1000"');
    expect(imagesOf(reask)).toHaveLength(2);
    // later requests keep the corrected reply, not the bad one, and at most two screenshots
    const last = messagesOf(bodies[7]);
    expect(last.filter((m) => m.role === 'assistant').map((m) => textOf(m))).toEqual([replies[0], replies[1], replies[3], replies[4], replies[5], replies[6]]);
    expect(imagesOf(last)).toHaveLength(2);
    expect(textOf(last.at(-1))).toContain('click_on_coordinates');
  });
});
