import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdapterDefinition, HttpSource, RequestGate } from '../../src/sources/adapter.js';
import { guardSource } from '../../src/sources/guarded-source.js';
import { createRequestGate, RENEW_AFTER_MS } from '../../src/sources/request-gate.js';
import type { CheckContext, CheckHandler, SourceOutcome } from '../../src/sources/port.js';
import type { LiveSourceSettings } from '../../src/sources/sources-file.js';
import { createRedisKeys } from '../../src/store/keys.js';
import { SourceStateStore } from '../../src/store/sources/source-state.js';

type Answer = SourceOutcome<never>;
type Behaviour = (call: number) => Promise<Answer> | Answer;

const silent = pino({ level: 'silent' });
const OK = { outcome: 'ok', value: { gstin: 'X' } } as unknown as Answer;
const DOWN = { outcome: 'unavailable', message: 'HTTP 503', retryable: true } as Answer;

/**
 * An upstream stand-in that counts requests and the most in flight at once; what it answers is
 * scripted. `sourceFor(gate)` is one process's adapter: its one request per check passes that
 * process's gate, as the HTTP client's requests do.
 */
function upstream(behaviour: Behaviour) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0, startsMs: [] as number[] };
  const request = async (): Promise<Answer> => {
    stats.calls++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    stats.startsMs.push(Date.now());
    try {
      return await behaviour(stats.calls);
    } finally {
      stats.inFlight--;
    }
  };
  const sourceFor = (gate?: RequestGate): HttpSource => {
    const handler: CheckHandler<'gst.verify'> = async (_input, context) => {
      const admission = gate === undefined ? undefined : await gate.admit(context.signal);
      if (admission !== undefined && !admission.admitted) return { outcome: admission.outcome, message: admission.message } as Answer;
      try {
        return await request();
      } finally {
        if (admission?.admitted) admission.release();
      }
    };
    return { name: 'stand-in', handlers: { 'gst.verify': handler }, close: async () => undefined };
  };
  return { source: sourceFor(), sourceFor, stats };
}

/** One process's guarded source: its own gate (local semaphore) over the shared store. */
function processSource(up: ReturnType<typeof upstream>, s: LiveSourceSettings, store: SourceStateStore) {
  return guardSource(up.sourceFor(createRequestGate(s, store)), s, store, silent).handlers['gst.verify']!;
}

const definition: AdapterDefinition = { name: 'stand-in', checks: ['gst.verify'], credentialNames: [], create: () => { throw new Error('unused'); } };

function settings(overrides: Partial<LiveSourceSettings> = {}): LiveSourceSettings {
  return {
    name: `src-${randomBytes(3).toString('hex')}`,
    adapter: definition,
    baseUrl: 'http://127.0.0.1:9',
    credentials: {},
    timeoutMs: 2_000,
    maxInFlight: 4,
    maxRatePerSecond: 0,
    retries: 0,
    cacheTtlS: 0,
    circuit: { failures: 3, windowMs: 10_000, cooloffMs: 400 },
    ...overrides,
  };
}

const context = (budgetMs = 10_000): CheckContext => ({ signal: AbortSignal.timeout(budgetMs), deadlineMs: Date.now() + budgetMs, now: new Date() });

