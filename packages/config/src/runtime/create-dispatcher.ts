import { LocalCommandDispatcher, type InProcessServerFactory, type LocalCommandDispatcherOptions } from '@ufo-ts/dispatchers';
import type { UfoConfig } from '../schema/ufo-config-schema.js';

/**
 * The local dispatcher over the configured tool servers (`toolServers`); in-process servers need their factories.
 *
 * @example
 * ```ts
 * const dispatcher = createDispatcher(loadConfig({ files: ['ufo.yaml'] }).config);
 * ```
 */
export function createDispatcher(
  config: UfoConfig,
  options: Omit<LocalCommandDispatcherOptions, 'config'> & { factories?: Readonly<Record<string, InProcessServerFactory>> } = {},
): LocalCommandDispatcher {
  return new LocalCommandDispatcher({ ...options, config: config.toolServers ?? {} });
}
