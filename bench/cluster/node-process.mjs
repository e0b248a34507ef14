// bench/cluster helper: one cluster node (a ufo-ts server with the Redis scale-out). argv[2]: JSON
// { redisUrl, apiKey, nodeId, logRoot, worker?, concurrency? }. Prints {httpUrl, wsUrl, port, pid, nodeId} on stdout,
// then scale-out events as JSON lines on stdout.
import { ScriptedModel } from '@ufo-ts/core/testing';
import { createRedisScaleOut } from '@ufo-ts/cluster';
import { createUfoServer } from '@ufo-ts/server';
import { scriptFor } from './scripts.mjs';

const config = JSON.parse(process.argv[2]);
const createModel = ({ request, resumeFrom }) => new ScriptedModel({ replies: scriptFor(request).slice(Number(resumeFrom?.context.SESSION_STEP ?? 0)) });
const server = createUfoServer({
  port: 0,
  apiKey: config.apiKey,
  logRoot: config.logRoot,
  // tasks are dispatched to each device back to back, far above the default per-device rate
  deviceTaskRate: { burst: 100_000, perMinute: 100_000 },
  createModel,
  scaleOut: createRedisScaleOut({
    redisUrl: config.redisUrl,
    nodeId: config.nodeId,
    createModel,
    worker: config.worker ?? true,
    concurrency: config.concurrency ?? 50,
  }),
  onEvent: (event) => {
    if (event.type === 'scale-out') process.stdout.write(`${JSON.stringify({ event: event.name, ...event.detail, at: Date.now() })}\n`);
  },
});
const address = await server.start();
process.stdout.write(`${JSON.stringify({ ...address, pid: process.pid, nodeId: config.nodeId })}\n`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
