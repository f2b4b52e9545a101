import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_TRIGGERS } from '../../src/sources/sandbox/faults.js';
import { waitForJob } from '../helpers/bulk-client.js';
import { runBv } from '../helpers/run-bv.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** `bv bulk results` and `bv bulk retry` (issue 28) against the real app, as child processes. */
describe('bv bulk results and bv bulk retry', { timeout: 60_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_ROW_ATTEMPTS: '2', BV_BULK_ROW_BACKOFF_MS: '10' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    t.deps.startWorkers();
    const created = await t.post('/v1/bulk/jobs', {
      operation: 'gst.verify',
      rows: [{ gstin: '27AAPFU0939F1ZV', vendor: 'Clean Co' }, { gstin: FAULT_TRIGGERS.unavailable.gstin, vendor: 'Flaky Ltd' }, { gstin: 'nonsense', vendor: 'Typo' }],
    });
    jobId = created.json().data.job_id as string;
    await waitForJob(t.app, t.sandboxKey, jobId);
  });
  afterAll(() => t.close());

  const bv = (args: string[]) => runBv(args, { BV_BASE_URL: baseUrl, BV_KEY: t.sandboxKey });

  it('prints the failed rows of a job, and its rows as JSON with --json', async () => {
    const failed = await bv(['bulk', 'results', jobId, '--outcome', 'failed']);
    expect(failed.code, failed.stderr).toBe(0);
    expect(failed.stdout).toMatch(/ROW\s+OUTCOME\s+STATUS\s+INPUT/);
    expect(failed.stdout).toContain('Flaky Ltd');
    expect(failed.stdout).not.toContain('Clean Co');
    const problems = await bv(['--json', 'bulk', 'results', jobId, '--problems']);
    expect((JSON.parse(problems.stdout) as { row: number }[]).map((r) => r.row)).toEqual([2, 3]);
  });

  it('retries the failed rows as a new job', async () => {
    const ran = await bv(['bulk', 'retry', jobId]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`Job job_[0-9a-f]{20} queued: retries 1 failed row\\(s\\) of ${jobId}; ₹0\\.75 held\\.`));
    const again = await bv(['bulk', 'retry', jobId]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already retried');
  });
});
