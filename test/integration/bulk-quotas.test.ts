import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredJobs } from '../../src/bulk/job-retention.js';
import { multipartUpload, waitForJob } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GSTIN = scenario('clean-company').identifiers.gstin;
const rows = (ref: string) => [{ gstin: GSTIN, ref }];
const CSV = `gstin,ref\n${GSTIN},csv-1\n`;

/** A fresh funded account of the test app: each test counts its own jobs. */
async function newAccount(t: TestApp): Promise<{ accountId: string; key: string }> {
  const created = await t.admin('POST', '/admin/v1/accounts', { name: 'Quota account', balance_inr: 100, sandbox_balance_inr: 100 });
  const body = created.json() as { account_id: string; sandbox_key: string };
  return { accountId: body.account_id, key: body.sandbox_key };
}

/**
 * `read()` once `done` holds of it (at most 10 s): a job's status reads final a round trip
 * before its quota entries are updated (BulkJobStore.finish, then the finalize's onFinished).
 */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

const upload = (t: TestApp, key: string, ref: string) => t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: rows(ref) }, key);

/** What a refused job must not have left: a hold, a queued chunk, a file, a job in the listing. */
async function footprint(t: TestApp, account: { accountId: string; key: string }) {
  const listed = await t.app.inject({ method: 'GET', url: '/v1/bulk/jobs', headers: { authorization: `Bearer ${account.key}` } });
  return {
    heldPaise: (await t.deps.wallet.of('sandbox').balance(account.accountId)).heldPaise,
    queuedChunks: Object.values(await t.deps.queues.verify.getJobCounts('waiting', 'delayed', 'prioritized', 'active')).reduce((a, b) => a + b, 0),
    jobFolders: (await t.deps.results.jobIds()).length,
    jobs: (listed.json().data.jobs as unknown[]).length,
  };
}

