import type { CheckpointStore, SessionCheckpoint } from '@ufo-ts/sessions';
import type { SessionJobData } from '../messages.js';

/** The part of a BullMQ job the store writes to. */
export interface CheckpointJob {
  data: SessionJobData;
  /** Replaces the job's stored data with `data`. */
  updateData(data: SessionJobData): Promise<void>;
}

/**
 * A session {@link CheckpointStore} that keeps the checkpoint in the session's BullMQ job data, so whichever worker
 * picks the job up next continues from it. `save` resolves once Redis holds the checkpoint (the session waits for
 * it before its next step, so the checkpoint is never more than the step in progress behind the action journal),
 * and rejects when the write failed: the session ends with the error. Writes happen in order, coalesced to the
 * newest checkpoint. {@link flush} waits for them.
 */
export class JobCheckpointStore implements CheckpointStore {
  private latest: SessionCheckpoint | undefined;
  private written: SessionCheckpoint | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** Writes that reached Redis. */
  writes = 0;

  /** @param onError told when a write fails (its save rejects; a later save writes the newest checkpoint). */
  constructor(
    private readonly job: CheckpointJob,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.latest = job.data.checkpoint;
    this.written = this.latest;
  }

  save(checkpoint: SessionCheckpoint): Promise<void> {
    this.latest = structuredClone(checkpoint);
    const written = this.chain.then(() => this.write());
    this.chain = written.catch(() => undefined);
    return written;
  }

  load(): SessionCheckpoint | undefined {
    return this.latest ? structuredClone(this.latest) : undefined;
  }

  /** Resolves when every saved checkpoint reached Redis (or failed to). */
  flush(): Promise<void> {
    return this.chain;
  }

  private async write(): Promise<void> {
    const checkpoint = this.latest;
    if (!checkpoint || checkpoint === this.written) return;
    try {
      await this.job.updateData({ ...this.job.data, checkpoint });
      this.written = checkpoint;
      this.writes += 1;
    } catch (error) {
      this.onError(error);
      throw error;
    }
  }
}
