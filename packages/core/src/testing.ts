export * from './testing/scripted-model.js';
