import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chunkJobId } from '../../src/queue/names.js';
import { FAULT_TRIGGERS } from '../../src/sources/sandbox/faults.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { jobStatus, type JobStatus } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { killWorker, startVerifyWorker } from '../helpers/worker-process.js';

/**
 * The worker running a chunk is killed twice (SIGKILL) while it holds the chunk. BullMQ's
 * default allows one stall, after which it failed the chunk for good and left its job running
 * for ever; a chunk is safe to run again, so it now runs a third time and the job completes,
 * nothing billed twice.
 */
describe('a bulk chunk whose worker is killed twice while it runs', () => {
  let t: TestApp;
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-chunk-crashes-'));
    t = await createTestApp({ env: { BV_DATA_DIR: dataDir, BV_WORKER_LOCK_MS: '1000', BV_BULK_WATCHDOG_MS: '500' } });
    // The app takes the upload and finalizes; the chunk runs only in the worker processes.
    t.deps.startWorkers({ verify: false, finalize: true });
  });
  afterAll(async () => {
    for (const child of children) await killWorker(child);
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the chunk a third time: the job completes with every row, none billed twice', { timeout: 90_000 }, async () => {
    const env = {
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: t.deps.keys.prefix,
      BV_DATA_DIR: dataDir,
      BV_WORKER_LOCK_MS: '1000',
      // One chunk; its source-down row retries with backoff, so the chunk runs for seconds.
      BV_BULK_CHUNK_ROWS: '100',
      BV_BULK_ROW_ATTEMPTS: '6',
      BV_BULK_ROW_BACKOFF_MS: '400',
    };
    const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, 30);
    const rows = [...gstins, FAULT_TRIGGERS.unavailable.gstin].map((gstin) => ({ gstin }));
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows });
    expect(created.statusCode, created.body).toBe(202);
    const jobId = created.json().data.job_id as string;
    const chunk = chunkJobId(jobId, 0);

    /** Waits until a worker holds the chunk having found it stalled `stalls` times. */
    const heldAfter = async (stalls: number): Promise<void> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const job = await t.deps.queues.verify.getJob(chunk);
        const state = await t.deps.queues.verify.getJobState(chunk);
        if (state === 'active' && (job?.stalledCounter ?? 0) >= stalls && (job?.attemptsStarted ?? 0) > stalls) return;
        if (state === 'failed' || state === 'completed') throw new Error(`the chunk ended (${state}: ${job?.failedReason ?? ''}) before the crash`);
        if (Date.now() > deadline) throw new Error(`no worker took the chunk (state ${state}, stalled ${job?.stalledCounter})`);
        await sleep(25);
      }
    };

    for (const stalls of [0, 1]) {
      const worker = await startVerifyWorker(env);
      children.push(worker);
      await heldAfter(stalls);
      // Inside the chunk: its rows are being verified.
      await sleep(300);
      await killWorker(worker);
    }
    children.push(await startVerifyWorker(env));

    const deadline = Date.now() + 60_000;
    let status: JobStatus = await jobStatus(t.app, t.sandboxKey, jobId);
    while (status.finished_at === null && Date.now() < deadline) {
      await sleep(250);
      status = await jobStatus(t.app, t.sandboxKey, jobId);
    }
    expect(status.status).toBe('completed');
    // The source-down row ends failed after its tries; the rest verified.
    expect(status.rows).toMatchObject({ total: 31, done: 31, ok: 30, failed: 1 });
    expect(status.charged_inr).toBe(30 * 0.75);
    expect((await t.deps.queues.verify.getJob(chunk))?.stalledCounter).toBeGreaterThanOrEqual(2);

    const references: string[] = [];
    for await (const entry of t.deps.wallet.of('sandbox').allLedgerEntries(t.accountId)) {
      if (entry.type === 'commit' && entry.reference.startsWith(`${jobId} row `)) references.push(entry.reference);
    }
    expect(references).toHaveLength(30);
    expect(new Set(references).size).toBe(30);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });
});