describe('shared limits of a live source', () => {
  const prefix = `bvtest:${randomBytes(6).toString('hex')}`;
  const keys = createRedisKeys(prefix);
  // Two connections stand for two processes: nothing but Redis is shared between them.
  let redisA: Redis;
  let redisB: Redis;
  let storeA: SourceStateStore;
  let storeB: SourceStateStore;

  beforeAll(() => {
    redisA = new Redis(inject('redisUrl'));
    redisB = new Redis(inject('redisUrl'));
    storeA = new SourceStateStore(redisA, keys);
    storeB = new SourceStateStore(redisB, keys);
  });
  afterAll(async () => {
    const found = await redisA.keys(`${prefix}:*`);
    if (found.length > 0) await redisA.del(...found);
    await Promise.all([redisA.quit(), redisB.quit()]);
  });

  it('never has more calls in flight than the limit, across processes', async () => {
    const s = settings({ maxInFlight: 3 });
    const up = upstream(async () => {
      await sleep(20);
      return OK;
    });
    const { stats } = up;
    const a = processSource(up, s, storeA);
    const b = processSource(up, s, storeB);
    const calls = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b)({ gstin: 'X' }, context()));
    const outcomes = await Promise.all(calls);
    expect(outcomes.every((o) => o.outcome === 'ok')).toBe(true);
    expect(stats.calls).toBe(40);
    expect(stats.maxInFlight).toBeLessThanOrEqual(3);
    expect(stats.maxInFlight).toBeGreaterThan(1);
    expect((await storeA.snapshot(s.name)).in_flight).toBe(0);
  });

  it('gives a dead holder\'s slots back when their leases expire', async () => {
    const s = settings({ maxInFlight: 2, timeoutMs: 1_000 });
    // A process that took both slots and died: its leases are never released.
    expect(await storeA.acquire(s.name, 'dead-1', 300, 2, 0)).toEqual({ acquired: true });
    expect(await storeA.acquire(s.name, 'dead-2', 300, 2, 0)).toEqual({ acquired: true });
    expect(await storeB.acquire(s.name, 'live-1', 300, 2, 0)).toMatchObject({ acquired: false, reason: 'in_flight' });
    const up = upstream(() => OK);
    const { stats } = up;
    const outcome = await processSource(up, s, storeB)({ gstin: 'X' }, context());
    // The gate waited for the expiry (300 ms) rather than failing at once or overrunning the limit.
    expect(outcome.outcome).toBe('ok');
    expect(stats.calls).toBe(1);
  });

  it('answers rate_limited, without calling, when no slot frees within the source time-out', async () => {
    const s = settings({ maxInFlight: 1, timeoutMs: 150 });
    expect(await storeA.acquire(s.name, 'stuck', 60_000, 1, 0)).toEqual({ acquired: true });
    const up = upstream(() => OK);
    const { stats } = up;
    const outcome = await processSource(up, s, storeB)({ gstin: 'X' }, context());
    expect(outcome).toMatchObject({ outcome: 'rate_limited' });
    expect(stats.calls).toBe(0);
  });

  it('starts at most max_rate_per_second calls in any second, across processes', async () => {
    const s = settings({ maxInFlight: 50, maxRatePerSecond: 10 });
    const up = upstream(() => OK);
    const { stats } = up;
    const a = processSource(up, s, storeA);
    const b = processSource(up, s, storeB);
    const outcomes = await Promise.all(Array.from({ length: 25 }, (_, i) => (i % 2 === 0 ? a : b)({ gstin: 'X' }, context())));
    // 25 calls at 10 per second: the first 10 now, the rest wait (up to the 2 s source time-out).
    expect(outcomes.filter((o) => o.outcome === 'ok').length).toBeGreaterThanOrEqual(20);
    const starts = stats.startsMs.sort((x, y) => x - y);
    // Local clocks see the starts a little after Redis granted them: allow 50 ms of skew.
    for (const start of starts) {
      expect(starts.filter((t) => t >= start && t < start + 950).length).toBeLessThanOrEqual(10);
    }
  });

  it('marks a failing source down for every process, skips it, then probes it after the cool-off', async () => {
    const s = settings({ circuit: { failures: 3, windowMs: 10_000, cooloffMs: 400 } });
    let healthy = false;
    const up = upstream(() => (healthy ? OK : DOWN));
    const { stats } = up;
    const a = processSource(up, s, storeA);
    const b = processSource(up, s, storeB);
    for (let i = 0; i < 3; i++) expect((await a({ gstin: 'X' }, context())).outcome).toBe('unavailable');
    expect(stats.calls).toBe(3);
    expect((await storeB.snapshot(s.name)).state).toBe('down');
    // The other process skips it without a call while it is down.
    expect(await b({ gstin: 'X' }, context())).toMatchObject({ outcome: 'unavailable', message: expect.stringMatching(/marked down/) });
    expect(stats.calls).toBe(3);
    await sleep(450);
    // After the cool-off a call goes through again (the probe); one failure on probation re-marks it.
    expect((await b({ gstin: 'X' }, context())).outcome).toBe('unavailable');
    expect(stats.calls).toBe(4);
    expect((await storeA.snapshot(s.name)).state).toBe('down');
    await sleep(450);
    healthy = true;
    expect((await a({ gstin: 'X' }, context())).outcome).toBe('ok');
    // A success ends probation: failures count from zero again.
    healthy = false;
    for (let i = 0; i < 2; i++) await b({ gstin: 'X' }, context());
    const snapshot = await storeA.snapshot(s.name);
    expect(snapshot.state).toBe('up');
    expect(snapshot.recent_calls).toBe(7);
    expect(snapshot.recent_errors).toBe(6);
  });

  it('does not count "no record" or 429 against the source', async () => {
    const s = settings({ circuit: { failures: 2, windowMs: 10_000, cooloffMs: 60_000 } });
    const { source } = upstream((call) =>
      (call % 2 === 0 ? { outcome: 'not_found', message: 'no record' } : { outcome: 'rate_limited', message: '429' }) as Answer,
    );
    const handler = guardSource(source, s, storeA, silent).handlers['gst.verify']!;
    for (let i = 0; i < 6; i++) await handler({ gstin: 'X' }, context());
    expect((await storeA.snapshot(s.name)).state).toBe('up');
  });

  it('retries a 5xx-style failure within the budget, and not a time-out', async () => {
    const s = settings({ retries: 1 });
    const flaky = upstream((call) => (call === 1 ? DOWN : OK));
    expect((await guardSource(flaky.source, s, storeA, silent).handlers['gst.verify']!({ gstin: 'X' }, context())).outcome).toBe('ok');
    expect(flaky.stats.calls).toBe(2);
    const slow = upstream(() => ({ outcome: 'timeout', message: 'slow' }) as Answer);
    expect((await guardSource(slow.source, settings({ retries: 1 }), storeA, silent).handlers['gst.verify']!({ gstin: 'X' }, context())).outcome).toBe('timeout');
    expect(slow.stats.calls).toBe(1);
  });

  it('serves a cached answer, marked cached, without a second upstream call when the cache is on', async () => {
    const s = settings({ cacheTtlS: 60 });
    const { source, stats } = upstream(() => OK);
    const handler = guardSource(source, s, storeA, silent).handlers['gst.verify']!;
    expect(await handler({ gstin: 'X' }, context())).toEqual({ outcome: 'ok', value: { gstin: 'X' } });
    expect(await handler({ gstin: 'X' }, context())).toEqual({ outcome: 'ok', value: { gstin: 'X' }, cached: true });
    expect(await handler({ gstin: 'Y' }, context())).toEqual({ outcome: 'ok', value: { gstin: 'X' } });
    expect(stats.calls).toBe(2);
  });

  it('skips a source marked down at once, without retrying it or calling it', async () => {
    const s = settings({ retries: 3, circuit: { failures: 1, windowMs: 10_000, cooloffMs: 60_000 } });
    const up = upstream(() => DOWN);
    const handler = processSource(up, s, storeA);
    await handler({ gstin: 'X' }, context());
    const calls = up.stats.calls;
    expect(await handler({ gstin: 'X' }, context())).toMatchObject({ outcome: 'unavailable', message: expect.stringMatching(/marked down/) });
    expect(up.stats.calls).toBe(calls);
  });

  it('does not hold a time-out caused by the caller\'s budget against the source', async () => {
    const s = settings({ circuit: { failures: 1, windowMs: 10_000, cooloffMs: 60_000 } });
    const up = upstream(() => new Promise<Answer>((resolve) => setTimeout(() => resolve({ outcome: 'timeout', message: 'budget' } as Answer), 150)));
    const outcome = await processSource(up, s, storeA)({ gstin: 'X' }, context(100));
    expect(outcome.outcome).toBe('timeout');
    expect((await storeA.snapshot(s.name)).state).toBe('up');
  });

  it('does not start a retry that could not finish within the budget', async () => {
    const s = settings({ retries: 2, timeoutMs: 1_000 });
    const up = upstream(() => DOWN);
    // 1.5 s left: a second try of up to 1 s would leave the next source nothing.
    const outcome = await processSource(up, s, storeA)({ gstin: 'X' }, context(1_500));
    expect(outcome.outcome).toBe('unavailable');
    expect(up.stats.calls).toBe(1);
  });

  it('takes one lease per upstream request, so a check that makes several stays within the limit', async () => {
    const s = settings({ maxInFlight: 2 });
    const gate = createRequestGate(s, storeA);
    const stats = { inFlight: 0, maxInFlight: 0, requests: 0 };
    const request = async () => {
      const admission = await gate.admit(AbortSignal.timeout(5_000));
      if (!admission.admitted) throw new Error(admission.message);
      stats.requests++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      await sleep(20);
      stats.inFlight--;
      admission.release();
    };
    // Like gst.returns (a search, then RETTRACK per year in parallel) or directors (DIN lookups).
    const check: CheckHandler<'gst.verify'> = async () => {
      await request();
      await Promise.all([request(), request(), request()]);
      return OK;
    };
    const guarded = guardSource({ name: 'multi', handlers: { 'gst.verify': check }, close: async () => undefined }, s, storeA, silent);
    await Promise.all(Array.from({ length: 4 }, () => guarded.handlers['gst.verify']!({ gstin: 'X' }, context())));
    expect(stats.requests).toBe(16);
    expect(stats.maxInFlight).toBe(2);
  });

  it('hands a finished request\'s lease to the next waiting request of the process, within the limit', async () => {
    const counted = (store: SourceStateStore) => {
      const calls = { acquire: 0, refresh: 0, release: 0 };
      const limits = Object.create(store) as SourceStateStore;
      limits.acquire = async (...args) => (calls.acquire++, store.acquire(...args));
      limits.refresh = async (...args) => (calls.refresh++, store.refresh(...args));
      limits.release = async (...args) => (calls.release++, store.release(...args));
      return { limits, calls };
    };
    const run = async (s: LiveSourceSettings) => {
      const { limits, calls } = counted(storeA);
      const gate = createRequestGate(s, limits);
      let inFlight = 0;
      let most = 0;
      let leasesSeen = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const admission = await gate.admit(AbortSignal.timeout(5_000));
          if (!admission.admitted) throw new Error(admission.message);
          most = Math.max(most, ++inFlight);
          leasesSeen = Math.max(leasesSeen, (await storeA.snapshot(s.name)).in_flight);
          await sleep(5);
          inFlight--;
          admission.release();
        }),
      );
      await sleep(50);
      return { calls, most, leasesSeen, leftover: (await storeA.snapshot(s.name)).in_flight };
    };
    const handedOn = await run(settings({ maxInFlight: 2 }));
    // Six hand-ons, each well within half the lease margin of its lease's acquire: no renewal.
    expect(handedOn).toEqual({ calls: { acquire: 2, refresh: 0, release: 2 }, most: 2, leasesSeen: 2, leftover: 0 });
    // A source with a per-second rate counts every start, so each request takes its own lease.
    const rated = await run(settings({ maxInFlight: 2, maxRatePerSecond: 1_000 }));
    expect(rated).toEqual({ calls: { acquire: 8, refresh: 0, release: 8 }, most: 2, leasesSeen: 2, leftover: 0 });
  });

  it('learns from any call it records that another process marked the source down', async () => {
    const s = settings({ circuit: { failures: 1, windowMs: 10_000, cooloffMs: 60_000 } });
    expect(await storeB.record(s.name, 'failed', s.circuit)).toBe(true);
    expect(storeA.knownDownForMs(s.name)).toBe(0);
    // A call of process A that was in flight when B marked the source down (its lease handed
    // on, not renewed, so no lease reply told A): its record's reply does.
    expect(await storeA.record(s.name, 'ok', s.circuit)).toBe(false);
    expect(storeA.knownDownForMs(s.name)).toBeGreaterThan(50_000);
    expect((await storeA.snapshot(s.name)).state).toBe('down');
  });

  /** storeA with its lease calls counted; `failRefreshes` renewals fail first, as on a lost connection. */
  const countedStore = (failRefreshes = 0) => {
    const calls = { acquire: 0, refresh: 0 };
    const limits = Object.create(storeA) as SourceStateStore;
    limits.acquire = async (...args) => (calls.acquire++, storeA.acquire(...args));
    limits.refresh = async (...args) => (++calls.refresh <= failRefreshes ? Promise.reject(new Error('connection lost')) : storeA.refresh(...args));
    return { limits, calls };
  };

  /** Admits one request and queues two more behind it (one slot); the first is held past RENEW_AFTER_MS. */
  const chainOfThree = async (s: LiveSourceSettings, limits: SourceStateStore) => {
    const gate = createRequestGate(s, limits);
    const admitted = async (admission: Promise<Awaited<ReturnType<RequestGate['admit']>>>) => {
      const result = await admission;
      if (!result.admitted) throw new Error(result.message);
      return result;
    };
    const first = await admitted(gate.admit(AbortSignal.timeout(5_000)));
    const second = admitted(gate.admit(AbortSignal.timeout(5_000)));
    const third = admitted(gate.admit(AbortSignal.timeout(5_000)));
    await sleep(RENEW_AFTER_MS + 100);
    return { first, second, third };
  };

  /** Ends the first request (its lease passes to the second), then the second a moment later. */
  const passAlong = async ({ first, second, third }: Awaited<ReturnType<typeof chainOfThree>>) => {
    first.release();
    const next = await second;
    await sleep(50);
    next.release();
    await third;
  };

  it('tries a failed renewal again at the next hand-on', async () => {
    const s = settings({ maxInFlight: 1 });
    const { limits, calls } = countedStore(1);
    const chain = await chainOfThree(s, limits);
    await passAlong(chain);
    // The first renewal failed, so the lease still dates from its acquire: renewed again.
    expect(calls).toEqual({ acquire: 1, refresh: 2 });
    expect((await storeA.snapshot(s.name)).in_flight).toBe(1);
    (await chain.third).release();
  });

  it('does not hand on a lease found expired: the next request acquires its own', async () => {
    const s = settings({ maxInFlight: 1 });
    const { limits, calls } = countedStore();
    const chain = await chainOfThree(s, limits);
    // As if this process had stalled past the lease's end and another process's acquire had
    // trimmed it: the slot may be someone else's now.
    await redisA.del(keys.sourceLeases(s.name));
    await passAlong(chain);
    expect(calls).toEqual({ acquire: 2, refresh: 1 });
    expect((await storeA.snapshot(s.name)).in_flight).toBe(1);
    (await chain.third).release();
  });

  it('renews a handed-on lease, so it outlives the lease time of its first request', async () => {
    const s = settings({ maxInFlight: 1, timeoutMs: 200 });
    const gate = createRequestGate(s, storeA);
    const first = await gate.admit(AbortSignal.timeout(5_000));
    if (!first.admitted) throw new Error(first.message);
    // The first request ends near its lease's end (time-out 200 ms + 1 s margin); the next one,
    // waiting (for at most the time-out) in the process, runs on it.
    await sleep(900);
    const second = gate.admit(AbortSignal.timeout(5_000));
    await sleep(100);
    first.release();
    const next = await second;
    if (!next.admitted) throw new Error(next.message);
    await sleep(400);
    expect((await storeA.snapshot(s.name)).in_flight).toBe(1);
    next.release();
    await sleep(50);
    expect((await storeA.snapshot(s.name)).in_flight).toBe(0);
  });
});
