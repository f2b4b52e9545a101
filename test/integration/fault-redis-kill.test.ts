import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { parse } from 'csv-parse/sync';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../src/queue/names.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/simulator.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createRedisKeys } from '../../src/store/keys.js';
import { WalletStore } from '../../src/store/wallet/wallet.js';
import { CHARGE_PARTS } from '../../src/store/wallet/wallet-scripts.js';
import type { JobStatus } from '../helpers/bulk-client.js';
import { startRedisProcess, type RedisProcess } from '../helpers/redis-process.js';
import { startRedisProxy, type RedisProxy } from '../helpers/redis-proxy.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { serviceClient, type ServiceClient } from '../helpers/service-client.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { killWorker, startWorkerPool } from '../helpers/worker-process.js';

const ADMIN = 'fault-redis-kill-admin-token-0123456789';
const PREFIX = 'bv:v1';
const KEYS = createRedisKeys(PREFIX);
const CHUNK_ROWS = 10;
/** Chunks each of the two verify pools (the API process's and a worker process's) runs at once. */
const POOL_CONCURRENCY = 4;
const SLOTS = 2 * POOL_CONCURRENCY;
const LOCK_MS = 2_000;
/** Longer than a chunk's lock: the chunks under way are stalled by the time Redis is back. */
const OUTAGE_MS = 3_000;

/**
 * The service's one stateful dependency dies in the middle of a bulk job: Redis (AOF on, fsync
 * always, so what it acknowledged survives) is killed with SIGKILL and started again on the
 * same port and files after longer than a chunk's lock. The processes reach it through a
 * small TCP proxy, which lets a test put the crash at the worst moment: just after a command
 * ran, before its reply reached the process. An API process (running every pool) and a
 * second verify worker process work through the jobs.
 */
