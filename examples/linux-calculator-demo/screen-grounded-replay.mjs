// @ts-check
// Hand-written computer-use cassettes cannot know where the calculator's buttons will be on the screen: that
// depends on the screen size, the theme and the app's layout. So their clicks name the button instead of giving
// a number, with placeholders (see PLACEHOLDER below):
//
//   {{x:NAME}} / {{y:NAME}}   the x / y coordinate of the centre of the button whose accessible name is NAME,
//                             in the coordinate space the dialect answers in, for the screenshot actually sent
//
// Written in quotes (`"x": "{{x:1}}"`) a placeholder becomes a JSON number; written inside a string
// (`click(start_box='({{x:1}},{{y:1}})')`) it becomes the digits. This wrapper does at replay time what a vision
// model does when it looks at the screenshot: it reads the size of the last image in the request the engine sent,
// finds the named button's rectangle on the screen in the accessibility tree (the Linux tool server's
// `get_controls`), and writes the button's centre in the dialect's space:
//
//   image-pixels    pixels of the image sent (OpenAI's and Anthropic's computer tools: the display they were told)
//   resized-pixels  pixels of the image after the Qwen2.5-VL processor's smart resize of the image sent
//   relative-1000   the 0–1000 grid over the image (UI-TARS, Qwen3-VL)
//
// The filled-in line is then decoded by ReplayModel, i.e. by the provider adapters' own wire mapping. A placeholder
// naming a button that is not on screen, or a request without a screenshot, is an error: the reply could not have
// been written by a model looking at that screen.
import { readFile } from 'node:fs/promises';
import { createCommand } from '@ufo-ts/core';
import { fromPngDataUrl, pngSize } from '@ufo-ts/imaging';
import { ReplayModel } from '@ufo-ts/llm-providers';
import { QWEN25_RESIZE, RELATIVE_1000, smartResize } from '@ufo-ts/sessions';

