import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startManagedRedis } from '../../src/runtime/managed-redis.js';
import { checkRedisDurability } from '../../src/runtime/redis-durability.js';
import { startServerProcess } from '../helpers/server-process.js';

const ADMIN = 'durability-admin-token-0123456789';

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

  it('fsyncs the private Redis before each answer by default (appendfsync always), everysec only when asked', async () => {
    const started = [];
    for (const appendfsync of [undefined, 'everysec'] as const) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-durability-'));
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      const managed = await startManagedRedis({ dataDir, ...(appendfsync === undefined ? {} : { appendfsync }) });
      cleanup.push(() => managed.stop());
      const redis = new Redis(managed.url);
      cleanup.push(() => redis.quit());
      started.push(await redis.config('GET', 'appendfsync'));
    }
    expect(started).toEqual([
      ['appendfsync', 'always'],
      ['appendfsync', 'everysec'],
    ]);
  });

  it('names appendfsync everysec as a gap unless BV_REDIS_FSYNC=everysec accepts it, and appendfsync no always', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-durability-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const managed = await startManagedRedis({ dataDir, appendfsync: 'everysec' });
    cleanup.push(() => managed.stop());
    const redis = new Redis(managed.url);
    cleanup.push(() => redis.quit());
    const log = { warn: () => undefined };

    expect(await checkRedisDurability(redis, log)).toEqual([
      'appendfsync is everysec: a power loss or OS crash can forget money changes the service already acknowledged; set appendfsync always (or BV_REDIS_FSYNC=everysec to accept up to a second of them)',
    ]);
    expect(await checkRedisDurability(redis, log, 'everysec')).toEqual([]);
    await redis.config('SET', 'appendfsync', 'no');
    expect(await checkRedisDurability(redis, log, 'everysec')).toHaveLength(1);
  });

  it('refuses to start on a Redis without appendfsync always once live keys exist, and starts when BV_REDIS_FSYNC=everysec accepts it', { timeout: 60_000 }, async () => {
    const redisDir = await mkdtemp(path.join(os.tmpdir(), 'bv-durability-'));
    cleanup.push(() => rm(redisDir, { recursive: true, force: true }));
    // An operator's own Redis, as Redis ships: everysec.
    const own = await startManagedRedis({ dataDir: redisDir, appendfsync: 'everysec' });
    cleanup.push(() => own.stop());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-durability-data-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { REDIS_URL: own.url, BV_DATA_DIR: dataDir, BV_ADMIN_TOKEN: ADMIN, BV_KEY_PREFIX: 'bvtest:durability', BV_REDIS_FSYNC: 'always' };

    // No live key yet (the first-start account is sandbox only): it starts, and warns.
    const first = await startServerProcess(env);
    const created = await fetch(`${first.baseUrl}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'live customer', balance_inr: 100 }),
    });
    expect(created.status).toBe(201);
    await first.stop();
    expect(first.output()).toContain('appendfsync is everysec');

    await expect(startServerProcess(env)).rejects.toThrow(/refusing to start: live API keys exist and the Redis at REDIS_URL cannot keep acknowledged money: appendfsync is everysec/);

    const accepted = await startServerProcess({ ...env, BV_REDIS_FSYNC: 'everysec' });
    expect(accepted.output()).not.toContain('refusing');
    await accepted.stop();
  });
});
