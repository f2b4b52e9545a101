import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSimulator } from '../../src/sim/simulator.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startVerifyWorker } from '../helpers/worker-process.js';

const LIMIT = 32;


/**
 * Two verify worker processes on live keys, the simulator as the GST source at 50 ms with a
 * limit of 32 in flight, and 503s injected: the simulator never sees more than 32 at once,
 * and every row ends ok because 503s are retried (per request, then per row with backoff).
 */
describe('bulk rows on a live source under its shared limit', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let dataDir: string;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    // Only the GSP answers, so every row has to pass its limit. The circuit stays closed: this
    // test is about the limit and the retries, and injected 503s would otherwise open it.
    const file = await writeSimSources(sim.url, { retries: 1, circuit: { failures: 1_000 } }, (document) => {
      document.checks['gst.verify'] = ['gsp'];
      Object.assign(document.sources.gsp as object, { max_in_flight: LIMIT, max_rate_per_second: 0, timeout_ms: 3_000 });
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-bulk-live-'));
    const settings = { BV_SOURCES: file, BV_DATA_DIR: dataDir, BV_BULK_ROW_ATTEMPTS: '8', BV_BULK_ROW_BACKOFF_MS: '50', BV_BULK_CHUNK_ROWS: '50' };
    t = await createTestApp({ env: settings });
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 10_000, reference: 'bulk live' });
    t.deps.startWorkers({ verify: false, finalize: true });
    env = { ...settings, REDIS_URL: inject('redisUrl'), BV_KEY_PREFIX: t.deps.keys.prefix, BV_WORKER_CONCURRENCY: '4', BV_BULK_ROW_CONCURRENCY: '16' };
    children.push(...(await Promise.all([startVerifyWorker(env), startVerifyWorker(env)])));
    // Given the sources, a pool has no warning to give about them.
    for (const child of children) expect((child as ChildProcess & { output: () => string }).output()).not.toContain('no BV_SOURCES');
  }, 60_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await t?.close();
    await sim?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the upstream at 32 in flight at most and retries 503 bursts to success', { timeout: 120_000 }, async () => {
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 50, errorRate: 0.2 } } });
    sim.resetStats();
    const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, 2_000);
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: gstins.map((gstin) => ({ gstin })) }, t.liveKey);
    expect(created.statusCode, created.body).toBe(202);
    const { job_id: jobId } = created.json().data as { job_id: string };
    const status = await waitForJob(t.app, t.liveKey, jobId);
    expect(status.status).toBe('completed');
    expect(status.rows).toMatchObject({ done: 2_000, ok: 2_000, failed: 0 });
    const seen = sim.stats().upstreams['gstn-gsp'];
    // 503s were really injected and retried...
    expect(seen.by_status['503'] ?? 0).toBeGreaterThan(100);
    // ...and the shared limit held across both worker processes, and was reached.
    expect(seen.max_in_flight).toBeLessThanOrEqual(LIMIT);
    expect(seen.max_in_flight).toBeGreaterThanOrEqual(LIMIT / 2);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });

  it('cancels a running job: queued rows end cancelled and unbilled, and the rest of the hold comes back', { timeout: 120_000 }, async () => {
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 200, errorRate: null } } });
    const gstins = loadSandboxRegistry().identifiers('gstin').slice(2_000, 3_000);
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: gstins.map((gstin) => ({ gstin })) }, t.liveKey);
    const { job_id: jobId } = created.json().data as { job_id: string };
    await waitForJob(t.app, t.liveKey, jobId, (s) => (s.rows.done ?? 0) > 0);
    const cancel = await t.app.inject({ method: 'POST', url: `/v1/bulk/jobs/${jobId}/cancel`, headers: { authorization: `Bearer ${t.liveKey}` } });
    expect(cancel.json().data).toMatchObject({ status: 'running', cancelling: true });
    const status = await waitForJob(t.app, t.liveKey, jobId);
    expect(status.status).toBe('cancelled');
    const lines = (await t.app.inject({ method: 'GET', url: status.results!.jsonl, headers: { authorization: `Bearer ${t.liveKey}` } })).body.trim().split('\n');
    const rows = lines.map((line) => JSON.parse(line) as { status: string; charged_inr: number });
    const cancelled = rows.filter((r) => r.status === 'cancelled');
    expect(rows).toHaveLength(1_000);
    // Rows already under way finish; the rest stop (how many depends on the machine's pace).
    expect(cancelled.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.status === 'ok').length + cancelled.length).toBe(1_000);
    expect(cancelled.every((r) => r.charged_inr === 0)).toBe(true);
    // The status counts them too, so that its counts add up to done.
    expect(status.rows.cancelled).toBe(cancelled.length);
    const { ok = 0, not_found: notFound = 0, failed = 0, cancelled: stopped = 0 } = status.rows;
    expect(ok + notFound + failed + stopped).toBe(status.rows.done);
    const okRows = rows.filter((r) => r.status === 'ok').length;
    expect(Math.round(status.charged_inr * 100)).toBe(okRows * 75);
    expect(Math.round((status.charged_inr + status.released_inr) * 100)).toBe(Math.round(status.reserved_inr * 100));
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });
});
