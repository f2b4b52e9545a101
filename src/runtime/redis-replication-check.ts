import { checkRedisDurability } from './redis-durability.js';
import type { WarnLog } from '../store/redis/redis-errors.js';

interface ReplicationClient {
  info(section: 'replication'): Promise<string>;
  config(sub: 'GET', name: string): Promise<unknown>;
}

/**
 * The start-up check under Sentinel (docs/deployment.md "High availability"). Money is acknowledged only
 * once a replica has it (WAIT), so a primary without a replica cannot lose acknowledged money,
 * it can only refuse it: every money call then answers 503 after BV_REPLICA_WAIT_MS. That is
 * why this warns rather than refuses: the guarantee holds either way, the availability does
 * not. `min-replicas-to-write 0` lets a primary cut off from the others go on taking writes
 * (queues, idempotency answers) that the failover then throws away. Returns the problems found.
 */
export async function checkRedisReplication(redis: ReplicationClient, log: WarnLog): Promise<string[]> {
  const problems: string[] = [];
  const info = await redis.info('replication').catch(() => '');
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
  const replicas = Number(field('connected_slaves') ?? Number.NaN);
  if (replicas === 0) {
    problems.push('the primary has no connected replica: money calls answer 503 until one connects (each waits for a replica to confirm it)');
  }
  const reply = (await redis.config('GET', 'min-replicas-to-write').catch(() => undefined)) as string[] | undefined;
  if (Array.isArray(reply) && reply[1] === '0') {
    problems.push('min-replicas-to-write is 0: a primary cut off from its replicas keeps taking writes that a failover then loses; set min-replicas-to-write 1 (samples/redis-primary.conf)');
  }
  for (const problem of problems) log.warn({ problem }, 'Redis is not set up for high availability as the service needs');
  // The rest of what the service needs of any Redis (noeviction, an AOF); the fsync mode is
  // the replica's job here, so `everysec` is enough.
  problems.push(...(await checkRedisDurability(redis, log, 'everysec')));
  return problems;
}
