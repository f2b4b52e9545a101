import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRowsPage } from '../../src/bulk/result-rows.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { FAULT_TRIGGERS } from '../../src/sources/sandbox/faults.js';
import { multipartUpload, waitForJob, type JobStatus } from '../helpers/bulk-client.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const SAMPLE = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../samples/vendors-100.csv'), 'utf8');

type Row = Record<string, unknown> & { row: number; status: string };
type Status = JobStatus & { name: string; breakdown: Record<string, Record<string, number>> | null; retry_of: string | null; retried_by: string | null };

/** Result rows you can filter and page (GET /v1/bulk/jobs/{id}/results), the breakdown, and retrying what failed. */
describe('bulk job results: breakdown, filtered pages, retry of failed rows', () => {
  let t: TestApp;
  let sampleJob: Status;
  let sampleRows: Row[];
  beforeAll(async () => {
    // Workers start in the first test, once a job has been seen queued.
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: '10', BV_BULK_ROW_BACKOFF_MS: '10', BV_BULK_ROW_ATTEMPTS: '2' } });
  });
  afterAll(() => t.close());

  const get = async (url: string, key = t.sandboxKey) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
  const waitFinished = async (jobId: string) => (await waitForJob(t.app, t.sandboxKey, jobId)) as Status;
  /** Every row a filter gives, page after page, and how many pages it took. */
  async function allPages(jobId: string, query: string): Promise<{ rows: Row[]; pages: number }> {
    const rows: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await get(`/v1/bulk/jobs/${jobId}/results?${query}${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const data = answer.json().data as { rows: Row[]; next_cursor: string | null };
      rows.push(...data.rows);
      cursor = data.next_cursor;
      pages++;
    } while (cursor !== null);
    return { rows, pages };
  }

  it('answers a queued job\'s results and retry as not ready (409, Retry-After), then its rows once it has finished', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: scenario('clean-company').identifiers.gstin }] });
    const jobId = created.json().data.job_id as string;
    const rows = await get(`/v1/bulk/jobs/${jobId}/results`);
    expect(rows.statusCode).toBe(409);
    expect(rows.json().error.code).toBe('RESULTS_NOT_READY');
    expect(rows.headers['retry-after']).toBeDefined();
    const retry = await t.post(`/v1/bulk/jobs/${jobId}/retry`, {});
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('RUN_IN_PROGRESS');
    expect(retry.headers['retry-after']).toBeDefined();
    t.deps.startWorkers();
    expect((await waitFinished(jobId)).status).toBe('completed');
    expect((await get(`/v1/bulk/jobs/${jobId}/results`)).json().data.rows).toHaveLength(1);
  });

  it('counts samples/vendors-100.csv by outcome and GST status in the job status: its 16 cancelled and 6 suspended suppliers', async () => {
    const created = await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.verify' }, { name: 'vendors-100.csv', csv: SAMPLE }));
    expect(created.statusCode, created.body).toBe(202);
    sampleJob = await waitFinished(created.json().data.job_id as string);
    expect(sampleJob.status).toBe('completed');
    sampleRows = (await get(sampleJob.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as Row);
    expect(sampleJob.breakdown).toEqual({
      outcome: { ok: sampleJob.rows.ok, not_found: 1, failed: 0, invalid: 1, cancelled: 0, duplicate: 1 },
      status: { Active: expect.any(Number), Cancelled: 16, Suspended: 6 },
    });
    const outcome = sampleJob.breakdown!.outcome as Record<string, number>;
    expect(Object.values(outcome).reduce((a, b) => a + b, 0)).toBe(100);
    // Counted from the rows themselves: the duplicate carries its first row's record and duplicate_of.
    const byStatus = (value: string) => sampleRows.filter((r) => (r.data as { status?: string } | null)?.status === value).length;
    expect(sampleJob.breakdown!.status).toEqual({ Active: byStatus('Active'), Cancelled: byStatus('Cancelled'), Suspended: byStatus('Suspended') });
    expect(sampleRows.filter((r) => r.duplicate_of !== undefined)).toHaveLength(1);
    // Kept with the job: the listing shows it too.
    const listed = (await get('/v1/bulk/jobs?limit=100')).json().data.jobs as Status[];
    expect(listed.find((job) => job.job_id === sampleJob.job_id)?.breakdown).toEqual(sampleJob.breakdown);
  });

  it('pages the rows in input order, exactly as results.jsonl has them, each page read from its cursor\'s byte', async () => {
    const { rows, pages } = await allPages(sampleJob.job_id, 'limit=7');
    expect(pages).toBe(15);
    expect(rows).toEqual(sampleRows);
    expect((await get(`/v1/bulk/jobs/${sampleJob.job_id}/results`)).json().data.rows).toHaveLength(50);
  });

  it('filters by outcome, by the key field (any case), problems only and a search by identifier or name', async () => {
    const cancelled = await allPages(sampleJob.job_id, 'field=status&value=cancelled&limit=5');
    expect(cancelled.rows).toHaveLength(16);
    expect(cancelled.rows.every((r) => (r.data as { status: string }).status === 'Cancelled')).toBe(true);
    expect((await allPages(sampleJob.job_id, 'field=status&value=Suspended')).rows).toHaveLength(6);
    const duplicate = (await allPages(sampleJob.job_id, 'outcome=duplicate')).rows;
    expect(duplicate.map((r) => r.row)).toEqual(sampleRows.filter((r) => r.duplicate_of !== undefined).map((r) => r.row));
    expect((await allPages(sampleJob.job_id, 'outcome=invalid')).rows.map((r) => r.status)).toEqual(['invalid']);
    const activeOk = sampleRows.filter((r) => r.status === 'ok' && r.duplicate_of === undefined && (r.data as { status: string }).status === 'Active');
    expect((await allPages(sampleJob.job_id, 'outcome=ok&field=status&value=Active')).rows).toEqual(activeOk);
    // Problems: not ok, or not Active.
    const problems = (await allPages(sampleJob.job_id, 'problems=true')).rows;
    expect(problems.map((r) => r.row)).toEqual(sampleRows.filter((r) => r.status !== 'ok' || (r.data as { status: string }).status !== 'Active').map((r) => r.row));
    expect(problems.length).toBeGreaterThanOrEqual(24);
    // Search: a vendor name from the input, an identifier, and a legal name from the record.
    const vendor = sampleRows[41] as Row & { input: Record<string, string>; data: { legal_name: string } | null };
    expect((await allPages(sampleJob.job_id, `q=${encodeURIComponent(vendor.input.vendor_name_in_erp as string)}`)).rows.map((r) => r.row)).toContain(vendor.row);
    expect((await allPages(sampleJob.job_id, `q=${vendor.input.gstin?.toLowerCase()}`)).rows.map((r) => r.row)).toContain(vendor.row);
    const named = sampleRows.find((r) => (r.data as { legal_name?: string } | null)?.legal_name) as Row & { data: { legal_name: string } };
    expect((await allPages(sampleJob.job_id, `q=${encodeURIComponent(named.data.legal_name.toUpperCase())}`)).rows.map((r) => r.row)).toContain(named.row);
  });

  it('refuses a tampered cursor, another job\'s cursor, and a filter the operation does not have, naming the field', async () => {
    const first = (await get(`/v1/bulk/jobs/${sampleJob.job_id}/results?limit=3`)).json().data as { next_cursor: string };
    const [jobId, row, offset] = Buffer.from(first.next_cursor, 'base64url').toString().split('.') as [string, string, string];
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const refusals = {
      [forged(`${jobId}.${row}.${Number(offset) + 1}`)]: 'cursor',
      [forged(`${jobId}.${Number(row) + 1}.${offset}`)]: 'cursor',
      [forged(`${jobId}.${row}.99999999`)]: 'cursor',
      'not-a-cursor!': 'cursor',
      [forged(`job_0123456789abcdef0123.${row}.${offset}`)]: 'cursor',
    };
    for (const [cursor, field] of Object.entries(refusals)) {
      const answer = await get(`/v1/bulk/jobs/${sampleJob.job_id}/results?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.statusCode, cursor).toBe(400);
      expect(answer.json().error.details[0].field).toBe(field);
    }
    // The real one leads on.
    expect((await get(`/v1/bulk/jobs/${sampleJob.job_id}/results?limit=3&cursor=${first.next_cursor}`)).json().data.rows[0].row).toBe(4);
    for (const [query, field] of [['field=level&value=low', 'field'], ['field=status', 'value'], ['value=Active', 'field'], ['outcome=great', 'outcome'], ['limit=101', 'limit']]) {
      const answer = await get(`/v1/bulk/jobs/${sampleJob.job_id}/results?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error.details[0].field, query).toBe(field);
    }
  });

  it('reads at most its scan budget of lines per page: a rare match comes after short pages that lead on', async () => {
    const job = { jobId: sampleJob.job_id, operation: 'gst.verify' as const };
    const query = { limit: 50, outcome: 'invalid' as const };
    const lastRow = sampleRows.at(-1)!.row;
    let cursor: string | undefined;
    const seen: number[] = [];
    let pages = 0;
    do {
      const page = await resultRowsPage(t.deps.results, job, { ...query, cursor }, 10);
      seen.push(...page.rows.map((r) => r.row));
      expect(page.rows.length).toBeLessThanOrEqual(1);
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(Math.ceil(lastRow / 10));
    expect(seen).toEqual(sampleRows.filter((r) => r.status === 'invalid').map((r) => r.row));
  });

  it('retries the rows that failed as a new job, linked both ways, held and billed as any job; once only', async () => {
    const fault = FAULT_TRIGGERS.unavailable.gstin;
    const clean = scenario('clean-company').identifiers.gstin;
    const created = await t.post('/v1/bulk/jobs', {
      operation: 'gst.verify',
      name: 'with faults',
      rows: [{ gstin: clean, ref: 'a' }, { gstin: fault, ref: 'b' }, { gstin: 'bad', ref: 'c' }, { gstin: fault, ref: 'd' }],
    });
    const original = await waitFinished(created.json().data.job_id as string);
    expect(original.rows).toMatchObject({ ok: 1, failed: 1, invalid: 1, duplicates: 1 });
    expect((await get(`/v1/bulk/jobs/${original.job_id}/results?outcome=failed`)).json().data.rows.map((r: Row) => r.row)).toEqual([2]);

    const before = (await get('/v1/wallet')).json().data.balance_inr as number;
    const retried = await t.post(`/v1/bulk/jobs/${original.job_id}/retry`, {}, t.sandboxKey);
    expect(retried.statusCode, retried.body).toBe(202);
    const data = retried.json().data as { job_id: string; rows: Record<string, number>; reserved_inr: number; retry_of: string };
    // The failed row and its duplicate, one verification held.
    expect(data).toMatchObject({ rows: { total: 2, valid: 2, invalid: 0, duplicates: 1 }, reserved_inr: 0.75, retry_of: original.job_id });
    const retry = await waitFinished(data.job_id);
    expect(retry).toMatchObject({ status: 'completed', retry_of: original.job_id, retried_by: null });
    expect((await get(`/v1/bulk/jobs/${original.job_id}`)).json().data.retried_by).toBe(data.job_id);
    // Row numbers and inputs of the original file.
    const rows = (await allPages(data.job_id, '')).rows;
    expect(rows.map((r) => [r.row, r.status, (r.input as { ref: string }).ref, r.duplicate_of])).toEqual([
      [2, 'failed', 'b', undefined],
      [4, 'failed', 'd', 2],
    ]);
    // Still failing (the trigger always answers 503): nothing charged, the hold released.
    expect(retry.charged_inr).toBe(0);
    expect(retry.released_inr).toBe(0.75);
    expect((await get('/v1/wallet')).json().data.balance_inr).toBe(before);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);

    const again = await t.post(`/v1/bulk/jobs/${original.job_id}/retry`, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toContain(data.job_id);
    // The retry's own failed rows can be retried in turn, the new job's name counting retries.
    expect(retry.name).toBe('with faults (retry of failed rows)');
    const second = await t.post(`/v1/bulk/jobs/${data.job_id}/retry`, {});
    expect(second.statusCode).toBe(202);
    expect((await get(`/v1/bulk/jobs/${second.json().data.job_id as string}`)).json().data.name).toBe('with faults (retry 2 of failed rows)');
    const nothingFailed = await t.post(`/v1/bulk/jobs/${sampleJob.job_id}/retry`, {});
    expect(nothingFailed.statusCode).toBe(400);
    expect(nothingFailed.json().error.message).toContain('no failed rows');
    // The sample's not_found and invalid rows are answers: the refusal says why they are not retried.
    expect(nothingFailed.json().error.message).toContain('not_found and invalid rows');
    // Another environment's key sees no such job.
    expect((await t.post(`/v1/bulk/jobs/${original.job_id}/retry`, {}, t.liveKey)).statusCode).toBe(404);
  });

  it('takes one of two retries sent at once: the failed rows are retried (and billed) once', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: FAULT_TRIGGERS.unavailable.gstin }, { gstin: scenario('clean-company').identifiers.gstin }] });
    const original = await waitFinished(created.json().data.job_id as string);
    expect(original.rows.failed).toBe(1);
    const jobsBefore = ((await get('/v1/bulk/jobs?limit=100')).json().data.jobs as unknown[]).length;
    const answers = await Promise.all([t.post(`/v1/bulk/jobs/${original.job_id}/retry`, {}), t.post(`/v1/bulk/jobs/${original.job_id}/retry`, {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 400]);
    const winner = answers.find((a) => a.statusCode === 202)!.json().data.job_id as string;
    expect((await get(`/v1/bulk/jobs/${original.job_id}`)).json().data.retried_by).toBe(winner);
    // The loser left no job (and so no hold) behind.
    expect(((await get('/v1/bulk/jobs?limit=100')).json().data.jobs as unknown[]).length).toBe(jobsBefore + 1);
    await waitFinished(winner);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });

  it('gives the same answer to a retry repeated under its Idempotency-Key, creating one job', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: FAULT_TRIGGERS.timeout.gstin }] });
    const original = await waitFinished(created.json().data.job_id as string);
    expect(original.rows.failed).toBe(1);
    const send = () =>
      t.app.inject({ method: 'POST', url: `/v1/bulk/jobs/${original.job_id}/retry`, headers: { authorization: `Bearer ${t.sandboxKey}`, 'idempotency-key': 'retry-once', 'content-type': 'application/json' }, payload: '{}' });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json().data.job_id).toBe(first.json().data.job_id);
  });
});
