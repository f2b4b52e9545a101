import { HEALTH_SCHEMAS } from './health-schemas.js';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisKeys } from '../../store/keys.js';

export interface HealthRoutesOptions {
  redis: Redis;
  keys: RedisKeys;
  /** Checks with sources per environment, and the live sources' shared state. */
  sourcesSummary: () => Promise<unknown>;
}

/**
 * Past this share of Redis's maxmemory the instance says it is not ready: with noeviction
 * (DESIGN.md §2) every write fails at 100%, and a call's hold, commit and idempotency record
 * are all writes, so a load balancer should send calls elsewhere before that.
 */
export const MEMORY_READY_RATIO = 0.9;
/** The probe's life: long enough to outlive its own SET, short enough to leave nothing behind. */
const PROBE_TTL_MS = 10_000;

export type RedisReadiness = 'ok' | 'unreachable' | 'refusing_writes' | 'near_maxmemory';

/** Why Redis refused the probe write, by the error's code word (the message itself stays out of a public answer). */
const REFUSALS: Record<string, string> = {
  OOM: 'Redis refuses writes: it is at its maxmemory',
  READONLY: 'Redis refuses writes: it is a read-only replica',
  MISCONF: 'Redis refuses writes: it cannot save to disk',
  NOREPLICAS: 'Redis refuses writes: too few replicas are connected (min-replicas-to-write)',
};

function infoField(info: string, name: string): number | undefined {
  const value = new RegExp(`^${name}:(\\d+)\\r?$`, 'm').exec(info)?.[1];
  return value === undefined ? undefined : Number(value);
}

/** Whether Redis answers, takes a write, and has memory headroom; with a reason when not. */
async function redisReadiness(redis: Redis, keys: RedisKeys): Promise<{ redis: RedisReadiness; reason?: string }> {
  const answers = await redis
    .ping()
    .then((pong) => pong === 'PONG')
    .catch(() => false);
  if (!answers) return { redis: 'unreachable', reason: 'Redis does not answer' };
  // A write, not a PING: a Redis at maxmemory, a demoted primary and one whose disk fails all
  // answer PING while refusing every hold and commit.
  const refusal = await redis
    .set(keys.readinessProbe(), String(Date.now()), 'PX', PROBE_TTL_MS)
    .then(() => undefined)
    .catch((error: unknown) => {
      const code = error instanceof Error ? error.message.split(' ', 1)[0] ?? '' : '';
      return REFUSALS[code] ?? 'Redis refuses writes';
    });
  if (refusal !== undefined) return { redis: 'refusing_writes', reason: refusal };
  const info = await redis.info('memory').catch(() => '');
  const usedBytes = infoField(info, 'used_memory');
  const maxBytes = infoField(info, 'maxmemory');
  if (usedBytes !== undefined && maxBytes !== undefined && maxBytes > 0 && usedBytes >= maxBytes * MEMORY_READY_RATIO) {
    const percent = Math.floor((usedBytes / maxBytes) * 100);
    return { redis: 'near_maxmemory', reason: `Redis uses ${percent}% of its maxmemory (not ready from ${MEMORY_READY_RATIO * 100}%; writes fail at 100%)` };
  }
  return { redis: 'ok' };
}

export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  app.get('/healthz', { config: { api: 'healthz' }, schema: HEALTH_SCHEMAS.checkLiveness }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { api: 'readyz' }, schema: HEALTH_SCHEMAS.checkReadiness }, async (_request, reply) => {
    const readiness = await redisReadiness(options.redis, options.keys);
    const ready = readiness.redis === 'ok';
    // The sources' state lives in Redis: without Redis there is none to show.
    const sources = readiness.redis === 'unreachable' ? null : await options.sourcesSummary().catch(() => null);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', ...readiness, sources });
  });
}
