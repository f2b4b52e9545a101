import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/sim/simulator.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { deleteKeysUnder } from '../helpers/redis-process.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { serviceClient, type ServiceClient } from '../helpers/service-client.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { killWorker, startWorkerPool } from '../helpers/worker-process.js';

const ADMIN = 'fault-upstream-flap-admin-token-0123456789';
const ROWS = 5_000;
const LIMIT = 32;
/**
 * Up 2 s, down 1 s, starting up when the job starts. The job cannot end inside the first up
 * window: 5,000 rows at 32 in flight and at least 15 ms each need 2.3 s or more.
 */
const FLAP = { upMs: 2_000, downMs: 1_000 };
const RETRYABLE = ['PROVIDER_UNAVAILABLE', 'PROVIDER_TIMEOUT'];

/**
 * A 5,000-row live job while its only upstream flaps: the simulator alternates 2 s up and
 * 1 s down (503s) for the whole job. Two processes (an API process running every pool and a
 * verify worker process) share the upstream's limit of 32 in flight. Every row ends, `ok` or
 * `failed` with the error that stopped it; nothing is stuck; the upstream never sees more than
 * 32 requests at once; and only `ok` rows are billed.
 */
describe('a 5,000-row bulk job while its upstream flaps up and down', () => {
  let sim: RunningSimulator;
  let server: ServerProcess;
  let worker: ChildProcess & { output: () => string };
  let dataDir: string;
  let sourcesDir: string;
  let api: ServiceClient;
  const prefix = `bvtest:${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    // The circuit opens on a down window's 503s and probes again after a second, so rows
    // neither hammer a down upstream nor wait long once it is back.
    const sources = await writeSimSources(sim.url, { retries: 1, circuit: { failures: 5, window_ms: 2_000, cooloff_ms: 1_000 } }, (document) => {
      document.checks['gst.verify'] = ['gsp'];
      Object.assign(document.sources.gsp as object, { max_in_flight: LIMIT, max_rate_per_second: 0, timeout_ms: 2_000 });
    });
    sourcesDir = path.dirname(sources);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-fault-flap-'));
    const env = {
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: prefix,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
      BV_SOURCES: sources,
      // Seven tries a row, 200 ms doubling with full jitter: a row can outlast a down window.
      BV_BULK_ROW_ATTEMPTS: '7',
      BV_BULK_ROW_BACKOFF_MS: '200',
      BV_BULK_CHUNK_ROWS: '25',
      BV_WORKER_CONCURRENCY: '8',
      BV_BULK_ROW_CONCURRENCY: '8',
    };
    server = await startServerProcess(env);
    worker = await startWorkerPool('verify', env);
    api = serviceClient(() => server.baseUrl, ADMIN);
  }, 60_000);

  afterAll(async () => {
    await killWorker(worker);
    await server?.stop('SIGKILL');
    await sim?.close();
    for (const dir of [dataDir, sourcesDir]) if (dir) await rm(dir, { recursive: true, force: true });
    await deleteKeysUnder(inject('redisUrl'), prefix);
  });

  it('ends every row ok or failed with a reason, none stuck, and never exceeds the limit', { timeout: 120_000 }, async () => {
    const { accountId, liveKey } = await api.createAccount(10_000);
    const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, ROWS);
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: { minMs: 15, maxMs: 30 }, flap: FLAP } } });
    sim.resetStats();
    const created = await api.post('/v1/bulk/jobs', liveKey, { operation: 'gst.verify', rows: gstins.map((gstin) => ({ gstin })) });
    const createdBody = await created.text();
    expect(created.status, createdBody).toBe(202);
    const { job_id: jobId } = (JSON.parse(createdBody) as { data: { job_id: string } }).data;

    const status = await api.waitForJob(liveKey, jobId, undefined, 90_000);
    const seen = sim.stats().upstreams['gstn-gsp'];
    // None stuck: the job ended, with every row done.
    expect(status.status, JSON.stringify(status)).toBe('completed');
    expect(status.rows).toMatchObject({ total: ROWS, valid: ROWS, done: ROWS, not_found: 0 });
    expect(status.rows.ok! + status.rows.failed!).toBe(ROWS);

    // The upstream really flapped under the job (down windows answered 503), and the shared
    // limit held across both processes, and was reached.
    expect(seen.by_status['503'] ?? 0).toBeGreaterThan(0);
    expect(seen.by_status['200'] ?? 0).toBeGreaterThanOrEqual(status.rows.ok!);
    expect(seen.max_in_flight).toBeLessThanOrEqual(LIMIT);
    expect(seen.max_in_flight).toBeGreaterThanOrEqual(LIMIT / 2);

    // Every row is ok (billed, with its record) or failed with the error that stopped it (unbilled).
    const csv = await (await api.get(status.results!.csv, liveKey)).text();
    const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(ROWS);
    expect(records.map((r) => r.gstin)).toEqual(gstins);
    const odd = records.filter((r) =>
      r.status === 'ok'
        ? r.charged_inr !== '0.75' || r.error_code !== '' || r.legal_name === ''
        : r.status !== 'failed' || !RETRYABLE.includes(r.error_code ?? '') || r.error_message === '' || r.charged_inr !== '0.00',
    );
    expect(odd.slice(0, 5)).toEqual([]);
    expect(records.filter((r) => r.status === 'failed')).toHaveLength(status.rows.failed!);
    // Retries carried most rows over the down windows.
    expect(status.rows.ok).toBeGreaterThan(ROWS * 0.8);

    // Only ok rows were billed; the rest of the hold came back; the books balance.
    expect(Math.round(status.charged_inr * 100)).toBe(status.rows.ok! * 75);
    expect(Math.round((status.charged_inr + status.released_inr) * 100)).toBe(Math.round(status.reserved_inr * 100));
    const reconcile = (await (await api.admin('GET', `/admin/v1/accounts/${accountId}/reconcile`)).json()) as { ok: boolean; problems: string[] };
    expect(reconcile).toMatchObject({ ok: true, problems: [] });
  });
});
