import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, rm, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { jobStatus, type JobStatus } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A real ENOSPC: the job's data folder is a small tmpfs this test mounts (it needs root, as CI
 * runs; elsewhere: `sudo npx vitest run test/integration/bulk-disk-full.test.ts`), filled to the
 * last byte while a job runs. Whatever the disk does, the job ends, and no row is billed
 * without its delivered result.
 */
const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'bv-disk-full-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  rmSync(mountPoint, { recursive: true, force: true });
}

const ROWS = 1_000;
const FILLER = path.join(mountPoint, 'filler');

/** Writes the filler until the file system refuses a byte more (a real ENOSPC from then on). */
async function fillDisk(): Promise<void> {
  const file = await open(FILLER, 'a');
  const block = Buffer.alloc(256 * 1024);
  try {
    for (;;) await file.write(block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await file.close();
  }
  // The last partial block too: nothing at all is left. The running job may free a few blocks
  // meanwhile (a chunk's results file removed once merged), so the filler takes those too.
  for (let round = 0; round < 50 && (round === 0 || (await statfs(mountPoint)).bavail > 0); round++) {
    const small = await open(FILLER, 'a');
    try {
      for (;;) await small.write(Buffer.alloc(512));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    } finally {
      await small.close();
    }
  }
  expect((await statfs(mountPoint)).bavail).toBe(0);
}

describe.runIf(mounted)('a bulk job whose disk fills up (a real tmpfs, ENOSPC)', () => {
  let t!: TestApp;
  let started = false;
  const gstins = loadSandboxRegistry().identifiers('gstin');
  let used = 0;

  /** An app on the tmpfs whose chunks and finalize are tried `attempts` times from `backoffMs`, doubling. */
  async function startApp(attempts: number, backoffMs: number): Promise<void> {
    if (started) await t.close();
    started = true;
    t = await createTestApp({
      env: {
        BV_DATA_DIR: mountPoint,
        // Small chunks, a row at a time: the disk fills while most chunks are still to come.
        BV_BULK_CHUNK_ROWS: '20',
        BV_WORKER_CONCURRENCY: '1',
        BV_BULK_ROW_CONCURRENCY: '1',
        BV_BULK_CHUNK_ATTEMPTS: String(attempts),
        BV_BULK_CHUNK_BACKOFF_MS: String(backoffMs),
        BV_BULK_WATCHDOG_MS: '300',
      },
    });
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 5_000, reference: 'disk full', environment: 'sandbox' });
    t.deps.startWorkers({ verify: true, finalize: true, scheduler: false });
  }
  afterAll(async () => {
    if (started) await t.close();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  /** Polls a job every 250 ms (not the helper's 50 ms: a minute of that would pass the key's rate limit). */
  async function waitForJob(jobId: string, done: (s: JobStatus) => boolean = (s) => s.finished_at !== null, timeoutMs = 60_000): Promise<JobStatus> {
    const deadline = Date.now() + timeoutMs;
    let status = await jobStatus(t.app, t.sandboxKey, jobId);
    while (!done(status) && Date.now() < deadline) {
      await sleep(250);
      status = await jobStatus(t.app, t.sandboxKey, jobId);
    }
    return status;
  }

  async function startJob(): Promise<string> {
    const rows = gstins.slice(used, used + ROWS).map((gstin) => ({ gstin }));
    used += ROWS;
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows });
    expect(created.statusCode, created.body).toBe(202);
    return created.json().data.job_id as string;
  }

  /** The job's row charges in the ledger by row reference, and its refund credit (paise). */
  async function ledgerOf(jobId: string): Promise<{ rowCharges: Map<string, number>; refundPaise: number; duplicateCharges: number }> {
    const rowCharges = new Map<string, number>();
    let refundPaise = 0;
    let duplicateCharges = 0;
    for await (const entry of t.deps.wallet.of('sandbox').allLedgerEntries(t.accountId)) {
      if (entry.type === 'commit' && entry.reference.startsWith(`${jobId} row `)) {
        if (rowCharges.has(entry.reference)) duplicateCharges++;
        rowCharges.set(entry.reference, entry.amountPaise);
      }
      if (entry.type === 'topup' && entry.reference === `${jobId} refund`) refundPaise += entry.amountPaise;
    }
    return { rowCharges, refundPaise, duplicateCharges };
  }

  async function chunkFailures(): Promise<number> {
    const jobs = await t.deps.queues.verify.getJobs(['delayed', 'wait', 'active', 'completed', 'failed']);
    return jobs.filter((job) => job.attemptsMade > 0 && /ENOSPC/.test(job.failedReason ?? '') || (job.stacktrace ?? []).some((trace) => /ENOSPC/.test(trace))).length;
  }

  it('completes once space returns: every row verified and billed once, with its result; the hold released', { timeout: 90_000 }, async () => {
    // Tries from 0.3 s, doubling: at least 19 s of them, more than the disk stays full here
    // (16 s; a chunk had 15 s of tries before).
    await startApp(8, 300);
    const jobId = await startJob();
    await waitForJob(jobId, (s) => (s.rows.done ?? 0) >= 200);
    await fillDisk();
    // Full for a while: chunks that finish their rows now cannot keep their files.
    const deadline = Date.now() + 20_000;
    while ((await chunkFailures()) === 0 && Date.now() < deadline) await sleep(100);
    expect(await chunkFailures()).toBeGreaterThan(0);
    await sleep(16_000);
    await rm(FILLER);

    const status: JobStatus = await waitForJob(jobId);
    expect(status.finished_at).not.toBeNull();
    expect(status.status).toBe('completed');
    expect(status.rows).toMatchObject({ total: ROWS, done: ROWS, ok: ROWS, failed: 0 });
    expect(status.charged_inr).toBe(ROWS * 0.75);
    const lines = (await t.app.inject({ method: 'GET', url: status.results!.jsonl, headers: { authorization: `Bearer ${t.sandboxKey}` } })).body.trim().split('\n');
    const results = lines.map((line) => JSON.parse(line) as { row: number; status: string; charged_inr: number });
    expect(results).toHaveLength(ROWS);
    const { rowCharges, duplicateCharges } = await ledgerOf(jobId);
    // Ledger row charges == rows ok in the results file, row for row.
    expect(duplicateCharges).toBe(0);
    expect(rowCharges.size).toBe(results.filter((r) => r.status === 'ok').length);
    for (const r of results) expect(rowCharges.get(`${jobId} row ${r.row}`) ?? 0).toBe(Math.round(r.charged_inr * 100));
    const wallet = (await t.app.inject({ method: 'GET', url: '/v1/wallet', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data;
    expect(wallet.held_inr).toBe(0);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });

  it('fails cleanly when space never returns: charges refunded, hold released, the reason given', { timeout: 90_000 }, async () => {
    await startApp(3, 100);
    const jobId = await startJob();
    await waitForJob(jobId, (s) => (s.rows.done ?? 0) >= 200);
    await fillDisk();
    try {
      const status = (await waitForJob(jobId)) as JobStatus & { failure_reason: string | null; refunded_inr: number };
      expect(status.status).toBe('failed');
      expect(status.failure_reason).toMatch(/ENOSPC|no space/i);
      // Rows billed before the disk filled had results only in chunk files nobody can download.
      const { rowCharges, refundPaise, duplicateCharges } = await ledgerOf(jobId);
      expect(duplicateCharges).toBe(0);
      expect(rowCharges.size).toBeGreaterThan(0);
      const chargedPaise = [...rowCharges.values()].reduce((sum, paise) => sum + paise, 0);
      expect(refundPaise).toBe(chargedPaise);
      expect(Math.round(status.refunded_inr * 100)).toBe(chargedPaise);
      const results = await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${jobId}/results.csv`, headers: { authorization: `Bearer ${t.sandboxKey}` } });
      expect(results.statusCode).toBe(404);
      // Its files, which nobody can download, do not stay on the full disk for 30 days.
      expect(await t.deps.results.listing(jobId)).toBeUndefined();
      const wallet = (await t.app.inject({ method: 'GET', url: '/v1/wallet', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data;
      expect(wallet.held_inr).toBe(0);
      expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
    } finally {
      await rm(FILLER, { force: true });
    }
  });
});
