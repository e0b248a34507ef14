import { BridgeRequestError, ControlVanishedError, WindowVanishedError } from '../errors.js';

/** Whether the bridge said a window handle is gone. */
export const isWindowGone = (error: unknown): error is BridgeRequestError => error instanceof BridgeRequestError && error.bridgeCode === 'window_not_found';

/** Whether the bridge could not use an element ref (the element left the UI, or the bridge restarted). */
export const isElementGone = (error: unknown): error is BridgeRequestError =>
  error instanceof BridgeRequestError && (error.bridgeCode === 'element_stale' || error.bridgeCode === 'element_unknown');

export function windowVanished(title: string, cause?: unknown): WindowVanishedError {
  return new WindowVanishedError(`The window '${title}' no longer exists; call get_desktop_app_info and select a window again.`, { cause });
}

export function controlVanished(id: string, name: string, cause?: unknown): ControlVanishedError {
  return new ControlVanishedError(
    `Control ${id} ('${name}') is no longer in the window; call get_app_window_controls_target_info to see the current controls.`,
    { cause },
  );
}
