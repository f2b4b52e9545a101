import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFileName } from '../../src/bulk/process-chunk.js';
import { countingSandbox } from '../helpers/counting-source.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('chunks of a job that has failed', () => {
  const counting = countingSandbox();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ chains: counting.chains });
  });
  afterAll(() => t.close());

  it('verify nothing and charge nothing, as when queueing failed partway and the hold went back', async () => {
    const rows = ['clean-company', 'cancelled-gstin', 'suspended-gstin'].map((name) => ({ gstin: scenario(name).identifiers.gstin }));
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows });
    expect(created.statusCode, created.body).toBe(202);
    const jobId = created.json().data.job_id as string;
    // What commitBulkJob does when a later batch of chunks cannot be queued: the chunks queued
    // before it are still in the queue.
    await t.deps.wallet.of('sandbox').release(t.accountId, jobId);
    expect(await t.deps.bulkJobs.finish(jobId, 'failed', 225)).toBe('failed');

    t.deps.startWorkers({ verify: true, finalize: true, scheduler: false });
    const deadline = Date.now() + 15_000;
    while (!(await t.deps.results.exists(jobId, chunkFileName(0)))) {
      if (Date.now() > deadline) throw new Error('the chunk never ran');
      await sleep(50);
    }
    expect(counting.calls['gst.verify']).toBe(0);
    const ledger = (await t.app.inject({ method: 'GET', url: '/v1/wallet/ledger?limit=50', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.entries as { type: string; reference: string }[];
    expect(ledger.filter((entry) => entry.type === 'commit')).toEqual([]);
    expect((await t.deps.bulkJobs.get(jobId))?.status).toBe('failed');
  });
});
