import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { QUEUES } from '../../src/queue/names.js';
import { createRedisKeys } from '../../src/store/keys.js';
import { startServerProcess } from '../helpers/server-process.js';

/** DESIGN.md §2: the API and the worker pools scale apart, so the API can run without pools. */
describe('BV_RUN_WORKERS', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  async function workersOf(env: Record<string, string>): Promise<number> {
    const prefix = `bvtest:${randomBytes(6).toString('hex')}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-api-only-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await startServerProcess({ REDIS_URL: inject('redisUrl'), BV_KEY_PREFIX: prefix, BV_DATA_DIR: dataDir, BV_ADMIN_TOKEN: 'api-only-admin-token-0123456789', ...env });
    const connection = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUES.bulkVerify, { connection, prefix: createRedisKeys(prefix).queuePrefix() });
    try {
      // Workers start right after the process listens: give them a moment to connect.
      let count = 0;
      for (let i = 0; i < 40 && count === 0; i++) {
        count = (await queue.getWorkers()).length;
        if (count === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return count;
    } finally {
      await server.stop();
      await queue.close();
      const found = await connection.keys(`${prefix}:*`);
      if (found.length > 0) await connection.del(...found);
      await connection.quit();
    }
  }

  it('runs the pools in the API process by default, and none with BV_RUN_WORKERS=false', async () => {
    expect(await workersOf({})).toBeGreaterThan(0);
    expect(await workersOf({ BV_RUN_WORKERS: 'false' })).toBe(0);
  }, 60_000);
});
