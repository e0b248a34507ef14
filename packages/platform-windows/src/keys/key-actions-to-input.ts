import type { InputEvent } from '../bridge/protocol.js';
import { isExtendedKey } from './key-codes.js';
import type { KeyAction } from './key-sequence-parser.js';

/** Options of {@link keyActionsToInput}. */
export interface KeyInputOptions {
  /** Pause after each key action in milliseconds (pywinauto's `pause`; default 0). */
  pauseMs?: number;
}

/**
 * Turns key actions into SendInput events for the bridge. A `char` becomes Unicode packets (one per UTF-16 code
 * unit, so emoji and CJK type on any layout), an `escapedChar` a layout virtual key, a `vk` a virtual key with the
 * extended flag where Windows needs it.
 */
export function keyActionsToInput(actions: readonly KeyAction[], options: KeyInputOptions = {}): InputEvent[] {
  const pauseMs = options.pauseMs ?? 0;
  const out: InputEvent[] = [];
  actions.forEach((action, index) => {
    switch (action.type) {
      case 'pause':
        out.push({ kind: 'pause', ms: Math.round(action.seconds * 1000) });
        break;
      case 'vk': {
        const extended = isExtendedKey(action.vk);
        if (action.down) out.push({ kind: 'key', vk: action.vk, extended, up: false });
        if (action.up) out.push({ kind: 'key', vk: action.vk, extended, up: true });
        break;
      }
      case 'char':
        for (let i = 0; i < action.char.length; i += 1) {
          const code = action.char.charCodeAt(i);
          if (action.down) out.push({ kind: 'unicode', code, up: false });
          if (action.up) out.push({ kind: 'unicode', code, up: true });
        }
        break;
      case 'escapedChar': {
        const code = action.char.charCodeAt(0);
        if (action.down) out.push({ kind: 'charKey', code, up: false });
        if (action.up) out.push({ kind: 'charKey', code, up: true });
        break;
      }
    }
    if (pauseMs > 0 && action.type !== 'pause' && index < actions.length - 1) out.push({ kind: 'pause', ms: pauseMs });
  });
  return out;
}

/** Key codes that are still pressed at the end of `events` (to release them if something failed). */
export function keysLeftDown(events: readonly InputEvent[]): number[] {
  const down = new Set<number>();
  for (const e of events) {
    if (e.kind !== 'key') continue;
    if (e.up) down.delete(e.vk);
    else down.add(e.vk);
  }
  return [...down];
}
