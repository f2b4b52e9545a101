/**
 * The service across several machines, sharing only Redis and an object store: Redis, the
 * store, the API (with a finalize pool) and two verify pools each run on a test host of their
 * own (a network namespace, joined by veth to one bridge), each process with its own
 * BV_DATA_DIR. A bulk job completes across them; then the host of the verify pool that holds
 * chunks is cut off the network mid-job. Its chunks' locks lapse and the pool on the other host
 * takes them over: every row is delivered and billed once. When the cut-off host comes back,
 * its stale work changes nothing. Needs root and iproute2; where the machine refuses, the test
 * says so in one line (docs/deployment.md "Several machines" shows how to run it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGstin } from '../../src/domain/identifiers/gstin.js';
import { QUEUES } from '../../src/queue/names.js';
import { FAULT_TRIGGERS } from '../../src/sources/sandbox/faults.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { createRedisKeys } from '../../src/store/keys.js';
import { findRedisServer } from '../../src/runtime/managed-redis.js';
import { WalletStore, type LedgerEntry } from '../../src/store/wallet/wallet.js';
import { canPartition } from '../helpers/network-namespace.js';
import { startS3Server, type S3Server } from '../helpers/s3-server.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { serviceClient, type ServiceClient } from '../helpers/service-client.js';
import { makeTestNetwork, type TestNetwork } from '../helpers/test-hosts.js';
import { killWorker, startWorkerPool } from '../helpers/worker-process.js';

const hostsAvailable = canPartition();
if (!hostsAvailable) console.warn('several-hosts.test.ts skipped: needs root and `ip netns` (iproute2) to make test hosts');

const ADMIN = 'bv_admin_several_hosts_test_token';
const KEYS = createRedisKeys('bv:v1');
const REDIS_PORT = 6379;
/** A chunk's lock: how long a cut-off pool's chunks wait before another pool takes them. */
const LOCK_MS = 2_000;
const CHUNK_ROWS = 25;