describe('the unfinished bulk jobs quota (BV_MAX_OPEN_JOBS_PER_ACCOUNT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers until a test starts them: jobs stay queued, unfinished.
    t = await createTestApp({ env: { BV_MAX_OPEN_JOBS_PER_ACCOUNT: '2', BV_MAX_RESULT_BYTES_PER_ACCOUNT: '0' } });
  });
  afterAll(() => t.close());

  it('refuses a job past the cap with 429 RATE_LIMITED naming the cap and its setting; nothing is held, queued or written', async () => {
    const account = await newAccount(t);
    for (const ref of ['a', 'b']) expect((await upload(t, account.key, ref)).statusCode).toBe(202);
    const before = await footprint(t, account);

    const refused = await upload(t, account.key, 'c');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', retryable: true });
    expect(refused.json().error.message).toMatch(/^2 unfinished bulk jobs is this account's cap \(BV_MAX_OPEN_JOBS_PER_ACCOUNT\), and it has 2 .*cancel one/);
    // A CSV upload is refused before its file is read, the same way.
    const csv = await t.app.inject(multipartUpload(account.key, { operation: 'gst.verify' }, { name: 'v.csv', csv: CSV }));
    expect(csv.statusCode, csv.body).toBe(429);
    expect(csv.json().error.code).toBe('RATE_LIMITED');
    expect(await footprint(t, account)).toEqual(before);

    // Another account is not held back by this one's jobs.
    expect((await upload(t, (await newAccount(t)).key, 'other')).statusCode).toBe(202);
  });

  it('admits exactly as many of many uploads sent at once as there are places', async () => {
    const account = await newAccount(t);
    const before = await footprint(t, account);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(t, account.key, `at-once-${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 202, 429, 429, 429, 429, 429, 429]);
    // The refused ones were read in (they passed the look before intake together) and left nothing.
    const reserved = answers.filter((a) => a.statusCode === 202).reduce((sum, a) => sum + Math.round((a.json().data.reserved_inr as number) * 100), 0);
    expect(await footprint(t, account)).toEqual({ ...before, heldPaise: reserved, queuedChunks: before.queuedChunks + 2, jobFolders: before.jobFolders + 2, jobs: 2 });
  });

  it('refuses a portfolio run past the cap the same way', async () => {
    const account = await newAccount(t);
    const created = await t.post('/v1/portfolios', { name: 'suppliers', operation: 'gst.verify', schedule: { every: 'monthly' }, rows: rows('p') }, account.key);
    expect(created.statusCode, created.body).toBe(201);
    for (const ref of ['a', 'b']) expect((await upload(t, account.key, ref)).statusCode).toBe(202);
    const run = await t.post(`/v1/portfolios/${created.json().data.portfolio_id}/run`, {}, account.key);
    expect(run.statusCode, run.body).toBe(429);
    expect(run.json().error.message).toMatch(/BV_MAX_OPEN_JOBS_PER_ACCOUNT/);
  });

  it('is not held back by what a crash left counted: an admitted job that never got its record', async () => {
    const account = await newAccount(t);
    // A process lost between admitting two jobs and recording them, ten minutes ago.
    const lostAtMs = Date.now() - 10 * 60_000;
    await t.deps.redis.zadd(t.deps.keys.accountOpenBulkJobs(account.accountId), lostAtMs, 'job_00000000000000000001', lostAtMs, 'job_00000000000000000002');
    expect((await upload(t, account.key, 'after-crash')).statusCode).toBe(202);
    expect((await t.deps.bulkJobs.quotas.usage(account.accountId)).openJobs).toBe(1);
  });

  it('frees a place when a job ends, cancelled or completed; a job being cancelled still counts until it has ended', async () => {
    const account = await newAccount(t);
    const ids: string[] = [];
    for (const ref of ['a', 'b']) ids.push((await upload(t, account.key, ref)).json().data.job_id as string);
    expect((await t.post(`/v1/bulk/jobs/${ids[0]}/cancel`, {}, account.key)).json().data.cancelling).toBe(true);
    expect((await upload(t, account.key, 'while-cancelling')).statusCode).toBe(429);

    t.deps.startWorkers({ verify: true, finalize: true, scheduler: false });
    expect((await waitForJob(t.app, account.key, ids[0]!)).status).toBe('cancelled');
    expect((await waitForJob(t.app, account.key, ids[1]!)).status).toBe('completed');
    expect((await settled(() => t.deps.bulkJobs.quotas.usage(account.accountId), (u) => u.openJobs === 0)).openJobs).toBe(0);
    for (const ref of ['c', 'd']) expect((await upload(t, account.key, ref)).statusCode).toBe(202);
    expect((await upload(t, account.key, 'e')).statusCode).toBe(429);
  });
});

describe('the stored result bytes quota (BV_MAX_RESULT_BYTES_PER_ACCOUNT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A 1-byte cap: the first job is taken (nothing is stored yet), and its input alone reaches it.
    t = await createTestApp({ env: { BV_MAX_RESULT_BYTES_PER_ACCOUNT: '1' } });
    t.deps.startWorkers({ verify: true, finalize: true, scheduler: false });
  });
  afterAll(() => t.close());

  it('takes the upload that crosses the cap, refuses the next with 429 naming its use, cap and setting, and counts the ended job by its files', async () => {
    const account = await newAccount(t);
    const first = await upload(t, account.key, 'a');
    expect(first.statusCode, first.body).toBe(202);
    const jobId = first.json().data.job_id as string;
    const usage = await t.deps.bulkJobs.quotas.usage(account.accountId);
    expect(usage.storedBytes).toBeGreaterThan(0);

    expect((await waitForJob(t.app, account.key, jobId)).status).toBe('completed');
    // Measured once it has ended: its input, chunk and result files.
    const files = await t.deps.results.storedBytes(jobId);
    expect(files).toBeGreaterThan(usage.storedBytes);
    expect((await settled(() => t.deps.bulkJobs.quotas.usage(account.accountId), (u) => u.storedBytes === files)).storedBytes).toBe(files);

    const before = await footprint(t, account);
    const refused = await upload(t, account.key, 'b');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toContain(`take ${files.toLocaleString('en-US')} bytes, at or over its cap of 1 bytes (BV_MAX_RESULT_BYTES_PER_ACCOUNT)`);
    const csv = await t.app.inject(multipartUpload(account.key, { operation: 'gst.verify' }, { name: 'v.csv', csv: CSV }));
    expect(csv.statusCode, csv.body).toBe(429);
    expect(await footprint(t, account)).toEqual(before);
  });

  it('gives the space back when retention removes the job', async () => {
    const account = await newAccount(t);
    const jobId = (await upload(t, account.key, 'a')).json().data.job_id as string;
    expect((await waitForJob(t.app, account.key, jobId)).status).toBe('completed');
    expect((await upload(t, account.key, 'b')).statusCode).toBe(429);
    // Its end fully recorded (open set left, files measured) before retention removes it.
    const files = await t.deps.results.storedBytes(jobId);
    await settled(() => t.deps.bulkJobs.quotas.usage(account.accountId), (u) => u.openJobs === 0 && u.storedBytes === files);

    // Past every retention: this account's job, and any other test's, is removed.
    await sweepExpiredJobs({ jobs: t.deps.bulkJobs, results: t.deps.results, portfolios: t.deps.portfolios, webhooks: t.deps.webhooks }, Date.now() + 400 * 86_400_000);
    expect(await t.deps.bulkJobs.quotas.usage(account.accountId)).toEqual({ openJobs: 0, storedBytes: 0 });
    expect((await upload(t, account.key, 'c')).statusCode).toBe(202);
  });
});
