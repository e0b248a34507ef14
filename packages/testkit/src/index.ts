export { FakeDesktop, type FakeDesktopState, type FakeWindow } from './fake-desktop.js';
export { createFakeDesktopDispatcher } from './in-process-stack.js';
export { solidPngDataUrl } from './tiny-png.js';
