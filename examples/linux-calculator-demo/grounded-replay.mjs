// @ts-check
// Hand-written cassette replies name the controls they click (`"name": "1"`); their ids were only valid for the
// listing the writer saw. This wrapper does what a model does with a prompt: it looks each named control up in the
// control list of the prompt the engine sent at that step and puts that control's id into the reply. A name that
// is not in the prompt is an error, so the demo also proves the prompt carries what a model needs. With
// `nativeTools`, the grounded reply comes back as native tool calls (one per action, then `respond`), as a model
// with function calling answers, and the wrapper reports native tool calls in its features.
import { NATIVE_TOOL_FEATURES, textReplyToToolCalls } from '@ufo-ts/processor-strategies';

/** One `[a12] push button "7"` line of the prompt's control list. */
const LISTED = /^\[([^\]\s]+)\] ([a-z][a-z ]*?) "(.*?)"(?= labelled | shows | \[|$)/;

/**
 * @param {import('@ufo-ts/core').ChatRequest} request
 * @returns {{ id: string, role: string, name: string }[]}
 */
function listedControls(request) {
  const texts = request.messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.flatMap((p) => (p.type === 'text' ? [p.text] : []))));
  return texts.flatMap((t) => t.split('\n')).flatMap((line) => {
    const match = LISTED.exec(line.trim());
    return match ? [{ id: match[1] ?? '', role: match[2] ?? '', name: match[3] ?? '' }] : [];
  });
}

/**
 * A ChatModel that answers from `model` and grounds the `click_input` actions of each reply in the prompt.
 * @param {import('@ufo-ts/core').ChatModel} model
 * @param {{ nativeTools?: boolean }} [options] answer with native tool calls instead of JSON text
 * @returns {import('@ufo-ts/core').ChatModel}
 */
export function groundedReplay(model, options = {}) {
  let calls = 0;
  return {
    provider: model.provider,
    modelId: model.modelId,
    ...(options.nativeTools ? { features: NATIVE_TOOL_FEATURES } : {}),
    /**
     * @template T
     * @param {import('@ufo-ts/core').ChatRequest<T>} request
     * @returns {Promise<import('@ufo-ts/core').ChatResponse<T>>}
     */
    async complete(request) {
      const listed = listedControls(/** @type {import('@ufo-ts/core').ChatRequest} */ (request));
      calls += 1;
      const { tools: _tools, toolChoice: _choice, parallelToolCalls: _parallel, ...asText } = request;
      const { parsed: _unparsed, ...response } = await model.complete({ ...asText, schema: undefined });
      /** @type {{ action?: { function?: string, arguments?: { id?: string, name?: unknown } }[] }} */
      const reply = JSON.parse(response.content);
      for (const action of Array.isArray(reply.action) ? reply.action : []) {
        const name = action?.arguments?.name;
        if (action.function !== 'click_input' || typeof name !== 'string' || !action.arguments) continue;
        const control = listed.find((c) => c.name === name && /button/.test(c.role));
        if (!control) throw new Error(`the cassette clicks the button ${JSON.stringify(name)}, which is not in the prompt's control list`);
        action.arguments.id = control.id;
      }
      if (options.nativeTools) {
        if (!request.tools) throw new Error('the demo runs in native tool mode but the engine sent no tool definitions');
        const toolCalls = textReplyToToolCalls(reply, { idPrefix: `call_${calls}_` });
        return { ...response, content: '', toolCalls, finishReason: 'tool-calls' };
      }
      const content = JSON.stringify(reply);
      if (!request.schema) return { ...response, content };
      const parsed = request.schema.safeParse(reply);
      if (!parsed.success) throw new Error(`the cassette's reply does not match the reply schema: ${parsed.error.message}`);
      return { ...response, content, parsed: /** @type {T} */ (parsed.data) };
    },
  };
}
