import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJob } from '../../src/store/bulk-jobs/bulk-jobs.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A cancel reaching a row that waits to retry (its source down). Found by review: the row
 * noticed only when its backoff ended, so a cancel took as long as the longest pause to settle
 * (9 s in the review, minutes with a long backoff).
 */
describe('a cancel during a row\'s retry backoff', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A backoff far longer than the test may run: the job only finishes if the pause ends early.
    t = await createTestApp({ env: { BV_BULK_ROW_ATTEMPTS: '3', BV_BULK_ROW_BACKOFF_MS: '600000' } });
    t.deps.startWorkers({ verify: true, finalize: true, scheduler: false });
  });
  afterAll(() => t.close());

  it('ends the waiting row cancelled at once, and the job with it', { timeout: 30_000 }, async () => {
    const rows = [{ gstin: scenario('unavailable-gstin').identifiers.gstin }, { gstin: scenario('clean-company').identifiers.gstin }];
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows });
    expect(created.statusCode, created.body).toBe(202);
    const jobId = created.json().data.job_id as string;
    // The chunk has started; its first attempt at the unavailable row fails at once, then waits.
    while (((await t.deps.bulkJobs.get(jobId)) as BulkJob).startedAt === null) await sleep(25);
    await sleep(300);
    // Not final yet: the row in backoff has still to see the cancel, so the answer says so.
    expect((await t.post(`/v1/bulk/jobs/${jobId}/cancel`, {})).json().data).toMatchObject({ status: 'running', cancelling: true, finished_at: null, results: null });

    const deadline = Date.now() + 20_000;
    let job = (await t.deps.bulkJobs.get(jobId)) as BulkJob;
    while (job.finishedAt === null) {
      if (Date.now() > deadline) throw new Error('the job did not finish: the waiting row did not see the cancel');
      await sleep(50);
      job = (await t.deps.bulkJobs.get(jobId)) as BulkJob;
    }
    expect(job.status).toBe('cancelled');
    expect(job.rows).toMatchObject({ done: 2, ok: 1, failed: 0, cancelled: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${jobId}`, headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data).toMatchObject({ status: 'cancelled', cancelling: false });
    expect(job.chargedPaise + job.releasedPaise).toBe(job.reservedPaise);
  });
});
