import type { Agent, HostAgent } from '@ufo-ts/agent-fsm';
import { decodeImageDataUrl, findImageDataUrl, type TargetInfo } from '@ufo-ts/core';
import type { StepContext } from '../framework/step-context.js';
import { defineStrategy, type Strategy } from '../framework/strategy.js';
import { listFromResult, notesFromResult, runTool, toTargetInfo } from './tool-results.js';

/** Options of {@link screenshotStrategy}. */
export interface ScreenshotStrategyOptions {
  /** Tool to call, e.g. `capture_desktop_screenshot` or `capture_window_screenshot`. */
  tool: string;
  parameters?: Record<string, unknown>;
  /** Tried when `tool` gives no image (e.g. the desktop when no window is selected). */
  fallbackTool?: string;
  /** Local key the data URL is stored under (default `screenshot`). */
  key?: string;
  /** Artifact file name for step N (default `action_step{N}.png`). */
  fileName?: (step: number) => string;
}

/**
 * Takes a screenshot through the dispatcher and saves it in the log folder. A missing image (a window that
 * vanished) does not fail the step: the key is set to null and a warning is emitted.
 */
export function screenshotStrategy(options: ScreenshotStrategyOptions): Strategy {
  const key = options.key ?? 'screenshot';
  return defineStrategy({
    name: `Screenshot(${options.tool})`,
    phase: 'DATA_COLLECTION',
    dependsOn: ['dispatch_target', 'session_step'],
    provides: [key],
    async execute(agent: Agent, step: StepContext) {
      let result = await runTool(agent, step, options.tool, options.parameters);
      if (result.status !== 'success' && options.fallbackTool) result = await runTool(agent, step, options.fallbackTool);
      const dataUrl = result.status === 'success' ? findImageDataUrl(result.result) : undefined;
      const image = decodeImageDataUrl(dataUrl);
      if (!image || !dataUrl) {
        agent.warn(`${agent.name}: no screenshot from ${options.tool}: ${result.error ?? 'no image in the result'}`);
        return { [key]: null };
      }
      const n = step.require<number>('session_step');
      const path = agent.services.logSink.saveArtifact((options.fileName ?? ((s) => `action_step${s}.png`))(n), image.bytes);
      return { [key]: dataUrl, [`${key}_path`]: path ?? null };
    },
  });
}

/** Options of {@link targetListStrategy}. */
export interface TargetListStrategyOptions {
  tool: string;
  parameters?: Record<string, unknown>;
  kind: TargetInfo['kind'];
  /** Local key (default `targets`). The tool's notes about its list, if any, go under `<key>_notes`. */
  key?: string;
  /** Data collection that must not fail softly (default true). */
  failFast?: boolean;
  /** When the tool fails, provide an empty list and a warning instead of failing (default false). */
  optional?: boolean;
  /**
   * Show the model ids 1..N instead of the tool's ids (kept in `extra.source_id` and used when acting), so
   * prompts and replays do not depend on ids that change every run (X window ids).
   */
  renumber?: boolean;
}

/** Lists windows or controls through the dispatcher as {@link TargetInfo}s. */
export function targetListStrategy(options: TargetListStrategyOptions): Strategy {
  const key = options.key ?? 'targets';
  return defineStrategy({
    name: `Targets(${options.tool})`,
    phase: 'DATA_COLLECTION',
    dependsOn: ['dispatch_target'],
    provides: [key, `${key}_notes`],
    failFast: options.failFast ?? true,
    async execute(agent: Agent, step: StepContext) {
      const result = await runTool(agent, step, options.tool, options.parameters);
      if (result.status !== 'success') {
        if (!options.optional) throw new Error(`${options.tool} failed: ${result.error ?? 'unknown error'}`);
        agent.warn(`${agent.name}: ${options.tool} failed: ${result.error ?? 'unknown error'}`);
        return { [key]: [], [`${key}_notes`]: [] };
      }
      const targets = listFromResult(result.result)
        .map((raw, i) => toTargetInfo(raw, options.kind, i))
        .filter((t): t is TargetInfo => t !== undefined)
        .map((t, i) => (options.renumber ? { ...t, id: String(i + 1), extra: { ...t.extra, source_id: t.id } } : t));
      return { [key]: targets, [`${key}_notes`]: notesFromResult(result.result) };
    },
  });
}

/** Adds the host's registered third-party agents to the target list (ids continue after the windows'). */
export function thirdPartyTargetsStrategy(): Strategy<HostAgent> {
  return defineStrategy<HostAgent>({
    name: 'ThirdPartyTargets',
    phase: 'DATA_COLLECTION',
    dependsOn: ['targets'],
    provides: ['targets'],
    async execute(agent, step) {
      const targets = step.require<TargetInfo[]>('targets');
      const agents = agent.registry?.list(agent.platform) ?? [];
      const maxId = targets.reduce((m, t) => Math.max(m, Number.parseInt(t.id, 10) || 0), 0);
      const extra: TargetInfo[] = agents.map((a, i) => ({
        kind: 'third_party_agent',
        id: String(maxId + i + 1),
        name: a.name,
        type: 'ThirdPartyAgent',
        extra: { description: a.description },
      }));
      return { targets: [...targets, ...extra] };
    },
  });
}
