import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitBulkJob, stageBulkJob } from '../../src/bulk/create-job.js';
import type { BulkJobStore } from '../../src/store/bulk-jobs/bulk-jobs.js';
import { readJsonRows } from '../../src/bulk/intake/json-intake.js';
import { ORPHAN_FOLDER_AGE_MS, sweepOrphanFolders } from '../../src/bulk/job-retention.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { localResults } from '../helpers/local-results.js';

const DAY_MS = 86_400_000;

describe('job folders no job owns', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    root = path.dirname(localResults(t.deps.results).dir('job_00000000000000000000'));
  });
  afterAll(() => t.close());

  const deps = () => ({ jobs: t.deps.bulkJobs, results: t.deps.results });
  /** Sets the folder and everything in it as last written `agoMs` before now. */
  async function age(jobId: string, agoMs: number, names: string[]): Promise<void> {
    const at = new Date(Date.now() - agoMs);
    for (const name of names) await utimes(localResults(t.deps.results).path(jobId, name), at, at);
    await utimes(localResults(t.deps.results).dir(jobId), at, at);
  }
  const stage = () => stageBulkJob('gst.verify', readJsonRows('gst.verify', [{ gstin: '27AAPFU0939F1ZV' }]), { results: t.deps.results, chunkRows: 100 });

  it('removes an upload staged and never committed once a day has passed with nothing written, and only then', async () => {
    const staged = await stage();
    expect(existsSync(localResults(t.deps.results).path(staged.jobId, 'input.jsonl'))).toBe(true);
    expect(await sweepOrphanFolders(deps())).toBe(0);
    expect(await sweepOrphanFolders(deps(), Date.now() + ORPHAN_FOLDER_AGE_MS - 60_000)).toBe(0);
    expect(existsSync(localResults(t.deps.results).dir(staged.jobId))).toBe(true);
    expect(await sweepOrphanFolders(deps(), Date.now() + ORPHAN_FOLDER_AGE_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(existsSync(localResults(t.deps.results).dir(staged.jobId))).toBe(false);
  });

  it('releases the hold and leaves no folder when the job record cannot be written', async () => {
    const staged = await stage();
    // The one failing part: the record store. The wallet, its Redis and the files are real.
    const jobs = { create: () => Promise.reject(new Error('record store down')), quotas: t.deps.bulkJobs.quotas } as unknown as BulkJobStore;
    const commit = commitBulkJob(staged, { accountId: t.accountId, environment: 'sandbox', name: 'x', webhookUrl: null }, { ...t.deps, jobs, wallet: t.deps.wallet, results: t.deps.results, queues: t.deps.queues, chunkRows: 100, holdTtlMs: 60_000 });
    await expect(commit).rejects.toThrow('record store down');
    expect((await t.deps.wallet.of('sandbox').balance(t.accountId)).heldPaise).toBe(0);
    expect(existsSync(localResults(t.deps.results).dir(staged.jobId))).toBe(false);
  });

  it('keeps a job with a record however old, a folder holding more than an input file, one written to lately, and what is not a job folder', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: '27AAPFU0939F1ZV' }] });
    expect(created.statusCode).toBe(202);
    const owned = created.json().data.job_id as string;
    await age(owned, 3 * DAY_MS, ['input.jsonl']);

    // Result files and no record here: a job of another instance sharing this data folder (its
    // own Redis or key prefix), not an upload cut short.
    const foreign = await stage();
    await writeFile(localResults(t.deps.results).path(foreign.jobId, 'results.csv'), 'row\r\n');
    await age(foreign.jobId, 3 * DAY_MS, ['input.jsonl', 'results.csv']);

    // An old input file, but its next temporary written an hour ago: an upload still being read.
    const reading = await stage();
    const temporary = `input.jsonl.${process.pid}.${Date.now()}.tmp`;
    await writeFile(localResults(t.deps.results).path(reading.jobId, temporary), '');
    await age(reading.jobId, 3 * DAY_MS, ['input.jsonl']);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(localResults(t.deps.results).path(reading.jobId, temporary), hourAgo, hourAgo);

    const orphan = await stage();
    await writeFile(localResults(t.deps.results).path(orphan.jobId, `input.jsonl.${process.pid}.1.tmp`), '');
    await age(orphan.jobId, 2 * DAY_MS, ['input.jsonl', `input.jsonl.${process.pid}.1.tmp`]);

    const stranger = path.join(root, 'not-a-job');
    await mkdir(stranger, { recursive: true });
    await utimes(stranger, new Date(0), new Date(0));

    expect(await sweepOrphanFolders(deps())).toBe(1);
    expect(existsSync(localResults(t.deps.results).dir(orphan.jobId))).toBe(false);
    for (const kept of [owned, foreign.jobId, reading.jobId]) expect(existsSync(localResults(t.deps.results).dir(kept)), kept).toBe(true);
    expect(existsSync(stranger)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${owned}`, headers: { authorization: `Bearer ${t.sandboxKey}` } })).statusCode).toBe(200);
  });
});
