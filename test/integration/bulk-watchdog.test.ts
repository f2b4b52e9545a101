import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkJobId, finalizeJobId } from '../../src/queue/names.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { jobStatus, type JobStatus } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * What BullMQ alone never finishes: a chunk or a finalize that is no longer in any queue (a
 * process lost between recording a job and queueing its work). The watchdog finds the job,
 * with no live work and no progress, and ends it.
 */
describe('the bulk watchdog', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const env = { BV_BULK_CHUNK_ROWS: '10', BV_BULK_WATCHDOG_MS: '300', BV_BULK_WATCHDOG_IDLE_MS: '1500' };
  const gstins = loadSandboxRegistry().identifiers('gstin');

  async function finished(app: TestApp, jobId: string): Promise<JobStatus & { failure_reason: string | null }> {
    const deadline = Date.now() + 30_000;
    let status = await jobStatus(app.app, app.sandboxKey, jobId);
    while (status.finished_at === null && Date.now() < deadline) {
      await sleep(200);
      status = await jobStatus(app.app, app.sandboxKey, jobId);
    }
    return status as JobStatus & { failure_reason: string | null };
  }

  it('gives up a chunk lost from the queue: its rows end failed and unbilled, saying why, the rest are billed', { timeout: 60_000 }, async () => {
    const app = (t = await createTestApp({ env }));
    const created = await app.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: gstins.slice(0, 30).map((gstin) => ({ gstin })) });
    expect(created.statusCode, created.body).toBe(202);
    const jobId = created.json().data.job_id as string;
    // As if the process queueing it had died: chunk 1 (rows 11 to 20) is in no queue. And the
    // job is not on the watchdog's list, as one an older version created.
    await app.deps.queues.verify.remove(chunkJobId(jobId, 1));
    await app.deps.redis.zrem(app.deps.keys.bulkOpenJobs(), jobId);
    await app.deps.redis.del(app.deps.keys.bulkOpenJobsIndexed());

    app.deps.startWorkers({ verify: true, finalize: true, scheduler: false });
    const status = await finished(app, jobId);
    expect(status.status).toBe('completed');
    expect(status.rows).toMatchObject({ total: 30, done: 30, ok: 20, failed: 10 });
    expect(status.charged_inr).toBe(15);
    expect(status.released_inr).toBe(7.5);

    const results = (await app.app.inject({ method: 'GET', url: status.results!.jsonl, headers: { authorization: `Bearer ${app.sandboxKey}` } })).body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { row: number; status: string; charged_inr: number; error: { message: string } | null });
    const lost = results.filter((r) => r.status === 'failed');
    expect(lost.map((r) => r.row)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(lost.every((r) => r.charged_inr === 0 && /not billed: its chunk of rows was lost from the queue/.test(r.error?.message ?? ''))).toBe(true);
    const commits: string[] = [];
    for await (const entry of app.deps.wallet.of('sandbox').allLedgerEntries(app.accountId)) {
      if (entry.type === 'commit' && entry.reference.startsWith(`${jobId} row `)) commits.push(entry.reference);
    }
    expect(commits.sort()).toEqual(results.filter((r) => r.status === 'ok').map((r) => `${jobId} row ${r.row}`).sort());
    expect((await reconcileAccount(app.deps.wallet, app.accountId)).ok).toBe(true);
  });

  it('finishes the cancel of a job whose chunk was lost: its rows end cancelled, the hold released', { timeout: 60_000 }, async () => {
    const app = (t = await createTestApp({ env }));
    const created = await app.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: gstins.slice(100, 130).map((gstin) => ({ gstin })) });
    const jobId = created.json().data.job_id as string;
    await app.deps.queues.verify.remove(chunkJobId(jobId, 2));
    app.deps.startWorkers({ verify: true, finalize: true, scheduler: false });
    // Chunks 0 and 1 done; chunk 2 is in no queue, so without the watchdog the cancel never ends.
    const deadline = Date.now() + 15_000;
    while (((await jobStatus(app.app, app.sandboxKey, jobId)).rows.done ?? 0) < 20 && Date.now() < deadline) await sleep(50);
    const cancel = await app.app.inject({ method: 'POST', url: `/v1/bulk/jobs/${jobId}/cancel`, headers: { authorization: `Bearer ${app.sandboxKey}` } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.cancelling).toBe(true);

    const status = await finished(app, jobId);
    expect(status.status).toBe('cancelled');
    expect(status.rows).toMatchObject({ done: 30, ok: 20, cancelled: 10 });
    expect(status.charged_inr).toBe(15);
    expect(status.released_inr).toBe(7.5);
    const wallet = (await app.app.inject({ method: 'GET', url: '/v1/wallet', headers: { authorization: `Bearer ${app.sandboxKey}` } })).json().data;
    expect(wallet.held_inr).toBe(0);
  });

  it('queues a lost finalize again: the job completes', { timeout: 60_000 }, async () => {
    const app = (t = await createTestApp({ env }));
    const created = await app.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: gstins.slice(0, 5).map((gstin) => ({ gstin })) });
    const jobId = created.json().data.job_id as string;
    app.deps.startWorkers({ verify: true, finalize: false, scheduler: false });
    // Every chunk counted, and its finalize queued: taken out again, as if never queued.
    const deadline = Date.now() + 15_000;
    while ((await app.deps.queues.finalize.getJobState(finalizeJobId(jobId))) === 'unknown' && Date.now() < deadline) await sleep(50);
    await app.deps.queues.finalize.remove(finalizeJobId(jobId));
    expect((await jobStatus(app.app, app.sandboxKey, jobId)).finished_at).toBeNull();

    app.deps.startWorkers({ verify: false, finalize: true, scheduler: false });
    const status = await finished(app, jobId);
    expect(status.status).toBe('completed');
    expect(status.rows).toMatchObject({ done: 5, ok: 5 });
    expect(status.charged_inr).toBe(3.75);
  });
});
