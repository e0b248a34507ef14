import { loadToolServersConfig, type LoadToolServersConfigOptions } from './config/load-tool-servers-config.js';
import { LocalCommandDispatcher, type LocalCommandDispatcherOptions } from './local-command-dispatcher.js';

/** Options of {@link createLocalDispatcherFromYaml}: the dispatcher's options without `config`, plus `env`. */
export type CreateLocalDispatcherFromYamlOptions = Omit<LocalCommandDispatcherOptions, 'config'> & LoadToolServersConfigOptions;

/**
 * Reads a tool-server configuration YAML file (ufo-ts shape or the original UFO `mcp.yaml` shape, `${ENV}`
 * placeholders expanded) and builds a {@link LocalCommandDispatcher} from it. Nothing is started until used.
 *
 * @throws ToolServersConfigError when the file is missing or invalid, or names a factory that was not given.
 *
 * @example
 * ```ts
 * const dispatcher = createLocalDispatcherFromYaml('config/tool-servers.yaml', { factories: { desktop: createDesktopServer } });
 * ```
 */
export function createLocalDispatcherFromYaml(path: string, options: CreateLocalDispatcherFromYamlOptions = {}): LocalCommandDispatcher {
  const { env, ...dispatcherOptions } = options;
  const config = loadToolServersConfig(path, env === undefined ? {} : { env });
  return new LocalCommandDispatcher({ ...dispatcherOptions, config });
}
