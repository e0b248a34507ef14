import { MemoryLogSink, imageDataUrlFromFolder, imageMediaType, parseTrajectory, readTrajectory, type Trajectory } from '@ufo-ts/core';
import type { HeldLogSink } from '../runtime/held-log-sink.js';

/** A session's trajectory and a way to read its screenshots as data URLs. */
export interface SessionTrajectory {
  trajectory: Trajectory;
  /** Reads a screenshot file of the trajectory as a `data:` URL; undefined when it is not there. */
  image: (file: string) => string | undefined;
}

/**
 * Reads the trajectory a session wrote so far: from its log folder (which also holds the steps from before a
 * resume), or from a `MemoryLogSink`'s lines and artifacts. Undefined for sinks that keep nothing readable.
 */
export function sessionTrajectory(sink: HeldLogSink): SessionTrajectory | undefined {
  if (sink.folder) {
    let trajectory: Trajectory;
    try {
      trajectory = readTrajectory(sink.folder);
    } catch {
      trajectory = parseTrajectory({ folder: sink.folder, responseLog: '' });
    }
    return { trajectory, image: (file) => imageDataUrlFromFolder(trajectory, file) };
  }
  if (sink.inner instanceof MemoryLogSink) {
    const memory = sink.inner;
    const trajectory = parseTrajectory({ responseLog: memory.lines.response, evaluationLog: memory.lines.evaluation, files: [...memory.artifacts.keys()] });
    return {
      trajectory,
      image: (file) => {
        const bytes = memory.artifacts.get(file.split(/[\\/]/).pop() ?? file);
        return bytes ? `data:${imageMediaType(file)};base64,${Buffer.from(bytes).toString('base64')}` : undefined;
      },
    };
  }
  return undefined;
}
