/**
 * Names of the data-collection tools the built-in strategies call (the original's names). Each
 * platform's tool servers offer them; override any of them in the processor options.
 */
export interface DataToolNames {
  desktopScreenshot: string;
  windowList: string;
  windowScreenshot: string;
  annotatedScreenshot: string;
  controls: string;
}

/** The tool names the built-in strategies use unless the processor options override them. */
export const DEFAULT_DATA_TOOLS: DataToolNames = {
  desktopScreenshot: 'capture_desktop_screenshot',
  windowList: 'get_desktop_app_target_info',
  windowScreenshot: 'capture_window_screenshot',
  annotatedScreenshot: 'capture_annotated_screenshot',
  controls: 'get_app_window_controls_target_info',
};
