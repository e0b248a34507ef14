// Embedding the server as one node of a cluster (@ufo-ts/cluster, Redis). Type-checked only (tsconfig.json in this
// folder): it needs a Redis server and runs until stopped.
// #region cluster
import { createRedisScaleOut } from '@ufo-ts/cluster';
import type { ChatModel } from '@ufo-ts/core';
import type { UfoTracing } from '@ufo-ts/otel';
import { createUfoServer } from '@ufo-ts/server';

/** One node of the cluster: every node gets the same keys, budgets, models and `instrument`. */
export function createClusterNode(options: {
  redisUrl: string;
  nodeId: string;
  apiKey: string;
  modelFor: (request: string) => ChatModel;
  tracing: UfoTracing;
}) {
  const { redisUrl, nodeId, apiKey, modelFor, tracing } = options;
  return createUfoServer({
    host: '0.0.0.0',
    port: 5001,
    apiKey, // the same key on every node
    apiKeys: [{ id: 'test-farm', key: process.env.TEST_FARM_KEY ?? '' }],
    createModel: ({ request }) => modelFor(request),
    budgets: { session: { max_cost_usd: 0.5 }, keys: { 'test-farm': { max_cost_usd: 20 } } }, // key totals kept in Redis
    instrument: (events) => tracing.traceSession(events), // each node traces the sessions its worker runs
    // the sessions run on the nodes' workers, which build their models with the scale-out's createModel
    scaleOut: createRedisScaleOut({ redisUrl, nodeId, createModel: ({ request }) => modelFor(request) }),
  });
}
// #endregion cluster
