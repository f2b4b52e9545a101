import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The job and portfolio listings: one environment's own, newest first, paged with a cursor.
 * Found by review: both read the newest 100 (jobs) or 200 (portfolios) of both environments
 * and filtered afterwards, so an account with 100 live jobs saw none of its sandbox ones, and
 * nothing older than the cap was reachable.
 */
describe('listings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, key: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  async function newJob(key: string): Promise<string> {
    // An invalid row: a job that holds and bills nothing.
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: 'bad' }] }, key);
    expect(created.statusCode, created.body).toBe(202);
    return created.json().data.job_id as string;
  }

  async function allPages(url: string, key: string, field: 'jobs' | 'portfolios', idField: 'job_id' | 'portfolio_id', limit: number): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${url}?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`, key);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as Record<string, unknown> & { next_cursor: string | null };
      pages.push((data[field] as Record<string, string>[]).map((item) => item[idField] as string));
      cursor = data.next_cursor;
    } while (cursor !== null);
    return pages;
  }

  it("pages an environment's own jobs, newest first, however many the other environment has", async () => {
    const sandbox = [await newJob(t.sandboxKey), await newJob(t.sandboxKey)];
    const live = [await newJob(t.liveKey), await newJob(t.liveKey), await newJob(t.liveKey)];
    expect(await allPages('/v1/bulk/jobs', t.sandboxKey, 'jobs', 'job_id', 1)).toEqual([[sandbox[1]], [sandbox[0]]]);
    expect(await allPages('/v1/bulk/jobs', t.liveKey, 'jobs', 'job_id', 2)).toEqual([[live[2], live[1]], [live[0]]]);
    // The default page holds them all, and says there is no next one.
    const whole = (await get('/v1/bulk/jobs', t.liveKey)).json().data;
    expect(whole.jobs).toHaveLength(3);
    expect(whole.next_cursor).toBeNull();
  });

  it('answers 400 naming the cursor when it names nothing listed, and checks limit', async () => {
    const stale = await get('/v1/bulk/jobs?cursor=job_0000000000', t.sandboxKey);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.details).toEqual([{ field: 'cursor', message: expect.stringMatching(/^names no job of this list any more/) }]);
    // Another environment's job is not a cursor of this list either.
    const liveJob = (await get('/v1/bulk/jobs?limit=1', t.liveKey)).json().data.jobs[0].job_id as string;
    expect((await get(`/v1/bulk/jobs?cursor=${liveJob}`, t.sandboxKey)).statusCode).toBe(400);
    const limit = await get('/v1/bulk/jobs?limit=101', t.sandboxKey);
    expect(limit.statusCode).toBe(400);
    expect(limit.json().error.details).toEqual([{ field: 'limit', message: 'must be an integer from 1 to 100' }]);
  });

  it('goes on from a cursor whose job has gone since, and pages equal creation times once each', async () => {
    const jobs = [await newJob(t.sandboxKey), await newJob(t.sandboxKey), await newJob(t.sandboxKey)];
    const first = (await get('/v1/bulk/jobs?limit=1', t.sandboxKey)).json().data;
    expect(first.jobs.map((job: { job_id: string }) => job.job_id)).toEqual([jobs[2]]);
    // The cursor's job expires (retention removes its record and its index entry).
    const { redis, keys } = t.deps;
    await redis.zrem(keys.accountBulkJobs(t.accountId, 'sandbox'), jobs[2] as string);
    await redis.del(keys.bulkJob(jobs[2] as string));
    const next = await get(`/v1/bulk/jobs?limit=1&cursor=${first.next_cursor}`, t.sandboxKey);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data.jobs.map((job: { job_id: string }) => job.job_id)).toEqual([jobs[1]]);

    // Jobs created in the same millisecond (made the oldest here): each is listed once, whatever the page size.
    const tied = [await newJob(t.sandboxKey), await newJob(t.sandboxKey), await newJob(t.sandboxKey)];
    for (const jobId of tied) await redis.zadd(keys.accountBulkJobs(t.accountId, 'sandbox'), 1, jobId);
    for (const limit of [1, 2]) {
      const ids = (await allPages('/v1/bulk/jobs', t.sandboxKey, 'jobs', 'job_id', limit)).flat();
      expect(ids.slice(-3)).toEqual([...tied].sort().reverse());
      expect(ids).toHaveLength(new Set(ids).size);
      expect(ids).toEqual(expect.arrayContaining([jobs[0], jobs[1]]));
    }
  });

  it('still lists jobs recorded in the one list of both environments an older version kept', async () => {
    const jobId = await newJob(t.sandboxKey);
    const { redis, keys } = t.deps;
    // As an older version left it: the id in the combined set only.
    const score = await redis.zscore(keys.accountBulkJobs(t.accountId, 'sandbox'), jobId);
    await redis.zrem(keys.accountBulkJobs(t.accountId, 'sandbox'), jobId);
    await redis.zadd(keys.legacyAccountBulkJobs(t.accountId), score as string, jobId);
    const listed = (await get('/v1/bulk/jobs?limit=1', t.sandboxKey)).json().data.jobs as { job_id: string }[];
    expect(listed.map((job) => job.job_id)).toEqual([jobId]);
    expect(await redis.exists(keys.legacyAccountBulkJobs(t.accountId))).toBe(0);
  });

  it("pages an environment's own portfolios the same way", async () => {
    const create = async (key: string, name: string) => {
      const res = await t.post('/v1/portfolios', { name, operation: 'gst.verify', schedule: { every: 'monthly' } }, key);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.portfolio_id as string;
    };
    const sandbox = [await create(t.sandboxKey, 'a'), await create(t.sandboxKey, 'b')];
    await create(t.liveKey, 'c');
    expect(await allPages('/v1/portfolios', t.sandboxKey, 'portfolios', 'portfolio_id', 1)).toEqual([[sandbox[1]], [sandbox[0]]]);
    expect((await allPages('/v1/portfolios', t.liveKey, 'portfolios', 'portfolio_id', 200)).flat()).toHaveLength(1);

    // A teammate deletes the portfolio the cursor names: the next page still follows.
    const older = await create(t.sandboxKey, 'd');
    const newest = await create(t.sandboxKey, 'e');
    const first = (await get('/v1/portfolios?limit=1', t.sandboxKey)).json().data;
    expect(first.portfolios[0].portfolio_id).toBe(newest);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/portfolios/${newest}`, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const next = (await get(`/v1/portfolios?limit=1&cursor=${first.next_cursor}`, t.sandboxKey)).json().data;
    expect(next.portfolios.map((p: { portfolio_id: string }) => p.portfolio_id)).toEqual([older]);
  });
});
