export { ScriptedModel, type ScriptedModelOptions, type ScriptedReply } from './testing/scripted-model.js';
export { ManualClock } from './testing/manual-clock.js';
