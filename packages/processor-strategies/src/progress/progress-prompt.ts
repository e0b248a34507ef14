import type { Agent } from '@ufo-ts/agent-fsm';
import { latestFinishCheck } from './finish-check.js';
import { latestAssessment } from './progress-history.js';

/**
 * The prompt sections that keep a model on track, from the agent's latest step: `<Progress check:>` with the
 * progress monitor's notice when it found no progress, and `<Finish check:>` when a FINISH was checked and sent
 * back. Empty strings when there is nothing to say.
 */
export function onTrackSections(agent: Agent): string[] {
  const assessment = latestAssessment(agent);
  const check = latestFinishCheck(agent);
  return [
    assessment ? `<Progress check:>\n${assessment.notice}` : '',
    check && !check.accepted
      ? `<Finish check:>\nYou replied FINISH, but the check of the real state failed: ${check.reason}\nThe task is not done yet: continue with what is missing, or reply FAIL with the reason if it cannot be done.`
      : '',
  ];
}
