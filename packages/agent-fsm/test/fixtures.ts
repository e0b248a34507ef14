import { Context, EventBus, MemoryLogSink, ProgrammaticInteractor, type CommandDispatcher, type Result } from '@ufo-ts/core';
import { ScriptedModel } from '@ufo-ts/core/testing';
import { AppAgent, Blackboard, HostAgent, LinuxAgent, type Agent, type StepProcessor } from '../src/index.js';

/** A processor that returns scripted statuses (and can throw), recording which agents it ran. */
export class ScriptedProcessor implements StepProcessor {
  readonly ran: string[] = [];
  constructor(private readonly statuses: Array<string | Error>) {}
  async process(agent: Agent) {
    this.ran.push(agent.name);
    const next = this.statuses.shift();
    if (next instanceof Error) throw next;
    return { status: next ?? 'FINISH' };
  }
}

/** A dispatcher that records commands and answers success. */
export class RecordingDispatcher implements CommandDispatcher {
  readonly executed: string[] = [];
  async execute(commands: readonly { tool_name: string; call_id: string }[]): Promise<Result[]> {
    return commands.map((c) => {
      this.executed.push(c.tool_name);
      return { status: 'success', result: { ok: true }, call_id: c.call_id } satisfies Result;
    });
  }
  async listTools() {
    return [];
  }
  async close() {}
}

export function services(options: { interactor?: ProgrammaticInteractor } = {}) {
  return {
    model: new ScriptedModel({ replies: [] }),
    dispatcher: new RecordingDispatcher(),
    interactor: options.interactor ?? new ProgrammaticInteractor(),
    events: new EventBus(),
    logSink: new MemoryLogSink(),
  };
}

export function hostWithApp(processor: StepProcessor, extra: Partial<ReturnType<typeof services>> = {}) {
  const svc = { ...services(), ...extra };
  const host = new HostAgent({
    ...svc,
    name: 'HostAgent',
    processor,
    createAppAgent: (spec) =>
      new AppAgent({
        ...svc,
        name: `AppAgent/${spec.root}`,
        processor,
        host: spec.host,
        appRoot: spec.root,
        processName: spec.process,
        blackboard: spec.blackboard,
      }),
  });
  return { host, svc };
}

export function linuxAgent(processor: StepProcessor) {
  const svc = services();
  return new LinuxAgent({ ...svc, name: 'LinuxAgent', processor, blackboard: new Blackboard() });
}

export { Context };
