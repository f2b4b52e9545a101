import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../src/runtime/managed-redis.js';
import { startServerProcess } from '../helpers/server-process.js';

describe('starting with REDIS_SENTINELS', () => {
  it('exits with one line naming the sentinels when none answers, and starts no Redis of its own', { timeout: 40_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-sentinel-start-'));
    try {
      // Ports nothing listens on.
      const sentinels = `127.0.0.1:${await freeLoopbackPort()},127.0.0.1:${await freeLoopbackPort()}`;
      const failure = await startServerProcess({ REDIS_SENTINELS: sentinels, REDIS_SENTINEL_MASTER: 'bv-primary', BV_DATA_DIR: dataDir }, 35_000).then(
        () => 'started',
        (error: unknown) => (error as Error).message,
      );
      expect(failure).toContain(`cannot reach the Redis primary through the sentinels ${sentinels}: All sentinels are unreachable`);
      expect(failure).toContain('(check REDIS_SENTINELS and REDIS_SENTINEL_MASTER)');
      // No private redis-server was started in the data folder.
      await expect(rm(path.join(dataDir, 'redis'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
