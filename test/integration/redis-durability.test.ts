import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startManagedRedis } from '../../src/store/managed-redis.js';
import { checkRedisDurability } from '../../src/store/redis-durability.js';

describe("checking an operator's own Redis at start", () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('passes a Redis set up as DESIGN.md asks, and names eviction and a missing AOF', async () => {
    // A Redis of this test's own: the shared test Redis must not have its settings changed.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-durability-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const managed = await startManagedRedis({ dataDir });
    cleanup.push(() => managed.stop());
    const redis = new Redis(managed.url);
    cleanup.push(() => redis.quit());
    const warned: unknown[] = [];
    const log = { warn: (fields: object) => warned.push(fields) };

    expect(await checkRedisDurability(redis, log)).toEqual([]);
    await redis.config('SET', 'maxmemory-policy', 'allkeys-lru');
    await redis.config('SET', 'appendonly', 'no');
    const problems = await checkRedisDurability(redis, log);
    expect(problems).toEqual([
      'maxmemory-policy is allkeys-lru: Redis may evict wallets, ledgers and API keys under memory pressure; set it to noeviction',
      'appendonly is off: a Redis restart can lose money moved since its last snapshot; set appendonly yes',
    ]);
    expect(warned).toHaveLength(2);
  });
});
