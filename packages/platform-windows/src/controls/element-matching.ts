import type { ElementRecord } from '../bridge/protocol.js';
import type { Rect } from '@ufo-ts/desktop-common';
import { rectCenter, rectIou } from '../geometry/rect.js';

/** What identifies a control between two enumerations. */
export interface ControlFingerprint {
  runtimeId: readonly number[];
  controlType: string;
  name: string;
  automationId: string;
  rootHwnd: number;
  rect: Rect;
}

const distance = (a: Rect, b: Rect) => {
  const ca = rectCenter(a);
  const cb = rectCenter(b);
  return Math.hypot(ca.x - cb.x, ca.y - cb.y);
};

function nearest(target: Rect, candidates: readonly ElementRecord[]): ElementRecord | undefined {
  let best: ElementRecord | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(target, c.rect);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

/**
 * Finds a control again in a newer enumeration: same RuntimeId and type first (RuntimeIds can be reused, so the
 * type must agree); then same AutomationId and type in the same window; then same name and type, the one nearest
 * the old position, accepted only if it overlaps the old rectangle or is the only candidate. Returns undefined
 * rather than guessing.
 */
export function findMatchingElement(fingerprint: ControlFingerprint, candidates: readonly ElementRecord[]): ElementRecord | undefined {
  const sameType = candidates.filter((c) => c.controlType === fingerprint.controlType);
  if (fingerprint.runtimeId.length > 0) {
    const key = fingerprint.runtimeId.join('.');
    const byRuntime = sameType.find((c) => c.runtimeId.join('.') === key);
    if (byRuntime) return byRuntime;
  }
  if (fingerprint.automationId) {
    const byAutomationId = sameType.filter((c) => c.automationId === fingerprint.automationId && c.rootHwnd === fingerprint.rootHwnd);
    if (byAutomationId.length > 0) return nearest(fingerprint.rect, byAutomationId);
  }
  const byName = sameType.filter((c) => c.name === fingerprint.name && c.rootHwnd === fingerprint.rootHwnd);
  if (byName.length === 1) return byName[0];
  const best = nearest(fingerprint.rect, byName);
  return best && rectIou(best.rect, fingerprint.rect) > 0 ? best : undefined;
}
