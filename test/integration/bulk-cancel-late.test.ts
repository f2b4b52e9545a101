import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalizeJob } from '../../src/bulk/finalize-job.js';
import type { BulkJob } from '../../src/store/bulk-jobs/bulk-jobs.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { localResults } from '../helpers/local-results.js';

/**
 * A cancel that comes when no row is left to stop: after the last chunk was counted, while
 * the finalize step writes the result files. Found by review: such a job either ended
 * `cancelled` with every row verified and billed, or (the cancel landing between finalize's
 * read of the job and its finish) never finished at all: no finished_at, no results, no
 * webhook, no `finished` event.
 */
describe('a cancel after the last row', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Chunks run, but nothing finalizes until a test says so.
    t.deps.startWorkers({ verify: true, finalize: false, scheduler: false });
  });
  afterAll(() => t.close());

  const rows = ['clean-company', 'cancelled-gstin', 'unknown-gstin'].map((name) => ({ gstin: scenario(name).identifiers.gstin }));

  async function jobWithEveryRowDone(): Promise<string> {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows });
    expect(created.statusCode, created.body).toBe(202);
    const jobId = created.json().data.job_id as string;
    const deadline = Date.now() + 20_000;
    while (((await t.deps.bulkJobs.get(jobId)) as BulkJob).rows.done < rows.length) {
      if (Date.now() > deadline) throw new Error('the rows were never verified');
      await sleep(25);
    }
    return jobId;
  }

  const cancel = (jobId: string) =>
    t.app.inject({ method: 'POST', url: `/v1/bulk/jobs/${jobId}/cancel`, headers: { authorization: `Bearer ${t.sandboxKey}` } });

  const finalizeDeps = () => ({ jobs: t.deps.bulkJobs, wallet: t.deps.wallet, results: t.deps.results, log: t.deps.log, onFinished: async () => undefined });

  it('changes nothing: the job completes, with every row billed and the rest of the hold released', async () => {
    const jobId = await jobWithEveryRowDone();
    const refused = await cancel(jobId);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.status).toBe('running');
    // Not written yet: a 409 to retry, not a 404 that says there is no such thing.
    const early = await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${jobId}/results.csv`, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    expect(early.statusCode).toBe(409);
    expect(early.headers['retry-after']).toBe('5');
    expect(early.json().error).toMatchObject({ code: 'RESULTS_NOT_READY', retryable: true });

    await finalizeJob(jobId, finalizeDeps());
    const job = (await t.deps.bulkJobs.get(jobId)) as BulkJob;
    expect(job.status).toBe('completed');
    expect(job.finishedAt).not.toBeNull();
    expect(job.rows).toMatchObject({ done: 3, ok: 2, not_found: 1, cancelled: 0 });
    expect(job.chargedPaise + job.releasedPaise).toBe(job.reservedPaise);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });

  it('still finishes the job when a cancel lands between finalize reading it and finishing it', async () => {
    const jobId = await jobWithEveryRowDone();
    // The store refuses such a cancel now; one accepted a moment earlier, or written by an
    // older process, must not leave the job unfinished.
    const deps = finalizeDeps();
    // The job is a sandbox key's: its hold is in the sandbox wallet, whose release finalize calls.
    const sandbox = t.deps.wallet.of('sandbox');
    const releasing = Object.create(sandbox) as typeof sandbox;
    releasing.release = async (accountId, holdId) => {
      await t.deps.redis.hset(t.deps.keys.bulkJob(jobId), 'status', 'cancelled');
      return sandbox.release(accountId, holdId);
    };
    const wallet = Object.create(t.deps.wallet) as typeof t.deps.wallet;
    wallet.of = (environment) => (environment === 'sandbox' ? releasing : t.deps.wallet.of(environment));
    await finalizeJob(jobId, { ...deps, wallet });
    const job = (await t.deps.bulkJobs.get(jobId)) as BulkJob;
    expect(job.finishedAt).not.toBeNull();
    // No row was stopped: the job did all it was asked to.
    expect(job.status).toBe('completed');
    const status = (await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${jobId}`, headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data;
    expect(status.results).not.toBeNull();
    expect(Math.round((status.charged_inr + status.released_inr) * 100)).toBe(Math.round(status.reserved_inr * 100));
  });

  it('queues what follows the finish (the webhook) when the run that finished the job died before it, without rewriting its files', async () => {
    const jobId = await jobWithEveryRowDone();
    const dying = { ...finalizeDeps(), onFinished: async () => Promise.reject(new Error('the process died here')) };
    await expect(finalizeJob(jobId, dying)).rejects.toThrow('the process died here');
    expect(((await t.deps.bulkJobs.get(jobId)) as BulkJob).finishedAt).not.toBeNull();
    const written = (await stat(localResults(t.deps.results).path(jobId, 'results.csv'))).mtimeMs;

    // BullMQ delivers the finalize again.
    const followed: string[] = [];
    await finalizeJob(jobId, { ...finalizeDeps(), onFinished: async (id) => void followed.push(id) });
    expect(followed).toEqual([jobId]);
    expect((await stat(localResults(t.deps.results).path(jobId, 'results.csv'))).mtimeMs).toBe(written);
  });
});
