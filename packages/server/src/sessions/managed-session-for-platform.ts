import type { ChatModel } from '@ufo-ts/core';
import { HostSession, LinuxSession, type ManagedSession, type ManagedSessionOptions } from '@ufo-ts/sessions';

/**
 * The managed session a device's platform runs, thinking with one model: a LinuxSession (`LINUX_AGENT`) on linux
 * devices, the HostAgent stack's HostSession (`HOST_AGENT` and `APP_AGENT`) on the others.
 * @example
 * const session = managedSessionForPlatform('linux', { task, id, request, dispatcher, interactor, logSink, events }, model);
 */
export function managedSessionForPlatform(platform: string, options: Omit<ManagedSessionOptions, 'models'>, model: ChatModel): ManagedSession {
  if (platform === 'linux') return new LinuxSession({ ...options, models: { LINUX_AGENT: model } });
  return new HostSession({ ...options, models: { HOST_AGENT: model, APP_AGENT: model } });
}
