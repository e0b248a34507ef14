// @ts-check
// Hand-written cassette replies name the controls they click (`"name": "1"`); their ids were only valid for the
// listing the writer saw. This wrapper does what a model does with a prompt: it looks each named control up in the
// control list of the prompt the engine sent at that step and puts that control's id into the reply. A name that
// is not in the prompt is an error, so the demo also proves the prompt carries what a model needs. In native tool
// mode the cassette's replies are Chat Completions `tool_calls` (one `click_input` call per action, then
// `respond`), decoded by the OpenAI adapter's own mapping; the wrapper grounds the `click_input` calls the same way.

/** One `[a12] push button "7"` line of the prompt's control list. */
const LISTED = /^\[([^\]\s]+)\] ([a-z][a-z ]*?) "(.*?)"(?= labelled | shows | \[|$)/;

/**
 * @param {import('@ufo-ts/core').ChatRequest} request
 * @returns {{ id: string, role: string, name: string }[]}
 */
function listedControls(request) {
  const texts = request.messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.flatMap((p) => (p.type === 'text' ? [p.text] : []))));
  return texts
    .flatMap((t) => t.split('\n'))
    .flatMap((line) => {
      const match = LISTED.exec(line.trim());
      return match ? [{ id: match[1] ?? '', role: match[2] ?? '', name: match[3] ?? '' }] : [];
    });
}

/**
 * The id of the button named `name` in the prompt's control list.
 * @param {{ id: string, role: string, name: string }[]} listed
 * @param {string} name
 */
function buttonId(listed, name) {
  const control = listed.find((c) => c.name === name && /button/.test(c.role));
  if (!control) throw new Error(`the cassette clicks the button ${JSON.stringify(name)}, which is not in the prompt's control list`);
  return control.id;
}

/**
 * A ChatModel that answers from `model` and grounds the `click_input` actions of each reply in the prompt: the
 * actions of a JSON reply, or the `click_input` tool calls of a tool-call reply (the model's `features` are kept,
 * so a cassette replayed with native tool calls puts the engine in native tool mode under `toolMode: 'auto'`).
 * @param {import('@ufo-ts/core').ChatModel} model
 * @returns {import('@ufo-ts/core').ChatModel}
 */
export function groundedReplay(model) {
  return {
    provider: model.provider,
    modelId: model.modelId,
    ...(model.features ? { features: model.features } : {}),
    /**
     * @template T
     * @param {import('@ufo-ts/core').ChatRequest<T>} request
     * @returns {Promise<import('@ufo-ts/core').ChatResponse<T>>}
     */
    async complete(request) {
      const listed = listedControls(/** @type {import('@ufo-ts/core').ChatRequest} */ (request));
      const { parsed: _unparsed, ...response } = await model.complete({ ...request, schema: undefined });
      if (response.toolCalls?.length) {
        if (!request.tools) throw new Error('the cassette answers with tool calls but the engine offered no tools');
        const toolCalls = response.toolCalls.map((call) =>
          call.name === 'click_input' && typeof call.arguments.name === 'string'
            ? { ...call, arguments: { ...call.arguments, id: buttonId(listed, call.arguments.name) } }
            : call,
        );
        return { ...response, toolCalls };
      }
      /** @type {{ action?: { function?: string, arguments?: { id?: string, name?: unknown } }[] }} */
      const reply = JSON.parse(response.content);
      for (const action of Array.isArray(reply.action) ? reply.action : []) {
        const name = action?.arguments?.name;
        if (action.function !== 'click_input' || typeof name !== 'string' || !action.arguments) continue;
        action.arguments.id = buttonId(listed, name);
      }
      const content = JSON.stringify(reply);
      if (!request.schema) return { ...response, content };
      const parsed = request.schema.safeParse(reply);
      if (!parsed.success) throw new Error(`the cassette's reply does not match the reply schema: ${parsed.error.message}`);
      return { ...response, content, parsed: /** @type {T} */ (parsed.data) };
    },
  };
}
