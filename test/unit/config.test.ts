import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', redisUrl: undefined, logLevel: 'info', keyPrefix: 'bv:v1' });
    expect(config.dataDir.endsWith('data')).toBe(true);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });

  it('takes BV_SOURCES as the path of the live sources file', () => {
    expect(loadConfig({ BV_SOURCES: 'samples/sources.sim.json' }).sourcesFile).toBe('samples/sources.sim.json');
  });

  it('refuses a hold expiry shorter than the request budget', () => {
    expect(() => loadConfig({ BV_HOLD_TTL_MS: '5000', BV_REQUEST_BUDGET_MS: '15000' })).toThrow(/BV_HOLD_TTL_MS/);
  });

  it('refuses a hold sweep slower than every 30 s, which reconciliation would report as missed holds', () => {
    expect(loadConfig({ BV_HOLD_SWEEP_INTERVAL_MS: '30000' }).holdSweepIntervalMs).toBe(30_000);
    expect(() => loadConfig({ BV_HOLD_SWEEP_INTERVAL_MS: '60000' })).toThrow(/BV_HOLD_SWEEP_INTERVAL_MS/);
  });

  it('runs the pools in the API process unless BV_RUN_WORKERS is false, and bounds the shutdown', () => {
    expect(loadConfig({})).toMatchObject({ runWorkers: true, shutdownTimeoutMs: 25_000 });
    expect(loadConfig({ BV_RUN_WORKERS: 'false', BV_SHUTDOWN_TIMEOUT_MS: '9000' })).toMatchObject({ runWorkers: false, shutdownTimeoutMs: 9_000 });
    expect(() => loadConfig({ BV_RUN_WORKERS: 'sometimes' })).toThrow(/BV_RUN_WORKERS: must be true or false/);
    expect(() => loadConfig({ BV_SHUTDOWN_TIMEOUT_MS: '0' })).toThrow(/BV_SHUTDOWN_TIMEOUT_MS/);
  });

  it('bounds slow clients and connections by default, and takes other bounds (docs/security.md "Hardening and limits")', () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 30_000, bodyMinBytesPerSecond: 65_536, keepAliveTimeoutMs: 72_000, maxConnections: undefined });
    expect(loadConfig({ BV_REQUEST_TIMEOUT_MS: '3000', BV_MAX_CONNECTIONS: '500' }).http).toMatchObject({ requestTimeoutMs: 3_000, maxConnections: 500 });
    expect(() => loadConfig({ BV_REQUEST_TIMEOUT_MS: '0' })).toThrow(/BV_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ BV_MAX_CONNECTIONS: '0' })).toThrow(/BV_MAX_CONNECTIONS/);
    expect(loadConfig({}).adminAuthFailuresPerMinute).toBe(10);
    expect(() => loadConfig({ BV_ADMIN_AUTH_FAILURES_PER_MINUTE: '0' })).toThrow(/BV_ADMIN_AUTH_FAILURES_PER_MINUTE/);
  });

  it('fails with a message naming each bad variable and its rule', () => {
    expect(() => loadConfig({ PORT: 'x', REDIS_URL: 'localhost:6379' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'x', REDIS_URL: 'localhost:6379' })).toThrow(/PORT: .*; REDIS_URL: must start with redis:\/\//);
  });
});
