import type { ContentPart, QuestionAnswer } from '@ufo-ts/core';

/** A screenshot kept on the blackboard for later prompts. */
export interface BlackboardImage {
  /** What the image shows and why it was kept. */
  metadata: Record<string, unknown>;
  /** Data URL (kept in memory; not serialised when `path` is set). */
  dataUrl?: string;
  path?: string;
}

/** Serialised blackboard. */
export interface BlackboardJSON {
  questions: QuestionAnswer[];
  requests: Array<{ key: string; request: string }>;
  trajectories: Array<Record<string, unknown>>;
  images: BlackboardImage[];
}

/**
 * Memory shared by a HostAgent and its sub-agents: questions and answers, past requests, step
 * trajectories and kept screenshots. Rendered at the top of every prompt.
 */
export class Blackboard {
  questions: QuestionAnswer[] = [];
  requests: Array<{ key: string; request: string }> = [];
  trajectories: Array<Record<string, unknown>> = [];
  images: BlackboardImage[] = [];

  /** Adds questions the user answered (PENDING). */
  addQuestions(pairs: readonly QuestionAnswer[]): void {
    this.questions.push(...pairs);
  }

  /** Adds a request to the request history, under `key` (the round or agent it came from). */
  addRequest(key: string, request: string): void {
    this.requests.push({ key, request });
  }

  /** Adds a completed step to the trajectories the next prompts show. */
  addTrajectory(entry: Record<string, unknown>): void {
    this.trajectories.push(entry);
  }

  /** Keeps a screenshot for the next prompts. */
  addImage(image: BlackboardImage): void {
    this.images.push(image);
  }

  get isEmpty(): boolean {
    return !this.questions.length && !this.requests.length && !this.trajectories.length && !this.images.length;
  }

  /** Prompt parts: questions and answers, request history, trajectories, then each kept image. */
  toPromptParts(options: { maxTrajectories?: number } = {}): ContentPart[] {
    if (this.isEmpty) return [];
    const parts: ContentPart[] = [{ type: 'text', text: '[Blackboard:]' }];
    if (this.questions.length) {
      parts.push({ type: 'text', text: `[Questions & Answers:]\n${JSON.stringify(this.questions)}` });
    }
    if (this.requests.length) {
      parts.push({ type: 'text', text: `[Request History:]\n${JSON.stringify(this.requests)}` });
    }
    if (this.trajectories.length) {
      const recent = this.trajectories.slice(-(options.maxTrajectories ?? 20));
      parts.push({ type: 'text', text: `[Step Trajectories Completed Previously:]\n${JSON.stringify(recent)}` });
    }
    for (const image of this.images) {
      if (!image.dataUrl) continue;
      parts.push({ type: 'text', text: `[Saved screenshot:] ${JSON.stringify(image.metadata)}` });
      parts.push({ type: 'image', image: image.dataUrl, mediaType: 'image/png' });
    }
    return parts;
  }

  /** A copy for checkpoints; saved images are kept by path when they have one. */
  toJSON(): BlackboardJSON {
    return {
      questions: [...this.questions],
      requests: [...this.requests],
      trajectories: [...this.trajectories],
      images: this.images.map((i) => (i.path ? { metadata: i.metadata, path: i.path } : { ...i })),
    };
  }

  /** A blackboard from {@link Blackboard.toJSON}'s output (resuming a checkpoint). */
  static fromJSON(json: BlackboardJSON): Blackboard {
    const board = new Blackboard();
    board.questions = [...json.questions];
    board.requests = [...json.requests];
    board.trajectories = [...json.trajectories];
    board.images = [...json.images];
    return board;
  }
}
