import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageBulkJob } from '../../src/api/bulk/create-job.js';
import { readJsonRows } from '../../src/api/bulk/json-intake.js';
import { ORPHAN_FOLDER_AGE_MS, sweepOrphanFolders } from '../../src/store/job-retention.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;

describe('job folders no job owns', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    root = path.dirname(t.deps.results.dir('job_00000000000000000000'));
  });
  afterAll(() => t.close());

  const deps = () => ({ jobs: t.deps.bulkJobs, results: t.deps.results });
  /** Sets the folder and everything in it as last written `agoMs` before now. */
  async function age(jobId: string, agoMs: number, names: string[]): Promise<void> {
    const at = new Date(Date.now() - agoMs);
    for (const name of names) await utimes(t.deps.results.path(jobId, name), at, at);
    await utimes(t.deps.results.dir(jobId), at, at);
  }
  const stage = () => stageBulkJob('gst.verify', readJsonRows('gst.verify', [{ gstin: '27AAPFU0939F1ZV' }]), { results: t.deps.results, chunkRows: 100 });

  it('removes an upload staged and never committed once a day has passed with nothing written, and only then', async () => {
    const staged = await stage();
    expect(existsSync(t.deps.results.path(staged.jobId, 'input.jsonl'))).toBe(true);
    expect(await sweepOrphanFolders(deps())).toBe(0);
    expect(await sweepOrphanFolders(deps(), Date.now() + ORPHAN_FOLDER_AGE_MS - 60_000)).toBe(0);
    expect(existsSync(t.deps.results.dir(staged.jobId))).toBe(true);
    expect(await sweepOrphanFolders(deps(), Date.now() + ORPHAN_FOLDER_AGE_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(existsSync(t.deps.results.dir(staged.jobId))).toBe(false);
  });

  it('keeps a job that has a record however old its files, a folder with anything recent in it, and what is not a job folder', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: '27AAPFU0939F1ZV' }] });
    expect(created.statusCode).toBe(202);
    const owned = created.json().data.job_id as string;
    await age(owned, 3 * DAY_MS, ['input.jsonl']);

    // Old folder and input, but a chunk file written an hour ago: a job still being read in.
    const busy = await stage();
    await mkdir(t.deps.results.path(busy.jobId, 'chunks'), { recursive: true });
    await writeFile(t.deps.results.path(busy.jobId, 'chunks/000000.jsonl'), '');
    await age(busy.jobId, 3 * DAY_MS, ['input.jsonl']);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(t.deps.results.path(busy.jobId, 'chunks/000000.jsonl'), hourAgo, hourAgo);

    const orphan = await stage();
    await age(orphan.jobId, 2 * DAY_MS, ['input.jsonl']);

    await mkdir(path.join(root, 'not-a-job'), { recursive: true });
    const stranger = path.join(root, 'not-a-job');
    await utimes(stranger, new Date(0), new Date(0));

    expect(await sweepOrphanFolders(deps())).toBe(1);
    expect(existsSync(t.deps.results.dir(orphan.jobId))).toBe(false);
    expect(existsSync(t.deps.results.dir(owned))).toBe(true);
    expect(existsSync(t.deps.results.dir(busy.jobId))).toBe(true);
    expect(existsSync(stranger)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/v1/bulk/jobs/${owned}`, headers: { authorization: `Bearer ${t.sandboxKey}` } })).statusCode).toBe(200);
  });
});
