import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startVerifyWorker } from '../helpers/worker-process.js';



/**
 * A verify worker killed with SIGKILL in the middle of a job: its chunks run again elsewhere
 * once their locks lapse, and the job still ends with every row, none billed twice.
 */
describe('a bulk job whose worker is killed mid-job', () => {
  let t: TestApp;
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-bulk-kill-'));
    // Workers here run apart from the app: the app only takes uploads and finalizes.
    t = await createTestApp({ env: { BV_DATA_DIR: dataDir, BV_WORKER_LOCK_MS: '2000' } });
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 10_000, reference: 'bulk kill', environment: 'sandbox' });
    t.deps.startWorkers({ verify: false, finalize: true });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('completes with no row missing or billed twice, and the ledger reconciles', { timeout: 120_000 }, async () => {
    const env = {
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: t.deps.keys.prefix,
      BV_DATA_DIR: dataDir,
      BV_WORKER_LOCK_MS: '2000',
      // Small chunks, one row at a time: the kill lands inside chunks, not between jobs.
      BV_BULK_CHUNK_ROWS: '50',
      BV_BULK_ROW_CONCURRENCY: '1',
      BV_WORKER_CONCURRENCY: '2',
    };
    const [victim, survivor] = await Promise.all([startVerifyWorker(env), startVerifyWorker(env)]);
    children.push(victim as ChildProcess, survivor as ChildProcess);

    const gstins = loadSandboxRegistry().identifiers('gstin').slice(0, 6_000);
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: gstins.slice(0, 6_000).map((gstin) => ({ gstin })) });
    // JSON rows are capped at 10,000; 6,000 distinct GSTINs at 0.75 each.
    expect(created.statusCode, created.body).toBe(202);
    const { job_id: jobId } = created.json().data as { job_id: string };

    // Kill one worker once the job is well under way.
    await waitForJob(t.app, t.sandboxKey, jobId, (s) => (s.rows.done ?? 0) >= 600);
    victim!.kill('SIGKILL');

    const status = await waitForJob(t.app, t.sandboxKey, jobId);
    expect(status.status).toBe('completed');
    expect(status.rows).toMatchObject({ total: 6_000, done: 6_000, ok: 6_000 });
    expect(status.charged_inr).toBe(4_500);
    expect(status.released_inr).toBe(0);

    const lines = (await t.app.inject({ method: 'GET', url: status.results!.jsonl, headers: { authorization: `Bearer ${t.sandboxKey}` } })).body.trim().split('\n');
    expect(lines).toHaveLength(6_000);
    const charged = lines.map((line) => (JSON.parse(line) as { charged_inr: number }).charged_inr);
    expect(charged.every((c) => c === 0.75)).toBe(true);
    // Each row billed once: exactly 6,000 commit lines of 0.75 for this job in the ledger.
    const commits: number[] = [];
    for await (const entry of t.deps.wallet.of('sandbox').allLedgerEntries(t.accountId)) {
      if (entry.type === 'commit' && entry.reference.startsWith(`${jobId} row `)) commits.push(entry.amountPaise);
    }
    expect(commits).toHaveLength(6_000);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });
});
