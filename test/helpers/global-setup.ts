import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startManagedRedis, type ManagedRedis } from '../../src/runtime/managed-redis.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * One real Redis for the whole run: REDIS_URL when set, else a private redis-server started
 * exactly as `npm start` starts one. Each test file works under its own key prefix.
 *
 * The run's temporary files go in one folder, removed at the end: TMPDIR points there for the
 * test workers and the processes they start, so a temp folder a test does not remove itself
 * (a sources file, a killed process's data) is not left in the machine's /tmp.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = await mkdtemp(path.join(os.tmpdir(), 'bv-test-'));
  const tmpDir = path.join(runDir, 'tmp');
  await mkdir(tmpDir);
  process.env.TMPDIR = tmpDir;
  let redis: ManagedRedis | undefined;
  if (process.env.REDIS_URL) {
    project.provide('redisUrl', process.env.REDIS_URL);
  } else {
    // The suite's tests are not about durability, and `always` (the product's default) made
    // four Redis-heavy files take 14-23 s instead of 10-14 s here: the shared Redis runs
    // everysec, said so to the processes tests start (server-process.ts passes it on), so that
    // their start-up check accepts it. BV_REDIS_FSYNC=always npm test runs it as shipped.
    // power-loss.test.ts and redis-durability.test.ts run Redis of their own under the default.
    process.env.BV_REDIS_FSYNC ??= 'everysec';
    redis = await startManagedRedis({ dataDir: runDir, appendfsync: process.env.BV_REDIS_FSYNC === 'always' ? 'always' : 'everysec' });
    project.provide('redisUrl', redis.url);
  }
  return async () => {
    await redis?.stop();
    await rm(runDir, { recursive: true, force: true });
  };
}
