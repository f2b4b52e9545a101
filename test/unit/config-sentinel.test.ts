import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { redisTargetOf } from '../../src/store/redis/redis-factory.js';

describe('configuration: Redis Sentinel (docs/deployment.md "High availability")', () => {
  const sentinels = { REDIS_SENTINELS: '10.0.0.21:26379,10.0.0.22:26380', REDIS_SENTINEL_MASTER: 'bv-primary' };

  it('reads the sentinels, the master name and both passwords, and connects through them', () => {
    const config = loadConfig({ ...sentinels, REDIS_PASSWORD: 'node-secret', REDIS_SENTINEL_PASSWORD: 'sentinel-secret', BV_REPLICA_WAIT_MS: '500' });
    expect(config.redisSentinel).toEqual({
      sentinels: [
        { host: '10.0.0.21', port: 26379 },
        { host: '10.0.0.22', port: 26380 },
      ],
      masterName: 'bv-primary',
      sentinelPassword: 'sentinel-secret',
    });
    expect(config).toMatchObject({ redisUrl: undefined, redisPassword: 'node-secret', replicaWaitMs: 500 });
    expect(redisTargetOf(config)).toMatchObject({ kind: 'sentinel', masterName: 'bv-primary', password: 'node-secret', sentinelPassword: 'sentinel-secret' });
  });

  it('waits 2 s for a replica by default, and uses REDIS_URL when there are no sentinels', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config).toMatchObject({ redisSentinel: undefined, replicaWaitMs: 2_000 });
    expect(redisTargetOf(config)).toEqual({ kind: 'url', url: 'redis://127.0.0.1:6379', password: undefined });
  });

  it('refuses REDIS_URL and REDIS_SENTINELS together, naming the variable', () => {
    expect(() => loadConfig({ ...sentinels, REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/REDIS_SENTINELS: set either REDIS_URL or REDIS_SENTINELS, not both/);
  });

  it('requires the master name with sentinels, and sentinels with a master name', () => {
    expect(() => loadConfig({ REDIS_SENTINELS: '10.0.0.21:26379' })).toThrow(/REDIS_SENTINEL_MASTER: required with REDIS_SENTINELS/);
    expect(() => loadConfig({ REDIS_SENTINEL_MASTER: 'bv-primary' })).toThrow(/REDIS_SENTINEL_MASTER: only used with REDIS_SENTINELS/);
    expect(() => loadConfig({ REDIS_SENTINEL_PASSWORD: 'x' })).toThrow(/REDIS_SENTINEL_PASSWORD: only used with REDIS_SENTINELS/);
    expect(() => loadConfig({ REDIS_PASSWORD: 'x' })).toThrow(/REDIS_PASSWORD: only used with REDIS_URL or REDIS_SENTINELS/);
  });

  it('refuses a sentinel list that is not host:port pairs', () => {
    for (const list of ['10.0.0.21', '10.0.0.21:26379;10.0.0.22:26379', '10.0.0.21:26379,', ':26379', '10.0.0.21:0', '10.0.0.21:70000']) {
      expect(() => loadConfig({ REDIS_SENTINELS: list, REDIS_SENTINEL_MASTER: 'bv-primary' }), list).toThrow(/REDIS_SENTINELS: (must be host:port pairs|every port must be 1 to 65535)/);
    }
  });
});
