export { AiSdkChatModel, type AiSdkChatModelOptions, type TokenPrice } from './ai-sdk-chat-model.js';
export { AI_SDK_ERROR_CODES, AiSdkModelError, type AiSdkErrorCode, type AiSdkModelErrorOptions } from './errors.js';
export { imageFilePart, toLanguageModelPrompt } from './prompt-mapping.js';
export { COMPUTER_TOOL_NAME, UnsupportedToolError, toLanguageModelToolChoice, toLanguageModelTools } from './tool-mapping.js';
export { assembleStream, type AssembledStream } from './stream-assembly.js';
