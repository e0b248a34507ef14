export { AiSdkChatModel, type AiSdkChatModelOptions, type TokenPrice } from './ai-sdk-chat-model.js';
export { AI_SDK_ERROR_CODES, AiSdkModelError, type AiSdkErrorCode, type AiSdkModelErrorOptions } from './errors.js';
export type { AiSdkLanguageModel } from './language-model.js';
