export * from './testing/scripted-model.js';
export * from './testing/manual-clock.js';
