import { describe, expect, it } from 'vitest';
import { RateLimiter, isDown, latencyOf } from '../../src/sim/chaos.js';
import { SimArgsError, parseSimArgs } from '../../src/sim/cli-args.js';
import { ConfigStore } from '../../src/sim/sim-config.js';

describe('simulator flags', () => {
  it('defaults to 127.0.0.1:8090 with nothing injected', () => {
    expect(parseSimArgs([])).toEqual({ port: 8090, host: '127.0.0.1', config: {}, help: false });
  });

  it('reads every kind of setting, for upstreams and for routes, repeatedly', () => {
    const options = parseSimArgs([
      '--port', '0',
      '--latency', 'gstn-gsp=100-300',
      '--latency', 'mca-master.director=40',
      '--error-rate', 'kyb-aggregator=0.25',
      '--timeout-rate', 'nic-einvoice=0.1',
      '--rate-limit', 'pan-aggregator=20',
      '--down', 'mca-master.llp',
      '--flap', 'gstn-gsp=2000/500',
    ]);
    expect(options.port).toBe(0);
    expect(options.config).toEqual({
      upstreams: {
        'gstn-gsp': { latencyMs: { minMs: 100, maxMs: 300 }, flap: { upMs: 2000, downMs: 500 } },
        'kyb-aggregator': { errorRate: 0.25 },
        'nic-einvoice': { timeoutRate: 0.1 },
        'pan-aggregator': { rateLimitPerSecond: 20 },
      },
      routes: { 'mca-master.director': { latencyMs: 40 }, 'mca-master.llp': { down: true } },
    });
  });

  it('rejects unknown targets, out-of-range values and malformed flags with a readable message', () => {
    expect(() => parseSimArgs(['--down', 'gstn'])).toThrow(/unknown upstream or route "gstn"/);
    expect(() => parseSimArgs(['--error-rate', 'gstn-gsp=1.5'])).toThrow(/errorRate/);
    expect(() => parseSimArgs(['--flap', 'gstn-gsp=10'])).toThrow(/upMs/);
    expect(() => parseSimArgs(['--latency', 'gstn-gsp'])).toThrow(SimArgsError);
    expect(() => parseSimArgs(['--port', 'x'])).toThrow(/not a number/);
    expect(() => parseSimArgs(['--bogus'])).toThrow(SimArgsError);
  });
});

describe('simulator configuration', () => {
  it('lets a route setting override its upstream\'s, field by field', () => {
    const store = new ConfigStore(() => 0);
    store.replace({ upstreams: { 'mca-master': { errorRate: 0.5, latencyMs: 10 } }, routes: { 'mca-master.llp': { errorRate: 0 } } });
    expect(store.effective('mca-master.llp')).toMatchObject({ errorRate: 0, latencyMs: 10 });
    expect(store.effective('mca-master.company')).toMatchObject({ errorRate: 0.5, latencyMs: 10 });
    expect(store.effective('gstn-gsp.search')).toEqual({});
  });

  it('shares an upstream rate limit across its routes unless a route has its own', () => {
    const store = new ConfigStore();
    store.replace({ upstreams: { 'kyb-aggregator': { rateLimitPerSecond: 2 } }, routes: { 'kyb-aggregator.search': { rateLimitPerSecond: 1 } } });
    expect(store.effective('kyb-aggregator.by-pan').rateLimitScope).toBe('upstream:kyb-aggregator');
    expect(store.effective('kyb-aggregator.pan-to-cin').rateLimitScope).toBe('upstream:kyb-aggregator');
    expect(store.effective('kyb-aggregator.search').rateLimitScope).toBe('route:kyb-aggregator.search');
  });

  it('starts a flap cycle, up first, when the flap is configured', () => {
    let clock = 1_000;
    const store = new ConfigStore(() => clock);
    store.merge({ upstreams: { 'gstn-gsp': { flap: { upMs: 100, downMs: 50 } } } });
    const settings = store.effective('gstn-gsp.returns');
    expect([0, 99, 100, 149, 150, 250].map((t) => isDown(settings, 1_000 + t))).toEqual([false, false, true, true, false, true]);
    clock = 5_000;
    store.merge({ upstreams: { 'gstn-gsp': { flap: { upMs: 100, downMs: 50 } } } });
    expect(isDown(store.effective('gstn-gsp.returns'), 5_010)).toBe(false);
    store.merge({ upstreams: { 'gstn-gsp': { flap: null } } });
    expect(store.snapshot()).toEqual({});
  });

  it('draws latency in the configured range', () => {
    expect(latencyOf(undefined, Math.random)).toBe(0);
    expect(latencyOf(25, Math.random)).toBe(25);
    expect(latencyOf({ minMs: 10, maxMs: 20 }, () => 0)).toBe(10);
    expect(latencyOf({ minMs: 10, maxMs: 20 }, () => 0.999_999)).toBe(20);
  });

  it('admits the limit per sliding second and says when to come back', () => {
    const limiter = new RateLimiter();
    const settings = { rateLimitPerSecond: 2, rateLimitScope: 'upstream:pan-aggregator' };
    expect(limiter.take(settings, 0)).toEqual({ admitted: true });
    expect(limiter.take(settings, 400)).toEqual({ admitted: true });
    expect(limiter.take(settings, 500)).toEqual({ admitted: false, retryAfterS: 1 });
    expect(limiter.take(settings, 1_000)).toEqual({ admitted: true });
    expect(limiter.take(settings, 1_100)).toEqual({ admitted: false, retryAfterS: 1 });
  });
});
