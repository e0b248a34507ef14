import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus, ProgrammaticInteractor, type ChatModel, type CommandDispatcher, type Interactor } from '@ufo-ts/core';
import { DeferringInteractor, type ManagedSession } from '@ufo-ts/sessions';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryKeySpendLedger, type ApprovalPolicy, type ServerEvent } from '../../src/index.js';
import { buildTaskSession, runBudgetGuard, type TaskSessionInput } from '../../src/internal.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const record = { task_name: 'calc', session_id: 'session-1', request: 'add 2 and 3' };
const policy = (mode: ApprovalPolicy['mode']): ApprovalPolicy => ({ mode, on_timeout: 'reject', default_answer: 'nothing' });
const action = { function: 'delete_file', arguments: {} } as unknown as Parameters<Interactor['confirmAction']>[0];

function build(overrides: Partial<TaskSessionInput>): { session: ManagedSession; folder: string; interactor: Interactor; events: ServerEvent[] } {
  const logRoot = mkdtempSync(join(tmpdir(), 'task-session-'));
  roots.push(logRoot);
  const events: ServerEvent[] = [];
  const guard = runBudgetGuard(
    { ...record, client_id: 'pc-1', owner: 'api', status: 'running', created_at: '' },
    { ledger: new MemoryKeySpendLedger(), stop: () => undefined },
  );
  const built = buildTaskSession({
    record,
    platform: 'linux',
    model: {} as ChatModel,
    dispatcher: {} as CommandDispatcher,
    policy: policy('auto-reject'),
    logRoot,
    events: new EventBus(),
    guard,
    emit: (event) => events.push(event),
    ...overrides,
  });
  // the interactor a managed session asks is part of its settings
  const interactor = (built.session as unknown as { settings: { interactor: Interactor } }).settings.interactor;
  return { ...built, interactor, events };
}

describe('buildTaskSession', () => {
  it('builds the session of each approval mode in the task’s own log folder', async () => {
    const wait = build({ policy: policy('wait') });
    expect(wait.interactor).toBeInstanceOf(DeferringInteractor);
    expect(wait.session.id).toBe('session-1');
    expect(existsSync(join(wait.folder, '.session'))).toBe(true);

    const approve = build({ policy: policy('auto-approve') });
    expect(approve.interactor).toBeInstanceOf(ProgrammaticInteractor);
    expect(await approve.interactor.confirmAction(action)).toBe(true);

    const reject = build({ policy: policy('auto-reject'), options: { interactor: { answers: () => 'configured' } } });
    expect(await reject.interactor.confirmAction(action)).toBe(false);
    expect(await reject.interactor.askQuestions(['which file?'], { agent: 'LinuxAgent' })).toEqual([{ question: 'which file?', answer: 'configured' }]);
  });

  it('a resumed run continues the checkpoint of its log folder (none there: it cannot start)', () => {
    expect(() => build({ policy: policy('auto-approve'), decision: { approve: true } })).toThrow(/checkpoint/i);
  });
});
