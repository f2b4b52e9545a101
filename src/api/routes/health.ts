import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

export interface HealthRoutesOptions {
  redis: Redis;
  /** Checks with sources per environment, and the live sources' shared state. */
  sourcesSummary: () => Promise<unknown>;
}

export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  app.get('/healthz', { config: { api: 'healthz' } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { api: 'readyz' } }, async (_request, reply) => {
    const redisOk = await options.redis
      .ping()
      .then((pong) => pong === 'PONG')
      .catch(() => false);
    // The sources' state lives in Redis: without Redis there is none to show.
    const sources = redisOk ? await options.sourcesSummary().catch(() => null) : null;
    return reply.code(redisOk ? 200 : 503).send({ status: redisOk ? 'ready' : 'not_ready', redis: redisOk ? 'ok' : 'unreachable', sources });
  });
}
