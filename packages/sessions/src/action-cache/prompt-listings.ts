import type { ChatRequest } from '@ufo-ts/core';
import { readPromptListing, type ListedItem } from '@ufo-ts/processor-strategies';
import type { ListedControl } from './resolve-target.js';

/** A listing line as the cache compares controls: id, role, name and the caption of an unnamed field. */
export function listedControl(item: ListedItem): ListedControl {
  const label = /\b(?:label|labelled|labeled)(?: by)?\s*:?\s*"((?:[^"\\]|\\.)*)"/i.exec(item.rest)?.[1];
  return { id: item.id, type: item.role, name: item.name, ...(label !== undefined ? { label } : {}) };
}

/**
 * The control listing of each step's prompt, as the model read it (the last prompt of a step: the one whose reply
 * ran). A recording describes the control behind an action's id with it: role, name, label and, among controls that
 * look the same, which one — exactly as a replay will look for it in its own prompt.
 */
export class PromptListings {
  private readonly byStep = new Map<number, ListedControl[]>();

  /** Keeps the listing of a request (steps are `metadata.step`; a request without one is not kept). */
  note(request: ChatRequest): void {
    const step = Number(request.metadata?.['step']);
    if (!Number.isInteger(step)) return;
    this.byStep.set(step, readPromptListing(request.messages).controls.map(listedControl));
  }

  /** The listing the model read at `step`, if it was kept. */
  at(step: number): readonly ListedControl[] | undefined {
    return this.byStep.get(step);
  }
}