describe.skipIf(!hostsAvailable)('the service on several hosts sharing only Redis and an object store', () => {
  let network: TestNetwork;
  let redisChild: ChildProcess | undefined;
  let s3: S3Server;
  let api: ServerProcess;
  let client: ServiceClient;
  const pools: (ChildProcess & { output: () => string })[] = [];
  const dirs: string[] = [];

  const dataDir = async (name: string): Promise<string> => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `bv-hosts-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const output = () => [`api:\n${api?.output() ?? ''}`, ...pools.map((pool, i) => `pool ${i}:\n${pool.output()}`)].join('\n');

  let env: Record<string, string>;

  beforeAll(async () => {
    network = makeTestNetwork(['redis', 'store', 'api', 'verify-a', 'verify-b']);
    const { hosts } = network;
    const redisDir = await dataDir('redis');
    // A Redis of the operator's own on its host: AOF fsynced before each answer, as the service asks.
    redisChild = spawn(
      hosts.redis!.exec[0]!,
      [...hosts.redis!.exec.slice(1), findRedisServer() ?? 'redis-server', '--bind', hosts.redis!.address, '--port', String(REDIS_PORT), '--protected-mode', 'no', '--dir', redisDir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
      { stdio: 'ignore' },
    );
    const redisUrl = `redis://${hosts.redis!.address}:${REDIS_PORT}`;
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 100 });
    probe.on('error', () => undefined);
    for (let tries = 0; ; tries++) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (error) {
        if (tries > 100) throw error;
        probe.disconnect();
        await sleep(100);
      }
    }
    probe.disconnect();
    s3 = await startS3Server({ host: hosts.store!.address, port: 9000, prefix: hosts.store!.exec, dir: await dataDir('s3') });

    env = {
      REDIS_URL: redisUrl,
      BV_REDIS_FSYNC: 'always',
      ...s3.env,
      BV_RESULTS_S3_FORCE_PATH_STYLE: 'true',
      BV_RESULTS_S3_REGION: 'us-east-1',
      BV_ADMIN_TOKEN: ADMIN,
      BV_WORKER_LOCK_MS: String(LOCK_MS),
      BV_BULK_CHUNK_ROWS: String(CHUNK_ROWS),
      // A chunk's one source-down row is tried for a few seconds: chunks are still running when the host is cut off.
      BV_BULK_ROW_ATTEMPTS: '5',
      BV_BULK_ROW_BACKOFF_MS: '300',
      BV_BULK_WATCHDOG_MS: '1000',
    };
    api = await startServerProcess({ ...env, HOST: hosts.api!.address, BV_RUN_WORKERS: 'false', BV_DATA_DIR: await dataDir('api') }, 60_000, hosts.api!.exec);
    client = serviceClient(() => api.baseUrl, ADMIN);
    // The finalize pool on the API's host, as a process of its own with its own folder.
    pools.push(await startWorkerPool('finalize', { ...env, BV_DATA_DIR: await dataDir('finalize') }, { prefix: hosts.api!.exec, timeoutMs: 60_000 }));
  }, 120_000);

  afterAll(async () => {
    for (const pool of pools) await killWorker(pool);
    await api?.stop('SIGKILL');
    await s3?.stop();
    if (redisChild && redisChild.exitCode === null) {
      const exited = new Promise((resolve) => redisChild!.once('exit', resolve));
      redisChild.kill('SIGKILL');
      await exited;
    }
    network?.remove();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function ledgerOf(accountId: string): Promise<LedgerEntry[]> {
    const redis = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    try {
      const entries: LedgerEntry[] = [];
      // The job is a sandbox key's: billed in the sandbox wallet.
      for await (const entry of new WalletStore(redis, KEYS).of('sandbox').allLedgerEntries(accountId)) entries.push(entry);
      return entries;
    } finally {
      redis.disconnect();
    }
  }

  it('takes a cut-off host\'s chunks over after their lock: every row delivered and billed once, nothing changed when it comes back', { timeout: 240_000 }, async () => {
    const { hosts } = network;
    const poolA = await startWorkerPool('verify', { ...env, BV_DATA_DIR: await dataDir('verify-a') }, { prefix: hosts['verify-a']!.exec, timeoutMs: 60_000 });
    pools.push(poolA);

    // Chunks of 25 rows, each with one source-down row that retries: seconds per chunk.
    const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, 300);
    // Distinct source-down GSTINs (any state's GSTIN on the fault PAN): a repeated one would be a duplicate row.
    const faultGstins: string[] = [];
    const rows: { gstin: string }[] = [];
    gstins.forEach((gstin, index) => {
      if (index % (CHUNK_ROWS - 1) === 0) {
        faultGstins.push(makeGstin(String(faultGstins.length + 1).padStart(2, '0'), FAULT_TRIGGERS.unavailable.pan, '1'));
        rows.push({ gstin: faultGstins.at(-1)! });
      }
      rows.push({ gstin });
    });
    const { accountId, sandboxKey } = await client.createAccount(1_000);
    const created = await client.post('/v1/bulk/jobs', sandboxKey, { operation: 'gst.verify', rows });
    const createdText = await created.text();
    expect(created.status, createdText).toBe(202);
    const jobId = (JSON.parse(createdText) as { data: { job_id: string } }).data.job_id;

    // Only pool A runs so far.
    const midJob = await client.waitForJob(sandboxKey, jobId, (s) => (s.rows.done ?? 0) > 0, 60_000);
    expect(midJob.finished_at, 'the job ended before the cut').toBeNull();
    // Cut A off while it holds a chunk: it is the only verify pool so far.
    const connection = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    const verifyQueue = new Queue(QUEUES.bulkVerify, { connection, prefix: KEYS.queuePrefix() });
    try {
      expect(await verifyQueue.getActiveCount(), 'no chunk running at the cut').toBeGreaterThan(0);
    } finally {
      await verifyQueue.close();
      connection.disconnect();
    }
    hosts['verify-a']!.setLink(false);
    // The pool on another host: it takes the queued chunks, and A's once their lock lapses.
    pools.push(await startWorkerPool('verify', { ...env, BV_DATA_DIR: await dataDir('verify-b') }, { prefix: hosts['verify-b']!.exec, timeoutMs: 60_000 }));

    const status = await client.waitForJob(sandboxKey, jobId, undefined, 180_000);
    expect(status.status, output()).toBe('completed');
    expect(status.rows).toMatchObject({ total: rows.length, done: rows.length, ok: gstins.length, failed: faultGstins.length });

    // A's chunks were taken over: BullMQ recorded them as stalled (their lock lapsed) before another pool ran them.
    const events = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    try {
      const entries = await events.xrange(`${KEYS.queuePrefix()}:${QUEUES.bulkVerify}:events`, '-', '+');
      const stalled = entries.filter(([, fields]) => fields[fields.indexOf('event') + 1] === 'stalled');
      expect(stalled.length, 'no chunk was taken over from the cut-off host').toBeGreaterThan(0);
    } finally {
      events.disconnect();
    }

    // Every ok row billed once, in the ledger and in the job's total.
    const billedOnce = async (): Promise<void> => {
      const commits = (await ledgerOf(accountId)).filter((e) => e.type === 'commit' && e.reference.startsWith(`${jobId} row `)).map((e) => e.reference);
      const seen = new Set<string>();
      expect(commits.filter((reference) => seen.has(reference) || !seen.add(reference)), 'rows billed twice').toEqual([]);
      expect(commits, output()).toHaveLength(gstins.length);
    };
    await billedOnce();
    expect(status.charged_inr).toBe(gstins.length * 0.75);

    // The results, from the store, through the API's host: every row, in input order.
    const csv = await (await client.get(`/v1/bulk/jobs/${jobId}/results.csv`, sandboxKey)).text();
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(rows.length + 1);
    const resultsBefore = csv;

    // Host A back on the network: its stale chunks' work is refused, not billed or written again.
    hosts['verify-a']!.setLink(true);
    const backDeadline = Date.now() + 4 * LOCK_MS + 10_000;
    while (Date.now() < backDeadline) await sleep(500);
    await billedOnce();
    expect(await (await client.get(`/v1/bulk/jobs/${jobId}/results.csv`, sandboxKey)).text()).toBe(resultsBefore);
    const reconcile = (await (await client.admin('GET', `/admin/v1/accounts/${accountId}/reconcile`)).json()) as { ok: boolean; problems: string[] };
    expect(reconcile).toMatchObject({ ok: true, problems: [] });
    const account = (await (await client.admin('GET', `/admin/v1/accounts/${accountId}`)).json()) as { sandbox_held_inr: number; sandbox_balance_inr: number };
    expect(account).toMatchObject({ sandbox_held_inr: 0, sandbox_balance_inr: 1_000 - gstins.length * 0.75, balance_inr: 1_000, held_inr: 0 });
  });
});