/** `{{x:NAME}}` or `{{y:NAME}}`, optionally in quotes (then the quotes go too, leaving a JSON number). */
const PLACEHOLDER = /("?)\{\{([xy]):([^{}]+?)\}\}\1/g;

/** @typedef {'image-pixels' | 'resized-pixels' | 'relative-1000'} ReplySpace */
/** @typedef {{ width: number, height: number }} Size */
/** @typedef {{ role: string, name: string, rect: { x: number, y: number, width: number, height: number } | null }} Control */

/**
 * The size of the last image in the request: the screenshot the model is answering.
 * @param {import('@ufo-ts/core').ChatRequest} request
 * @returns {Size}
 */
export function lastImageSize(request) {
  for (const message of [...request.messages].reverse()) {
    if (typeof message.content === 'string') continue;
    const image = [...message.content].reverse().find((part) => part.type === 'image');
    if (image && image.type === 'image' && typeof image.image === 'string') return pngSize(fromPngDataUrl(image.image));
  }
  throw new Error('the request has no screenshot, so a cassette click cannot be placed on it');
}

/**
 * A point of the screen in the space a dialect answers in, for an image of `image` pixels of a screen of `screen`.
 * @param {{ x: number, y: number }} point screen pixels
 * @param {ReplySpace} space
 * @param {Size} image
 * @param {Size} screen
 */
export function toReplySpace(point, space, image, screen) {
  if (space === 'relative-1000') {
    if (RELATIVE_1000.kind !== 'relative') throw new Error('RELATIVE_1000 is not a relative space');
    const scale = RELATIVE_1000.scale;
    return { x: Math.round((point.x / screen.width) * scale), y: Math.round((point.y / screen.height) * scale) };
  }
  const seen = space === 'resized-pixels' ? smartResize(image, QWEN25_RESIZE) : image;
  return { x: Math.round((point.x * seen.width) / screen.width), y: Math.round((point.y * seen.height) / screen.height) };
}

/**
 * The screen rectangles of the buttons of `app`'s window, read through the tool server.
 * @param {import('@ufo-ts/core').CommandDispatcher} dispatcher a dispatcher routing agent `Grounder` to the Linux tool server
 * @param {string} app the window's application name (`gnome-calculator`)
 * @returns {Promise<Control[]>}
 */
async function buttonsOnScreen(dispatcher, app) {
  const target = { target: { agent: 'Grounder' } };
  /** @param {string} tool @param {Record<string, unknown>} parameters @param {'action' | 'data_collection'} type */
  const run = async (tool, parameters, type) => {
    const [result] = await dispatcher.execute([createCommand(tool, parameters, type)], target);
    if (result?.status !== 'success') throw new Error(`${tool} failed while placing a cassette click: ${result?.error}`);
    return /** @type {any} */ (result.result);
  };
  /** @type {{ windows: { id: string, title: string, root_name: string }[] }} */
  const { windows } = await run('list_windows', {}, 'data_collection');
  const window = windows.find((w) => w.root_name === app);
  if (!window) throw new Error(`no ${app} window is on the screen (windows: ${windows.map((w) => w.root_name).join(', ')})`);
  await run('select_application_window', { id: window.id, name: window.title }, 'action');
  /** @type {{ controls: Control[] }} */
  const { controls } = await run('get_controls', {}, 'data_collection');
  return controls.filter((c) => /button/.test(c.role) && c.rect && c.rect.width > 0 && c.rect.height > 0);
}

/**
 * Fills the placeholders of one cassette line for the request it answers; returns the line and where each named
 * button landed in the reply's space.
 * @param {string} line
 * @param {() => Promise<Control[]>} buttons
 * @param {ReplySpace} space
 * @param {Size} image
 * @param {Size} screen
 */
export async function fillPlaceholders(line, buttons, space, image, screen) {
  const names = [...line.matchAll(PLACEHOLDER)].map((m) => m[3] ?? '');
  /** @type {Map<string, { x: number, y: number }>} */
  const points = new Map();
  if (names.length === 0) return { text: line, points };
  const onScreen = await buttons();
  for (const name of new Set(names)) {
    const button = onScreen.find((c) => c.name === name);
    if (!button?.rect) {
      throw new Error(
        `the cassette clicks the button ${JSON.stringify(name)}, which is not on the screen (buttons: ${onScreen.map((c) => JSON.stringify(c.name)).join(' ')})`,
      );
    }
    const centre = { x: button.rect.x + button.rect.width / 2, y: button.rect.y + button.rect.height / 2 };
    points.set(name, toReplySpace(centre, space, image, screen));
  }
  const text = line.replace(PLACEHOLDER, (_all, _quote, axis, name) => String(points.get(name)?.[/** @type {'x' | 'y'} */ (axis)]));
  return { text, points };
}

/**
 * A ChatModel that replays `cassettePath` one line per request, each line's placeholders filled in for the
 * screenshot of that request, then decoded by {@link ReplayModel} (the adapters' wire mapping).
 * @param {{ cassettePath: string, space: ReplySpace, screen: Size, dispatcher: import('@ufo-ts/core').CommandDispatcher, app?: string, features?: import('@ufo-ts/core').ModelFeatures, onPlaced?: (line: string) => void }} options
 * @returns {Promise<import('@ufo-ts/core').ChatModel>}
 */
export async function screenGroundedReplay(options) {
  const lines = (await readFile(options.cassettePath, 'utf8')).split('\n').filter((l) => l.trim());
  // the file is checked as a cassette up front, with every placeholder standing in as 0
  const check = new ReplayModel({
    cassette: lines.map((l) => l.replace(PLACEHOLDER, '0')).join('\n'),
    ...(options.features ? { features: options.features } : {}),
  });
  let next = 0;
  return {
    provider: 'replay',
    modelId: check.modelId,
    ...(check.features ? { features: check.features } : {}),
    /**
     * @template T
     * @param {import('@ufo-ts/core').ChatRequest<T>} request
     * @returns {Promise<import('@ufo-ts/core').ChatResponse<T>>}
     */
    async complete(request) {
      const line = lines[next];
      if (line === undefined) throw new Error(`the cassette has ${lines.length} replies and the engine asked for one more`);
      next += 1;
      const image = lastImageSize(/** @type {import('@ufo-ts/core').ChatRequest} */ (request));
      const { text, points } = await fillPlaceholders(
        line,
        () => buttonsOnScreen(options.dispatcher, options.app ?? 'gnome-calculator'),
        options.space,
        image,
        options.screen,
      );
      if (points.size > 0)
        options.onPlaced?.(
          `reply ${next} on a ${image.width}×${image.height} screenshot: ${[...points].map(([name, p]) => `${name} at (${p.x},${p.y})`).join(', ')}`,
        );
      const replay = new ReplayModel({ cassette: text, ...(options.features ? { features: options.features } : {}) });
      return replay.complete(request);
    },
  };
}
