export * from './errors.js';
export * from './task.js';
export * from './grounded/prompt-listing.js';
export * from './grounded/reference-steps.js';
export * from './grounded/resolve.js';
export * from './grounded/grounded-model.js';
export * from './run/run-task.js';
export { TASKS } from './tasks/index.js';
