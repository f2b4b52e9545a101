import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisFactory, type RedisFactory } from '../../src/store/redis/redis-factory.js';
import { startSentinelCluster, REDIS_PASSWORD, SENTINEL_PASSWORD, type SentinelCluster } from '../helpers/sentinel-cluster.js';

/** The connector ioredis keeps inside a connection: what its failover detector closes. */
interface WithConnector {
  connector: { disconnect(): void };
}

/**
 * ioredis's failover detector closes a Sentinel connection's connector when the sentinels
 * announce a new primary (+switch-master). If the connection is already reconnecting then (its
 * primary died a moment before), the reconnect in flight gives up and the connection ends for
 * good: every command fails with "Connection is closed" from then on. Seen as an API process
 * answering 503 for minutes after a failover (sentinel-failover.test.ts, under load). This
 * test makes the same call at the same moment, deterministically, against real sentinels.
 */
describe('a Sentinel connection whose reconnect is cut under it', () => {
  let cluster: SentinelCluster;
  let factory: RedisFactory;
  beforeAll(async () => {
    cluster = await startSentinelCluster();
    factory = createRedisFactory({
      kind: 'sentinel',
      sentinels: cluster.sentinelsEnv.split(',').map((pair) => ({ host: '127.0.0.1', port: Number(pair.split(':')[1]) })),
      masterName: cluster.masterName,
      password: REDIS_PASSWORD,
      sentinelPassword: SENTINEL_PASSWORD,
    });
  }, 60_000);
  afterAll(() => cluster?.close());

  /** Drops the connection, and closes its connector as the detector does once the reconnect is under way. */
  async function cutReconnect(redis: Redis): Promise<void> {
    const connecting = new Promise<void>((resolve) => redis.once('connecting', () => resolve()));
    redis.disconnect(true);
    await connecting;
    (redis as unknown as WithConnector).connector.disconnect();
  }

  async function answersAgain(redis: Redis): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const answer = await redis.ping().catch((error: Error) => error.message);
      if (answer === 'PONG') return answer;
      await sleep(100);
    }
    return `${redis.status}: never answered again`;
  }

  it('connects again, itself and as BullMQ duplicates it, and stays closed once quit', { timeout: 60_000 }, async () => {
    const redis = factory.connect({ maxRetriesPerRequest: 3, retryStrategy: (times: number) => Math.min(times * 50, 500) });
    const duplicate = redis.duplicate();
    const errors: string[] = [];
    for (const connection of [redis, duplicate]) connection.on('error', (error: Error) => errors.push(error.message));
    try {
      expect(await redis.ping()).toBe('PONG');
      expect(await duplicate.ping()).toBe('PONG');

      await cutReconnect(redis);
      expect(await answersAgain(redis)).toBe('PONG');
      await cutReconnect(duplicate);
      expect(await answersAgain(duplicate)).toBe('PONG');
      expect(errors).toContain('the connection ended during a failover without being closed: connecting again through the sentinels');

      // A connection closed on purpose is not brought back.
      await redis.quit();
      duplicate.disconnect();
      await sleep(500);
      expect([redis.status, duplicate.status]).toEqual(['end', 'end']);
    } finally {
      redis.disconnect();
      duplicate.disconnect();
    }
  });
});
