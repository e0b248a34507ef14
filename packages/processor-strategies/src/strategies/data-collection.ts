import type { Agent, HostAgent } from '@ufo-ts/agent-fsm';
import { decodeImageDataUrl, findImageDataUrl, type TargetInfo } from '@ufo-ts/core';
import { z } from 'zod';
import type { StepContext } from '../framework/step-context.js';
import { defineStepKey, type StepKey } from '../framework/step-key.js';
import { STEP_KEYS } from '../framework/step-keys.js';
import { defineStrategy, type Strategy } from '../framework/strategy.js';
import { listFromResult, notesFromResult, runTool, toTargetInfo } from './tool-results.js';

/** Options of {@link screenshotStrategy}. */
export interface ScreenshotStrategyOptions {
  /** Tool to call, e.g. `capture_desktop_screenshot` or `capture_window_screenshot`. */
  tool: string;
  parameters?: Record<string, unknown>;
  /** Tried when `tool` gives no image (e.g. the desktop when no window is selected). */
  fallbackTool?: string;
  /** Step key the data URL is stored under (default {@link STEP_KEYS}.screenshot). */
  key?: StepKey<string | null>;
  /** Step key the saved file's path is stored under (default `<key>_path`). */
  pathKey?: StepKey<string | null>;
  /** Artifact file name for step N (default `action_step{N}.png`). */
  fileName?: (step: number) => string;
}

/**
 * Takes a screenshot through the dispatcher and saves it in the log folder. A missing image (a window that
 * vanished) does not fail the step: the key is set to null and a warning is emitted.
 */
export function screenshotStrategy(options: ScreenshotStrategyOptions): Strategy {
  const key = options.key ?? STEP_KEYS.screenshot;
  const pathName = options.pathKey?.name ?? (options.key ? `${key.name}_path` : STEP_KEYS.screenshotPath.name);
  return defineStrategy({
    name: `Screenshot(${options.tool})`,
    phase: 'DATA_COLLECTION',
    dependsOn: [STEP_KEYS.dispatchTarget, STEP_KEYS.sessionStep],
    provides: [key],
    async execute(agent: Agent, step: StepContext) {
      let result = await runTool(agent, step, options.tool, options.parameters);
      if (result.status !== 'success' && options.fallbackTool) result = await runTool(agent, step, options.fallbackTool);
      const dataUrl = result.status === 'success' ? findImageDataUrl(result.result) : undefined;
      const image = decodeImageDataUrl(dataUrl);
      if (!image || !dataUrl) {
        agent.warn(`${agent.name}: no screenshot from ${options.tool}: ${result.error ?? 'no image in the result'}`);
        return { [key.name]: null };
      }
      const n = step.require(STEP_KEYS.sessionStep);
      const path = agent.services.logSink.saveArtifact((options.fileName ?? ((s) => `action_step${s}.png`))(n), image.bytes);
      return { [key.name]: dataUrl, [pathName]: path ?? null };
    },
  });
}

/** Options of {@link targetListStrategy}. */
export interface TargetListStrategyOptions {
  tool: string;
  parameters?: Record<string, unknown>;
  kind: TargetInfo['kind'];
  /** Step key of the list (default {@link STEP_KEYS}.targets). */
  key?: StepKey<TargetInfo[]>;
  /** Step key of the tool's notes about its list, if any (default `<key>_notes`). */
  notesKey?: StepKey<string[]>;
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
  const key = options.key ?? STEP_KEYS.targets;
  const notesKey =
    options.notesKey ?? (options.key ? defineStepKey(`${key.name}_notes`, z.array(z.string()), `The notes about ${key.name}.`) : STEP_KEYS.targetsNotes);
  return defineStrategy({
    name: `Targets(${options.tool})`,
    phase: 'DATA_COLLECTION',
    dependsOn: [STEP_KEYS.dispatchTarget],
    provides: [key, notesKey],
    failFast: options.failFast ?? true,
    async execute(agent: Agent, step: StepContext) {
      const result = await runTool(agent, step, options.tool, options.parameters);
      if (result.status !== 'success') {
        if (!options.optional) throw new Error(`${options.tool} failed: ${result.error ?? 'unknown error'}`);
        agent.warn(`${agent.name}: ${options.tool} failed: ${result.error ?? 'unknown error'}`);
        return { [key.name]: [], [notesKey.name]: [] };
      }
      const targets = listFromResult(result.result)
        .map((raw, i) => toTargetInfo(raw, options.kind, i))
        .filter((t): t is TargetInfo => t !== undefined)
        .map((t, i) => (options.renumber ? { ...t, id: String(i + 1), extra: { ...t.extra, source_id: t.id } } : t));
      return { [key.name]: targets, [notesKey.name]: notesFromResult(result.result) };
    },
  });
}

/** Adds the host's registered third-party agents to the target list (ids continue after the windows'). */
export function thirdPartyTargetsStrategy(): Strategy<HostAgent> {
  return defineStrategy({
    name: 'ThirdPartyTargets',
    phase: 'DATA_COLLECTION',
    dependsOn: [STEP_KEYS.targets],
    provides: [STEP_KEYS.targets],
    async execute(agent: HostAgent, step) {
      const targets = step.require(STEP_KEYS.targets);
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
