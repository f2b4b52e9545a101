import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createRedisKeys } from '../../src/store/keys.js';
import { createRateLimitStore, type RateLimitStoreResult } from '../../src/store/request-guards/rate-limit-store.js';

describe('sliding-window rate limit store', () => {
  let redis: Redis;
  const prefix = `bvtest:${randomBytes(6).toString('hex')}`;
  const keys = createRedisKeys(prefix);
  beforeAll(() => {
    redis = new Redis(inject('redisUrl'));
  });
  afterAll(async () => {
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
    await redis.quit();
  });

  const incr = (store: InstanceType<ReturnType<typeof createRateLimitStore>>, key: string, windowMs: number, max: number) =>
    new Promise<RateLimitStoreResult>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result as RateLimitStoreResult)), windowMs, max),
    );

  it('counts calls up to the limit, refuses the next without counting it, and says when to retry', async () => {
    const Store = createRateLimitStore(redis);
    const store = new Store();
    // Ten minutes: the test's few calls cross a window boundary only if it starts in the last
    // milliseconds of one.
    const windowMs = 600_000;
    const results: RateLimitStoreResult[] = [];
    for (let i = 0; i < 4; i++) results.push(await incr(store, keys.rateLimit('acct_1', 'key1'), windowMs, 3));
    expect(results.map((r) => r.current)).toEqual([1, 2, 3, 4]);
    const refused = results[3] as RateLimitStoreResult;
    // This window is full: the retry comes after it ends and the previous window's weight
    // (3 calls) has fallen enough for one more: at least a third of a window later.
    expect(refused.ttl).toBeGreaterThanOrEqual(windowMs / 3);
    expect(refused.ttl).toBeLessThanOrEqual(windowMs + windowMs / 3 + 1);
    // Refused calls are not counted: a second refusal reports the same count.
    expect((await incr(store, keys.rateLimit('acct_1', 'key1'), windowMs, 3)).current).toBe(4);
    // Each key has its own window.
    expect((await incr(store, keys.rateLimit('acct_1', 'key2'), windowMs, 3)).current).toBe(1);
  });

  it('says when the quota is back: the next call fits once the reset of a call that used the last of it has passed', async () => {
    const Store = createRateLimitStore(redis);
    const store = new Store();
    const windowMs = 1_500;
    const first = await incr(store, keys.rateLimit('acct_3', 'key1'), windowMs, 3);
    // A call weighs on the window after its own too: the whole quota is back only after both.
    expect(first.ttl).toBeGreaterThan(windowMs);
    await incr(store, keys.rateLimit('acct_3', 'key1'), windowMs, 3);
    const last = await incr(store, keys.rateLimit('acct_3', 'key1'), windowMs, 3);
    expect(last.current).toBe(3);
    // Remaining 0: the reset is when one more call fits, which the end of this window is not
    // (the old answer, which a client waiting for it found still refused).
    const refused = await incr(store, keys.rateLimit('acct_3', 'key1'), windowMs, 3);
    expect(refused.current).toBe(4);
    expect(Math.abs(refused.ttl - last.ttl)).toBeLessThanOrEqual(50);
    await new Promise((resolve) => setTimeout(resolve, last.ttl + 20));
    expect((await incr(store, keys.rateLimit('acct_3', 'key1'), windowMs, 3)).current).toBeLessThanOrEqual(3);
  });

  it('counts concurrent calls of one key in one script call, one after another, refusing past the limit', async () => {
    const Store = createRateLimitStore(redis);
    const store = new Store();
    const windowMs = 600_000;
    const evalsha = vi.spyOn(redis, 'evalsha');
    try {
      const results = await Promise.all([
        ...Array.from({ length: 8 }, () => incr(store, keys.rateLimit('acct_2', 'key1'), windowMs, 5)),
        incr(store, keys.rateLimit('acct_2', 'key2'), windowMs, 5),
      ]);
      expect(evalsha).toHaveBeenCalledTimes(2);
      expect(results.map((r) => r.current)).toEqual([1, 2, 3, 4, 5, 6, 6, 6, 1]);
      for (const refused of results.slice(5, 8)) expect(refused.ttl).toBeGreaterThanOrEqual(windowMs / 5);
    } finally {
      evalsha.mockRestore();
    }
    // The refused calls were not counted: the next call is still the sixth.
    expect((await incr(store, keys.rateLimit('acct_2', 'key1'), windowMs, 5)).current).toBe(6);
  });
});
