import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startManagedRedis } from '../../src/store/managed-redis.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * One real Redis for the whole run: REDIS_URL when set, else a private redis-server started
 * exactly as `npm start` starts one. Each test file works under its own key prefix.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.REDIS_URL) {
    project.provide('redisUrl', process.env.REDIS_URL);
    return async () => {};
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-test-'));
  const redis = await startManagedRedis({ dataDir });
  project.provide('redisUrl', redis.url);
  return async () => {
    await redis.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
