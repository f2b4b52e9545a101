import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisBinaryMissingError, startManagedRedis, type ManagedRedis } from '../../src/store/managed-redis.js';

describe('managed redis-server', () => {
  let dataDir: string | undefined;
  let managed: ManagedRedis | undefined;
  afterEach(async () => {
    await managed?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    managed = undefined;
    dataDir = undefined;
  });

  it('starts on a loopback port with AOF on, noeviction and its data under the data folder', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    managed = await startManagedRedis({ dataDir });
    expect(managed.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    const client = new Redis(managed.url);
    try {
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
      expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
      expect(await client.config('GET', 'dir')).toEqual(['dir', path.join(dataDir, 'redis')]);
      expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
      await client.set('kept', 'across restarts');
    } finally {
      client.disconnect();
    }
  });

  it('keeps data across a stop and a start on the same data folder', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    managed = await startManagedRedis({ dataDir });
    let client = new Redis(managed.url);
    await client.set('kept', 'yes');
    client.disconnect();
    await managed.stop();

    managed = await startManagedRedis({ dataDir });
    client = new Redis(managed.url);
    expect(await client.get('kept')).toBe('yes');
    client.disconnect();
    expect((await stat(path.join(dataDir, 'redis', 'appendonlydir'))).isDirectory()).toBe(true);
  });

  it('stops the server it started', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    managed = await startManagedRedis({ dataDir });
    const client = new Redis(managed.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    await managed.stop();
    await expect(client.connect()).rejects.toThrow();
    client.disconnect();
  });

  it('fails with one line saying how to install redis-server when the binary is missing', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-managed-'));
    const error = await startManagedRedis({ dataDir, searchPath: '/nonexistent' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedisBinaryMissingError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('apt-get install -y redis-server');
    expect(message).toContain('REDIS_URL');
  });
});
