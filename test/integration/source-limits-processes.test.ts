import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSimulator } from '../../src/sim/simulator.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { writeSimSources } from '../helpers/sim-sources.js';

const ADMIN = 'source-limits-admin-token-0123456789';
const GSTIN = '27AAPFU0939F1ZV';
// Long enough that, on a busy CI machine, no caller gives up waiting for one of the 8 slots.
const TIMEOUT_MS = 8_000;
/** guarded-source.ts: a lease outlives the call's time-out by one second. */
const LEASE_MS = TIMEOUT_MS + 1_000;

/**
 * Three real API processes share one Redis and one upstream (the simulator, in this process,
 * counting what it sees): the source's limit of 8 in flight holds across all of them, and a
 * process killed while holding slots frees them when their leases expire.
 */
describe('a source limit of 8 in flight across three API processes', () => {
  let servers: ServerProcess[] = [];
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let dataDir: string;
  let liveKey: string;

  const verify = (server: ServerProcess) =>
    fetch(`${server.baseUrl}/v1/gst/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ gstin: GSTIN }),
    });
  const inFlightSeenByApi = async (server: ServerProcess): Promise<number> => {
    const response = await fetch(`${server.baseUrl}/admin/v1/sources`, { headers: { authorization: `Bearer ${ADMIN}` } });
    const body = (await response.json()) as { live: { sources: { name: string; in_flight: number }[] } };
    return body.live.sources.find((s) => s.name === 'gsp')?.in_flight ?? -1;
  };

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: { minMs: 10, maxMs: 40 } } } });
    // Only the GSP answers GST Verify here, so every call has to pass its limit.
    const file = await writeSimSources(sim.url, { timeout_ms: TIMEOUT_MS, retries: 0, circuit: { failures: 1_000 } }, (document) => {
      document.checks['gst.verify'] = ['gsp'];
      (document.sources.gsp as Record<string, unknown>).max_in_flight = 8;
      (document.sources.gsp as Record<string, unknown>).max_rate_per_second = 0;
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-src-limits-'));
    const env = {
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: `bvtest:${randomBytes(6).toString('hex')}`,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
      BV_SOURCES: file,
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env), startServerProcess(env)]);
    const created = await fetch(`${servers[0]!.baseUrl}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'limits', balance_inr: 10_000, rate_limit_per_minute: 100_000 }),
    });
    liveKey = ((await created.json()) as { live_key: string }).live_key;
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sim?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the upstream at 8 in flight at most under 200 concurrent calls', { timeout: 60_000 }, async () => {
    sim.resetStats();
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => verify(servers[i % 3]!)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(200);
    const seen = sim.stats().upstreams['gstn-gsp'];
    expect(seen.requests).toBe(200);
    expect(seen.max_in_flight).toBeLessThanOrEqual(8);
    // The limit was reached, not merely respected by a trickle.
    expect(seen.max_in_flight).toBeGreaterThanOrEqual(6);
  });

  it('frees the slots of a process killed while holding them once their leases expire', { timeout: 60_000 }, async () => {
    const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 1_500 } } });
    const doomed = Array.from({ length: 8 }, () => verify(c).catch(() => undefined));
    while (sim.stats().upstreams['gstn-gsp'].in_flight < 8) await sleep(10);
    await c.stop('SIGKILL');
    const killedAt = Date.now();
    await Promise.all(doomed);
    // The dead process's leases still count: capacity is reduced, for the lease time only.
    expect(await inFlightSeenByApi(a)).toBe(8);
    let inFlight = 8;
    while (inFlight > 0 && Date.now() - killedAt < LEASE_MS + 5_000) {
      await sleep(100);
      inFlight = await inFlightSeenByApi(a);
    }
    // Generous against a busy machine: the point is that they come back, by expiry, unreleased.
    expect(inFlight).toBe(0);
    // Full capacity again: 16 calls from the two survivors reach 8 in flight, and no more.
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 300 } } });
    sim.resetStats();
    const responses = await Promise.all(Array.from({ length: 16 }, (_, i) => verify(i % 2 === 0 ? a : b)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(sim.stats().upstreams['gstn-gsp'].max_in_flight).toBe(8);
  });
});