describe('Redis killed with SIGKILL and restarted in the middle of a bulk job', () => {
  let redis: RedisProcess;
  let proxy: RedisProxy;
  let sim: RunningSimulator;
  let server: ServerProcess;
  let worker: ChildProcess & { output: () => string };
  let dataDir: string;
  let sourcesDir: string;
  let api: ServiceClient;
  const processes = () => `server:\n${server.output().slice(-3_000)}\nworker:\n${worker.output().slice(-3_000)}`;

  beforeAll(async () => {
    redis = await startRedisProcess();
    proxy = await startRedisProxy(redis.port);
    sim = await startSimulator({ port: 0 });
    // Live keys: only the GSP answers, with room for every row of every chunk under way at once.
    const sources = await writeSimSources(sim.url, { retries: 0, circuit: { failures: 1_000 } }, (document) => {
      document.checks['gst.verify'] = ['gsp'];
      Object.assign(document.sources.gsp as object, { max_in_flight: SLOTS * CHUNK_ROWS, max_rate_per_second: 0, timeout_ms: 14_000 });
    });
    sourcesDir = path.dirname(sources);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-fault-redis-'));
    const env = {
      REDIS_URL: proxy.url,
      BV_KEY_PREFIX: PREFIX,
      BV_DATA_DIR: dataDir,
      BV_ADMIN_TOKEN: ADMIN,
      BV_SOURCES: sources,
      BV_REQUEST_BUDGET_MS: '15000',
      BV_HOLD_TTL_MS: '30000',
      // Small chunks whose rows all run at once.
      BV_BULK_CHUNK_ROWS: String(CHUNK_ROWS),
      BV_BULK_ROW_CONCURRENCY: String(CHUNK_ROWS),
      BV_WORKER_CONCURRENCY: String(POOL_CONCURRENCY),
      BV_WORKER_LOCK_MS: String(LOCK_MS),
    };
    server = await startServerProcess(env);
    worker = await startWorkerPool('verify', env);
    api = serviceClient(() => server.baseUrl, ADMIN);
  }, 60_000);

  afterAll(async () => {
    await killWorker(worker);
    await server?.stop('SIGKILL');
    await proxy?.close();
    await sim?.close();
    await redis?.close();
    for (const dir of [dataDir, sourcesDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function createJob(key: string, gstins: string[]): Promise<string> {
    const created = await api.post('/v1/bulk/jobs', key, { operation: 'gst.verify', rows: gstins.map((gstin) => ({ gstin })) });
    const body = await created.text();
    expect(created.status, body).toBe(202);
    return (JSON.parse(body) as { data: { job_id: string } }).data.job_id;
  }

  async function outage(): Promise<void> {
    await redis.kill();
    await sleep(OUTAGE_MS);
    await redis.restart();
  }

  /**
   * The job ended with every row ok, once, in order, each billed once from its hold; the
   * processes lived through it; the account's books balance.
   */
  async function expectWholeAndBilledOnce(key: string, accountId: string, jobId: string, gstins: string[], balanceBeforePaise: number): Promise<JobStatus> {
    const rows = gstins.length;
    const status = await api.jobStatus(key, jobId);
    expect(server.child.exitCode, processes()).toBeNull();
    expect(worker.exitCode, processes()).toBeNull();
    expect(status.status, processes()).toBe('completed');
    expect(status.rows).toMatchObject({ total: rows, valid: rows, done: rows, ok: rows, not_found: 0, failed: 0 });

    // The ledger: one commit per row, each row's reference once, adding up to what the job charged.
    const reader = new Redis(redis.url);
    try {
      // The wallet of the key's environment: the one the job was held and billed in.
      const wallet = new WalletStore(reader, KEYS).of(key.startsWith('bv_live_') ? 'live' : 'sandbox');
      const references: string[] = [];
      let committedPaise = 0;
      for await (const entry of wallet.allLedgerEntries(accountId)) {
        if (entry.type !== 'commit' || !entry.reference.startsWith(`${jobId} row `)) continue;
        references.push(entry.reference);
        committedPaise += entry.amountPaise;
      }
      const seen = new Set<string>();
      expect(references.filter((reference) => seen.has(reference) || !seen.add(reference))).toEqual([]);
      expect(references).toHaveLength(rows);
      expect(committedPaise).toBe(rows * 75);
      const balancePaise = balanceBeforePaise - rows * 75;
      expect(await wallet.balance(accountId)).toEqual({ balancePaise, heldPaise: 0, availablePaise: balancePaise });
    } finally {
      reader.disconnect();
    }
    expect(status.reserved_inr).toBe(rows * 0.75);
    expect(status.charged_inr).toBe(rows * 0.75);
    expect(status.released_inr).toBe(0);

    // results.csv: one line per input row, in input order, each charged once.
    const csv = await (await api.get(status.results!.csv, key)).text();
    const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(rows);
    expect(records.map((r) => Number(r.row))).toEqual(gstins.map((_, i) => i + 1));
    expect(records.map((r) => r.gstin)).toEqual(gstins);
    expect(records.filter((r) => r.status !== 'ok' || r.charged_inr !== '0.75').slice(0, 5)).toEqual([]);

    const reconcile = (await (await api.admin('GET', `/admin/v1/accounts/${accountId}/reconcile`)).json()) as { ok: boolean; problems: string[] };
    expect(reconcile).toMatchObject({ ok: true, problems: [] });
    return status;
  }

  it('bills a row once when Redis dies after running its charge but before answering it', { timeout: 90_000 }, async () => {
    const { accountId, sandboxKey } = await api.createAccount(5_000);
    const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, 4_000);
    const jobId = await createJob(sandboxKey, gstins);

    // Mid-job, the next charge of a chunk's rows runs in Redis, its answer is held back, and
    // Redis dies: the process never learns that it charged them.
    const midJob = await api.waitForJob(sandboxKey, jobId, (s) => (s.rows.done ?? 0) > 0, 60_000);
    const sha = createHash('sha1').update(CHARGE_PARTS.lua).digest('hex');
    const swallowed = await Promise.race([proxy.swallowReplyTo(sha), sleep(30_000).then(() => Buffer.from('none'))]);
    await outage();
    expect(midJob.rows.done).toBeLessThan(gstins.length);
    // The charge ran: its reply (lost) says 'ok' for rows charged 0.75.
    expect(swallowed.toString('latin1')).toContain('$2\r\nok\r\n:75\r\n');

    await api.waitForJob(sandboxKey, jobId, undefined, 60_000);
    await expectWholeAndBilledOnce(sandboxKey, accountId, jobId, gstins, 500_000);
  });

  it('counts a chunk once when Redis returns to find it stalled and run twice', { timeout: 90_000 }, async () => {
    // Two waves of chunks: 12 chunks for 8 slots, so 4 slots are free during the second.
    const rows = 12 * CHUNK_ROWS;
    const { accountId, liveKey } = await api.createAccount(1_000);
    const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, rows);
    sim.resetStats();
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 3_000 } } });
    const jobId = await createJob(liveKey, gstins);
    // The first wave's rows answer in 3 s; every later one takes 10 s.
    const deadline = Date.now() + 20_000;
    while (sim.stats().upstreams['gstn-gsp'].requests < SLOTS * CHUNK_ROWS && Date.now() < deadline) await sleep(10);
    sim.configure({ upstreams: { 'gstn-gsp': { latencyMs: 10_000 } } });

    // Mid-job: the first wave is counted, and every row still to do waits on the upstream.
    const inFlight = () => sim.stats().upstreams['gstn-gsp'].in_flight;
    const midJob = await api.waitForJob(liveKey, jobId, (s) => (s.rows.done ?? 0) >= SLOTS * CHUNK_ROWS && inFlight() === rows - (s.rows.done ?? 0), 60_000);
    expect(midJob.rows.done).toBeLessThan(rows);
    expect(inFlight()).toBe(rows - midJob.rows.done!);
    // Redis dies with the chunks' locks, and is back only after they lapsed: BullMQ finds the
    // chunks stalled and runs each again on a free slot, while the first runs, still waiting on
    // the upstream, carry on and finish too.
    await outage();

    expect((await api.waitForJob(liveKey, jobId, undefined, 60_000)).status, processes()).toBe('completed');
    // Every chunk's runs have ended (second runs included) before the counts are read.
    const queue = new Queue(QUEUES.bulkVerify, { connection: { url: redis.url }, prefix: KEYS.queuePrefix() });
    try {
      const busy = async () => {
        const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
        return Object.values(counts).reduce((a, b) => a + b, 0) + inFlight();
      };
      const settled = Date.now() + 60_000;
      while ((await busy()) > 0 && Date.now() < settled) await sleep(100);
      expect(await busy()).toBe(0);
      // (BullMQ's failed list is not checked: when a chunk's second run lands in the process
      // still running its first, the first run's end stops the renewal of the second's lock
      // (locks are tracked by job id), and BullMQ may fail that run as "stalled more than
      // allowable limit" although the chunk's rows were done and counted. The job's own
      // counts are what must hold.)
    } finally {
      await queue.close();
    }
    // The fault did what it says: stalled chunks ran twice, so rows went to the upstream twice.
    expect(sim.stats().upstreams['gstn-gsp'].requests).toBeGreaterThan(rows);
    await expectWholeAndBilledOnce(liveKey, accountId, jobId, gstins, 100_000);
  });
});
