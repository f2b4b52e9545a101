import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisProcess, type RedisProcess } from '../helpers/redis-process.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Readiness {
  status: string;
  redis: string;
  reason?: string;
}

const usedMemoryBytes = async (redis: Redis) => Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1]);

/**
 * A redis-server of the test's own (noeviction, as the service requires), filled to its
 * maxmemory by a plain client: PING still answers, every write is refused.
 */
describe('GET /readyz with Redis at or near maxmemory', () => {
  let server: RedisProcess;
  let t: TestApp;
  let filler: Redis;
  const fillers: string[] = [];

  beforeAll(async () => {
    server = await startRedisProcess();
    t = await createTestApp({ redisUrl: server.url });
    filler = new Redis(server.url, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    filler?.disconnect();
    await t?.close().catch(() => {});
    await server?.close();
  });

  const readyz = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { code: response.statusCode, body: response.json() as Readiness };
  };

  it('answers 503 saying why while Redis refuses writes at maxmemory, and 200 once memory is freed', async () => {
    expect((await readyz()).code).toBe(200);
    await filler.config('SET', 'maxmemory', String((await usedMemoryBytes(filler)) + 4 * 1024 * 1024));
    const value = 'x'.repeat(64 * 1024);
    let refused: unknown;
    for (let i = 0; i < 1_000 && refused === undefined; i++) {
      const key = `${t.deps.keys.prefix}:filler:${i}`;
      await filler.set(key, value).then(
        () => fillers.push(key),
        (error: unknown) => (refused = error),
      );
    }
    expect(String(refused)).toMatch(/^ReplyError: OOM/);
    // A refused command's own buffer is freed: top up with small values until a small write
    // of the app's own is refused too (what /readyz must see).
    // Each try a new key: an overwrite of one key may fit where a new key does not, so the probe
    // would pass while every new write (a hold, a ledger entry) is refused.
    let writes = 0;
    const appWrite = () => t.deps.redis.set(`${t.deps.keys.prefix}:a-write:${writes++}`, '1').then(() => 'OK', (error: unknown) => String(error));
    for (let i = 0; i < 5_000 && (await appWrite()) === 'OK'; i++) {
      const key = `${t.deps.keys.prefix}:small-filler:${i}`;
      await filler.set(key, 'y'.repeat(100)).then(() => fillers.push(key), () => {});
    }
    expect(await appWrite()).toMatch(/OOM/);
    expect(await t.deps.redis.ping()).toBe('PONG');

    const full = await readyz();
    expect(full.code).toBe(503);
    expect(full.body).toMatchObject({ status: 'not_ready', redis: 'refusing_writes', reason: expect.stringContaining('maxmemory') });
    // A call meanwhile is told to retry later (503, as /readyz says), not that the service broke (500).
    const call = await t.post('/v1/gst/verify', { gstin: '27AAPFU0939F1ZV' });
    expect(call.statusCode, call.body).toBe(503);
    expect(call.json().error.code).toBe('SERVICE_UNAVAILABLE');

    await filler.del(...fillers.splice(0));
    const freed = await readyz();
    expect(freed.code, JSON.stringify(freed.body)).toBe(200);
    expect(freed.body).toMatchObject({ status: 'ready', redis: 'ok' });
  });

  it('answers 503 from 90% of maxmemory, before writes fail', async () => {
    // About 95% used: every write still fits.
    await filler.config('SET', 'maxmemory', String(Math.floor((await usedMemoryBytes(filler)) / 0.95)));
    expect(await t.deps.redis.set(`${t.deps.keys.prefix}:a-write`, '1')).toBe('OK');
    const near = await readyz();
    expect(near.code).toBe(503);
    expect(near.body).toMatchObject({ status: 'not_ready', redis: 'near_maxmemory', reason: expect.stringMatching(/uses 9\d% of its maxmemory/) });

    await filler.config('SET', 'maxmemory', '0');
    expect((await readyz()).code).toBe(200);
  });
});
