// bench/remote helper: a ufo-ts server in its own process (so its RSS is its own). Each dispatched task is a
// BenchSession that times `count` command round trips server → device → server on its device and returns the
// per-call milliseconds as its round result. Prints {httpUrl, wsUrl, apiKey, pid} on stdout.
import { MemoryLogSink, ProgrammaticInteractor, Session, createCommand } from '@ufo-ts/core';
import { createUfoServer } from '@ufo-ts/server';

class BenchSession extends Session {
  constructor(input) {
    const interactor = new ProgrammaticInteractor();
    super({
      id: input.sessionId,
      task: input.taskName,
      request: input.request,
      logSink: new MemoryLogSink(),
      interactor,
      startAgent: () => {
        throw new Error('the bench session runs no agent');
      },
    });
    this.input = input;
  }

  async run() {
    const { count, warmup } = JSON.parse(this.input.request);
    const target = { agent: 'LinuxAgent' };
    const samples = [];
    let failures = 0;
    for (let i = 0; i < warmup + count; i += 1) {
      const command = createCommand('echo', { n: i });
      const t0 = performance.now();
      const [result] = await this.input.dispatcher.execute([command], { target });
      const ms = performance.now() - t0;
      if (result.status !== 'success') failures += 1;
      if (i >= warmup) samples.push(ms);
    }
    return {
      id: this.id,
      rounds: [{ request: 'bench', result: { samples, failures }, finalState: 'FINISH' }],
      cost: 0,
      unpricedCalls: 0,
      steps: count,
      error: false,
      logFolder: undefined,
    };
  }
}

const server = createUfoServer({
  port: 0,
  heartbeatIntervalMs: Number(process.env.BENCH_HEARTBEAT_MS ?? 1000),
  registerTimeoutMs: 60_000,
  results: { maxEntries: 10 },
  // tasks are dispatched to each device back to back, far above the default per-device rate
  deviceTaskRate: { burst: 100_000, perMinute: 100_000 },
  createSession: (input) => new BenchSession(input),
});
const address = await server.start();
process.stdout.write(`${JSON.stringify({ ...address, apiKey: server.apiKey, pid: process.pid })}\n`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
