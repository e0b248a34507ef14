export { ScriptedModel, type ScriptedModelOptions, type ScriptedReply, type ScriptedReplyInput, type ScriptedResponder } from './testing/scripted-model.js';
export { ManualClock } from './testing/manual-clock.js';
