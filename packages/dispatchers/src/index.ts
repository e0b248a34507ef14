/**
 * `@ufo-ts/dispatchers`: the local CommandDispatcher. Runs ufo-ts Commands on MCP tool servers over stdio,
 * streamable HTTP and in-process transports, routed per agent kind and application root.
 * The tool-server helper lives in `@ufo-ts/dispatchers/server`.
 */
export { LocalCommandDispatcher } from './local-command-dispatcher.js';
export type { LocalCommandDispatcherOptions } from './local-command-dispatcher.js';
export { createLocalDispatcherFromYaml } from './create-local-dispatcher-from-yaml.js';
export type { CreateLocalDispatcherFromYamlOptions } from './create-local-dispatcher-from-yaml.js';
export {
  ToolServersConfigSchema,
  ServerConfigSchema,
  ServerListsSchema,
  StdioServerConfigSchema,
  HttpServerConfigSchema,
  InProcessServerConfigSchema,
} from './config/tool-servers-config.js';
export type {
  ToolServersConfig,
  ToolServersConfigInput,
  ServerConfig,
  ServerConfigInput,
  ServerLists,
  StdioServerConfig,
  HttpServerConfig,
  InProcessServerConfig,
} from './config/tool-servers-config.js';
export { parseToolServersConfig, parseToolServersYaml, loadToolServersConfig } from './config/load-tool-servers-config.js';
export type { LoadToolServersConfigOptions } from './config/load-tool-servers-config.js';
export { fromUfoMcpConfig } from './config/ufo-mcp-config.js';
export type { InProcessServerFactory, InProcessFactoryContext, InstanceTarget } from './connection/create-client-transport.js';
export { renderToolsForPrompt, TOOL_BLOCK_SEPARATOR, exampleArguments } from '@ufo-ts/core';
export { ArgumentValidator } from './calling/argument-validator.js';
export type { ArgumentCheck } from './calling/argument-validator.js';
export { schemaDialect } from './calling/schema-dialect.js';
export type { SchemaDialect } from './calling/schema-dialect.js';
export { LIST_TOOLS_META_TOOL } from './calling/run-command.js';
export type { DispatcherEvent, DispatcherEventListener, ServerTransportKind } from './dispatcher-events.js';
export {
  DispatchError,
  ToolServersConfigError,
  AgentUnknownError,
  ServerStartError,
  DispatcherClosedError,
  ToolDefinitionError,
  ToolServerListenError,
} from './errors.js';
export type { DispatchErrorCode } from './errors.js';
export { TOOL_TYPE_META_KEY, TOOL_TIMEOUT_META_KEY, RESULT_WRAPPED_META_KEY } from './shared/meta-keys.js';
export { PolicyDispatcher, withPolicy } from './policy/policy-dispatcher.js';
export type { PolicyDispatcherOptions, PolicyConfirmer, PolicyConfirmRequest, PolicyDecisionEvent } from './policy/policy-dispatcher.js';
export { parsePolicyYaml, loadPolicyFile } from './policy/load-policy.js';
