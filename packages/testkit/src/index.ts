export * from './fake-desktop.js';
export * from './in-process-stack.js';
export * from './tiny-png.js';
