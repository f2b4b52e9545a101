import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newestFirst } from '../../src/store/redis/newest-first.js';

/** The listings' paging (bulk jobs, portfolios, runs) on a real sorted set. */
describe('paging a sorted set newest first with a score cursor', () => {
  let redis: Redis;
  const key = `bvtest:${randomBytes(6).toString('hex')}:index`;
  beforeAll(() => {
    redis = new Redis(inject('redisUrl'));
  });
  afterAll(async () => {
    await redis.del(key);
    await redis.quit();
  });

  async function all(limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await newestFirst(redis, key, limit, cursor))!;
      ids.push(...page.ids);
      cursor = page.next;
    } while (cursor !== undefined);
    return ids;
  }

  it('lists every member once, in order, past more ties at one score than one read allows for', async () => {
    const tied = Array.from({ length: 40 }, (_, i) => `job_${String(i).padStart(20, '0')}`);
    await redis.zadd(key, 2_000, 'job_newest0000000000000', ...tied.flatMap((id) => [1_000, id]), 500, 'job_oldest0000000000000');
    const expected = ['job_newest0000000000000', ...[...tied].sort().reverse(), 'job_oldest0000000000000'];
    for (const limit of [1, 3, 7, 100]) expect(await all(limit), `limit ${limit}`).toEqual(expected);
  });

  it('goes on after a cursor whose member has gone, and says when nothing is left', async () => {
    const first = (await newestFirst(redis, key, 2))!;
    await redis.zrem(key, first.ids[1]!);
    const next = (await newestFirst(redis, key, 2, first.next))!;
    expect(next.ids).toEqual(['job_00000000000000000038', 'job_00000000000000000037']);
    const last = (await newestFirst(redis, key, 5, 'job_oldest0000000000000.500'))!;
    expect(last).toEqual({ ids: [], next: undefined });
  });
});
