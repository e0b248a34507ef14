import type { ChatModel } from '@ufo-ts/core';
import { createAnthropicModel, createOpenAIModel } from '@ufo-ts/llm-providers';
import { fixturePaths, startFixtureServer, type FixtureResponse, type FixtureServer, type RecordedRequest } from '@ufo-ts/llm-providers/testing';
import { TaskSuiteError } from '../errors.js';
import { ScreenReferencePlayer, type ScreenReferencePlayerOptions } from './screen-player.js';
import { anthropicComputerMessage, lastImageSize, openAIComputerResponse, type ComputerUseWire } from './screen-wire.js';

/** Options of {@link startScreenGroundedModel}. */
export interface ScreenGroundedModelOptions extends ScreenReferencePlayerOptions {
  /** The wire format of the replies: OpenAI's Responses API or Anthropic's Messages API. */
  wire: ComputerUseWire;
}

/** A computer-use model that plays a reference solution, served over a local HTTP server in a provider's wire format. */
export interface ScreenGroundedModel {
  /** The engine's model: the provider's real adapter, pointed at the local server. */
  model: ChatModel;
  /** The player behind the server (its `failure`, its `calls`). */
  player: ScreenReferencePlayer;
  /** The local server (every request it got, with the screenshots the engine sent). */
  server: FixtureServer;
  /** Stops the server. */
  close(): Promise<void>;
}

/**
 * Starts a local server that answers each request of a computer-use model with the next step of a reference
 * solution, resolved against the live screen ({@link ScreenReferencePlayer}) at the size of the screenshot that
 * request carried, in the provider's real wire format: a Responses API body with a `computer_call` for `openai`
 * (the engine's model is `createOpenAIModel` for `gpt-5.4`, the GA computer tool), a Messages API body with
 * `tool_use` blocks of the `computer` tool for `anthropic` (`createAnthropicModel` for `claude-sonnet-4-5`,
 * `computer_20250124`). The engine's own adapters read the replies back, so a passing run covers the wire path.
 *
 * @example
 * ```ts
 * const cu = await startScreenGroundedModel({ wire: 'anthropic', steps, locate, screen: { width: 1600, height: 1000 } });
 * await new OperatorSession({ models: { OPERATOR: cu.model }, ... }).run();
 * await cu.close();
 * ```
 */
export async function startScreenGroundedModel(options: ScreenGroundedModelOptions): Promise<ScreenGroundedModel> {
  const player = new ScreenReferencePlayer(options);
  let n = 0;
  const respond = async (request: RecordedRequest): Promise<FixtureResponse> => {
    const image = lastImageSize(request.body);
    if (!image) {
      const error = new TaskSuiteError(
        'REFERENCE_NOT_ON_SCREEN',
        `${options.label ?? 'reference solution'}: the request carries no PNG screenshot to answer in the coordinates of`,
      );
      player.failure ??= error;
      throw error;
    }
    n += 1;
    const reply = await player.next(image);
    return { json: options.wire === 'openai' ? openAIComputerResponse(reply, n) : anthropicComputerMessage(reply, n) };
  };
  const path = options.wire === 'openai' ? fixturePaths.openAIResponses : fixturePaths.anthropicMessages;
  const server = await startFixtureServer({ routes: [{ path, responses: [], respond }] });
  const common = { apiKey: 'fixture-key', retry: { maxRetries: 0 } };
  const model =
    options.wire === 'openai'
      ? createOpenAIModel({ ...common, baseUrl: `${server.url}/v1`, model: 'gpt-5.4', api: 'responses' })
      : createAnthropicModel({ ...common, baseUrl: server.url, model: 'claude-sonnet-4-5' });
  return { model, player, server, close: () => server.close() };
}
